/**
 * server/render-gate.ts on its own: how many renders run at once, who goes next, when a client
 * is refused, and how many a client starts a second. Renders are promises the test settles by
 * hand, and the rate's clock is a fake one, so nothing depends on time.
 */
import { RenderGate, RenderQueueFull } from "../../server/render-gate.js";

function setup(options = { perClient: 2, total: 3, maxQueued: 3 }) {
  const gate = new RenderGate(options);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const run = (client: string, name: string) =>
    gate.run(client, () => {
      started.push(name);
      return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
    });
  const settle = async (name: string) => {
    finish.get(name)!();
    // Let the release and the next start run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { gate, started, run, settle };
}

it("runs at most perClient for a client and total overall; the rest wait their turn", async () => {
  const { gate, started, run, settle } = setup();
  const a = [run("a", "a1"), run("a", "a2"), run("a", "a3"), run("a", "a4")];
  const b = [run("b", "b1"), run("b", "b2")];
  await Promise.resolve();
  expect(started).toEqual(["a1", "a2", "b1"]);
  expect(gate.stats()).toEqual({ running: 3, queued: 3, clients: 2 });

  // a's slot frees: a is at its own bound again, so the waiting turn goes round: a3 (a is below perClient).
  await settle("a1");
  expect(started).toEqual(["a1", "a2", "b1", "a3"]);
  // b1 frees a slot: b2 is b's next, not a4.
  await settle("b1");
  expect(started.at(-1)).toBe("b2");
  for (const name of ["a2", "a3", "b2"]) await settle(name);
  expect(started.at(-1)).toBe("a4");
  await settle("a4");
  expect(await Promise.all([...a, ...b])).toEqual(["a1", "a2", "a3", "a4", "b1", "b2"]);
  expect(gate.stats()).toEqual({ running: 0, queued: 0, clients: 0 });
});

it("a newcomer is not stuck behind another client's queue", async () => {
  const { started, run, settle } = setup({ perClient: 1, total: 2, maxQueued: 10 });
  for (let i = 1; i <= 5; i++) void run("flood", `f${i}`);
  void run("other", "o1");
  await Promise.resolve();
  expect(started).toEqual(["f1", "o1"]);
  await settle("o1");
  void run("other", "o2");
  await Promise.resolve();
  // The flood may use the free slot only up to its own bound: o2 starts as soon as there is room.
  expect(started).toEqual(["f1", "o1", "o2"]);
  await settle("f1");
  expect(started.at(-1)).toBe("f2");
});

it("refuses a client whose queue is full, and only that client", async () => {
  const { run } = setup({ perClient: 1, total: 1, maxQueued: 2 });
  void run("a", "a1");
  void run("a", "a2");
  void run("a", "a3");
  await expect(run("a", "a4")).rejects.toBeInstanceOf(RenderQueueFull);
  const b = run("b", "b1");
  expect(b).toBeInstanceOf(Promise);
});

it("a render that throws frees its slot", async () => {
  const gate = new RenderGate({ perClient: 1, total: 1, maxQueued: 1 });
  await expect(gate.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  expect(await gate.run("a", () => Promise.resolve("next"))).toBe("next");
  expect(gate.stats().running).toBe(0);
});

describe("a client's rate (perSecond, burst)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Renders that finish at once; the order they started in. */
  function rated() {
    const gate = new RenderGate({ perClient: 2, total: 8, maxQueued: 20, perSecond: 10, burst: 3 });
    const started: string[] = [];
    const run = (client: string, name: string) => gate.run(client, async () => void started.push(name));
    return { gate, started, run };
  }

  it("starts a burst at once, then one every 1/perSecond s; another client is not held up", async () => {
    const { gate, started, run } = rated();
    const a = Array.from({ length: 6 }, (_, i) => run("a", `a${i + 1}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(["a1", "a2", "a3"]);
    await run("b", "b1");
    expect(started).toEqual(["a1", "a2", "a3", "b1"]);
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.at(-1)).toBe("a4");
    await vi.advanceTimersByTimeAsync(200);
    expect(started.slice(4)).toEqual(["a4", "a5", "a6"]);
    await Promise.all(a);
    expect(gate.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("a token that comes between a dispatch and the next wake-up still starts the waiting render (issue #26)", async () => {
    // The clock moves on between any two reads, as on a loaded event loop (and a timer may fire a
    // little before the clock says it is due): a token that came after the dispatch had looked and
    // before the wake-up did woke no one, and the client's queue waited for its next request.
    let clock = 0;
    const gate = new RenderGate({ perClient: 2, total: 8, maxQueued: 20, perSecond: 10, burst: 1, now: () => ++clock });
    const started: string[] = [];
    const all = Array.from({ length: 4 }, (_, i) => gate.run("a", async () => void started.push(`a${i + 1}`)));
    for (let i = 0; i < 1000 && started.length < 4; i++) await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual(["a1", "a2", "a3", "a4"]);
    await Promise.all(all);
  });

  it("remembers an idle client until its burst has grown back: pausing wins no new burst", async () => {
    const { gate, started, run } = rated();
    await Promise.all([1, 2, 3].map((i) => run("a", `a${i}`)));
    expect(gate.stats().clients).toBe(1);
    void run("a", "a4");
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveLength(4);
    // 300 ms later its bucket is full again: a sweep forgets it, and it has its burst.
    await vi.advanceTimersByTimeAsync(1_000);
    await run("b", "b1");
    expect(gate.stats().clients).toBe(1);
    void Promise.all([5, 6, 7].map((i) => run("a", `a${i}`)));
    await vi.advanceTimersByTimeAsync(0);
    expect(started.slice(5)).toEqual(["a5", "a6", "a7"]);
  });
});
