/**
 * No process a test run starts outlives it (tests/setup/children.ts): an inner vitest run over a
 * fixture file that starts a process and leaves it running, ended three ways.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "../../scripts/lib/paths.js";
import { killWithParent } from "../../scripts/lib/processes.js";

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "children-test-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The inner run; `pids` once the fixture wrote them. */
function innerRun(env: Record<string, string> = {}) {
  const pidFile = join(dir, "pids");
  const vitest = spawn(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--config", "tests/fixtures/children/vitest.config.ts"], {
    cwd: ROOT,
    env: { ...process.env, FIXTURE_PID_FILE: pidFile, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  killWithParent(vitest);
  let output = "";
  vitest.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  vitest.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => vitest.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : null))));
  const pids = async () => {
    const deadline = Date.now() + 60_000;
    while (!existsSync(pidFile) || readFileSync(pidFile, "utf8").split(" ").length < 2) {
      if (Date.now() > deadline) throw new Error(`the fixture never ran:\n${output}`);
      await sleep(50);
    }
    const [child, worker] = readFileSync(pidFile, "utf8").split(" ").map(Number) as [number, number];
    return { child, worker };
  };
  return { vitest, exited, pids, output: () => output };
}

/** Waits until none of `pids` runs; the ones still running after 10 s. */
async function gone(pids: number[]): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  return pids.filter(alive);
}

it("a process a test file leaves running is killed after the file, and the run says so", async () => {
  const run = innerRun();
  const { child } = await run.pids();
  expect(await run.exited).toBe(0);
  expect(await gone([child])).toEqual([]);
  expect(run.output()).toMatch(/sleep 600 \(pid \d+\): after tests\/fixtures\/children\/leave\.fixture\.ts/);
  expect(run.output()).toContain("nothing is left running");
});

it("a worker ended with SIGTERM (as vitest ends one after a hook timeout) leaves nothing behind", async () => {
  const run = innerRun({ FIXTURE_HANG: "1" });
  const { child, worker } = await run.pids();
  process.kill(worker, "SIGTERM");
  // The worker's own sweep kills its process at once; vitest then gives up on the lost worker.
  expect(await gone([child, worker])).toEqual([]);
  expect(await run.exited).not.toBe(0);
});

it("Ctrl-C to the run (SIGINT to vitest alone, which exits at once) leaves no process behind", async () => {
  const run = innerRun({ FIXTURE_HANG: "1" });
  const { child, worker } = await run.pids();
  run.vitest.kill("SIGINT");
  await run.exited;
  expect(await gone([child, worker])).toEqual([]);
});
