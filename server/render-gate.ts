/**
 * Bounds the page renders that run at once: at most `perClient` for one client and `total` for
 * everyone. A render past either bound waits in its client's own queue, and a freed slot goes to
 * the clients in turn (round robin), so a client flooding the server with distinct URLs — every
 * one a cache miss — queues behind itself, not in front of everyone else. A client whose queue is
 * full is refused at once (the server answers 503 with Retry-After).
 *
 * Why: a page served from the cache costs a map lookup, a miss ~2 ms of CPU (React and Remix):
 * an unbounded number of concurrent misses from one client would make every client's misses wait.
 *
 * With `perSecond`, a client also starts at most that many renders a second once it has used a
 * `burst` of them (a token bucket). Bounding what runs at once is not enough: renders run on the
 * one event loop, each a few milliseconds without a break, and a client that always has two
 * running keeps it busy all the time, so everyone's cached pages wait behind its renders. The rate
 * leaves the loop mostly free for them, however long a flood goes on; a person (a page, its data,
 * the wallet's polls) stays far inside it.
 */

export type RenderGateOptions = {
  /** Renders one client may have running at once. */
  perClient: number;
  /** Renders running at once over all clients. */
  total: number;
  /** Renders one client may have waiting; past it `run` rejects with RenderQueueFull. */
  maxQueued: number;
  /** Renders one client may start a second, sustained; no bound when unset. */
  perSecond?: number;
  /** Renders one client may start beyond that rate after a quiet spell; `perSecond` when unset. */
  burst?: number;
  /** The clock (ms). */
  now?: () => number;
};

export class RenderQueueFull extends Error {
  constructor(readonly client: string) {
    super("Too many pages requested at once from this address");
  }
}

/** `tokens`: renders it may start now (fractions accrue), as of `at`. */
type Client = { running: number; queue: Array<() => void>; tokens: number; at: number };

export class RenderGate {
  readonly #options: RenderGateOptions;
  readonly #clients = new Map<string, Client>();
  /** Clients with work waiting, in the order they get their next turn. */
  readonly #turns: string[] = [];
  #running = 0;
  readonly #perMs: number;
  readonly #burst: number;
  readonly #now: () => number;
  /** A dispatch waiting for a client's next token, when one is set. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSweep = 0;

  constructor(options: RenderGateOptions) {
    this.#options = options;
    this.#perMs = (options.perSecond ?? Infinity) / 1000;
    this.#burst = options.perSecond === undefined ? Infinity : (options.burst ?? options.perSecond);
    this.#now = options.now ?? Date.now;
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
    this.#sweep();
    let client = this.#clients.get(key);
    if (!client) this.#clients.set(key, (client = { running: 0, queue: [], tokens: this.#burst, at: this.#now() }));
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
      // Waiting for nothing but a token, nothing else would wake it.
      if (client.running === 0) this.#wakeForTokens();
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
    this.#wakeForTokens();
  }

  /** With slots free and clients waiting only for a token, dispatches again when the first one has it. */
  #wakeForTokens() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#burst === Infinity || this.#running >= this.#options.total) return;
    let wait = Infinity;
    for (const key of this.#turns) {
      const client = this.#clients.get(key)!;
      // A token may have come since the dispatch that could not start it (the clock moved on, or
      // a timer fired a little early): then at once, or no one would wake it.
      const tokens = this.#refill(client);
      if (client.running < this.#options.perClient) wait = Math.min(wait, Math.max(0, (1 - tokens) / this.#perMs));
    }
    if (wait < Infinity) this.#timer = setTimeout(() => this.#dispatch(), Math.max(1, Math.ceil(wait))).unref();
  }

  /** The client's tokens now. */
  #refill(client: Client): number {
    if (this.#burst === Infinity) return Infinity;
    const now = this.#now();
    client.tokens = Math.min(this.#burst, client.tokens + (now - client.at) * this.#perMs);
    client.at = now;
    return client.tokens;
  }

  #canStart(client: Client) {
    return client.running < this.#options.perClient && this.#running < this.#options.total && this.#refill(client) >= 1;
  }

  #start(client: Client) {
    client.running++;
    this.#running++;
    client.tokens--;
  }

  /** Forgets an idle client once its bucket is full again: forgetting it sooner would hand it a new burst. */
  #forget(key: string, client: Client) {
    if (client.running === 0 && client.queue.length === 0 && this.#refill(client) >= this.#burst) this.#clients.delete(key);
  }

  /** Forgets, at most once a second, the idle clients whose buckets have filled since. */
  #sweep() {
    if (this.#burst === Infinity) return;
    const now = this.#now();
    if (now - this.#lastSweep < 1_000) return;
    this.#lastSweep = now;
    for (const [key, client] of this.#clients) this.#forget(key, client);
  }
}
