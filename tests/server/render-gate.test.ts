/**
 * server/render-gate.ts on its own: how many renders run at once, who goes next, and when a client
 * is refused. Renders are promises the test settles by hand, so nothing depends on time.
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
