/**
 * Bounds the page renders that run at once: at most `perClient` for one client and `total` for
 * everyone. A render past either bound waits in its client's own queue, and a freed slot goes to
 * the clients in turn (round robin), so a client flooding the server with distinct URLs — every
 * one a cache miss — queues behind itself, not in front of everyone else. A client whose queue is
 * full is refused at once (the server answers 503 with Retry-After).
 *
 * Why: a page served from the cache costs a map lookup, a miss ~2 ms of CPU (React and Remix):
 * an unbounded number of concurrent misses from one client would make every client's misses wait.
 */

export type RenderGateOptions = {
  /** Renders one client may have running at once. */
  perClient: number;
  /** Renders running at once over all clients. */
  total: number;
  /** Renders one client may have waiting; past it `run` rejects with RenderQueueFull. */
  maxQueued: number;
};

export class RenderQueueFull extends Error {
  constructor(readonly client: string) {
    super("Too many pages requested at once from this address");
  }
}

type Client = { running: number; queue: Array<() => void> };

export class RenderGate {
  readonly #options: RenderGateOptions;
  readonly #clients = new Map<string, Client>();
  /** Clients with work waiting, in the order they get their next turn. */
  readonly #turns: string[] = [];
  #running = 0;

  constructor(options: RenderGateOptions) {
    this.#options = options;
  }

  stats() {
    let queued = 0;
    for (const client of this.#clients.values()) queued += client.queue.length;
    return { running: this.#running, queued, clients: this.#clients.size };
  }

  /** Runs `render` when `client` has a slot; rejects with RenderQueueFull when its queue is full. */
  async run<T>(client: string, render: () => Promise<T>): Promise<T> {
    await this.#acquire(client);
    try {
      return await render();
    } finally {
      this.#release(client);
    }
  }

  #acquire(key: string): Promise<void> {
    let client = this.#clients.get(key);
    if (!client) this.#clients.set(key, (client = { running: 0, queue: [] }));
    if (client.queue.length === 0 && this.#canStart(client)) {
      this.#start(client);
      return Promise.resolve();
    }
    if (client.queue.length >= this.#options.maxQueued) {
      this.#forget(key, client);
      return Promise.reject(new RenderQueueFull(key));
    }
    return new Promise((resolve) => {
      client.queue.push(resolve);
      if (client.queue.length === 1) this.#turns.push(key);
    });
  }

  #release(key: string) {
    const client = this.#clients.get(key)!;
    client.running--;
    this.#running--;
    this.#forget(key, client);
    this.#dispatch();
  }

  /** Starts waiting renders while there are free slots, one client at a time in turn. */
  #dispatch() {
    for (let looked = 0; looked < this.#turns.length && this.#running < this.#options.total; ) {
      const key = this.#turns.shift()!;
      const client = this.#clients.get(key)!;
      if (!this.#canStart(client)) {
        this.#turns.push(key);
        looked++;
        continue;
      }
      looked = 0;
      this.#start(client);
      client.queue.shift()!();
      if (client.queue.length > 0) this.#turns.push(key);
    }
  }

  #canStart(client: Client) {
    return client.running < this.#options.perClient && this.#running < this.#options.total;
  }

  #start(client: Client) {
    client.running++;
    this.#running++;
  }

  #forget(key: string, client: Client) {
    if (client.running === 0 && client.queue.length === 0) this.#clients.delete(key);
  }
}
