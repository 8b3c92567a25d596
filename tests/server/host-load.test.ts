/**
 * server/host-load.ts: the share of the host's cores other processes keep busy, which decides
 * whether the document fetcher works through a backlog at full speed or at its pace.
 */
import { spawn } from "node:child_process";
import { cpuSample, othersCores } from "../../server/host-load.js";

describe("othersCores", () => {
  const sample = (busyMs: number, totalMs: number, ownMs: number) => ({ busyMs, totalMs, ownMs });

  it("counts the host's busy time less this process's own, in cores", () => {
    // Two cores over one second (2,000 ms of CPU time): 1,500 ms busy, 300 of them this process's.
    expect(othersCores(sample(0, 0, 0), sample(1500, 2000, 300), 2)).toBeCloseTo(1.2);
  });

  it("is 0 when no time passed, and never negative (this process's own time counted apart)", () => {
    expect(othersCores(sample(10, 100, 5), sample(10, 100, 5), 2)).toBe(0);
    expect(othersCores(sample(0, 0, 0), sample(100, 2000, 150), 2)).toBe(0);
  });

  it("sees another process that keeps a core busy", async () => {
    const burner = spawn(process.execPath, ["-e", "const end = Date.now() + 30_000; while (Date.now() < end);"], { stdio: "ignore" });
    try {
      // However loaded the machine, a process spinning on a core for a second shows as most of a core.
      const before = cpuSample();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(othersCores(before, cpuSample())).toBeGreaterThan(0.5);
    } finally {
      burner.kill("SIGKILL");
    }
  });
});
