/**
 * Vitest globalSetup: no process a test run starts outlives it (scripts/lib/child-register.ts).
 *
 * The run gets a register directory; every child started through killWithParent (anvil, alto,
 * the indexer, app servers, the notifier, the fetcher, IPFS nodes) and every embedded PostgreSQL
 * is noted there. After each test file, what that file left running is killed
 * (./children-per-file.ts); at the end of the run, and as the run's process exits (also on Ctrl-C,
 * where vitest exits at once and no teardown runs), whatever is left. The teardown then checks
 * that nothing registered is running and says so in one line, or fails the run.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { REGISTER_VARIABLE, runningChildren, sweepChildren, type Entry } from "../../scripts/lib/child-register.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's register of child processes. */
    childRegister: string;
  }
}

/** What a worker is registered as (./children-per-file.ts). */
export const WORKER = "vitest worker";

/** Where the per-file sweeps note what they killed: a file beside the register. */
export const sweptLog = (register: string) => `${register}.swept`;

export default function setup(project: TestProject): () => void {
  const register = mkdtempSync(join(tmpdir(), "party-children-"));
  process.env[REGISTER_VARIABLE] = register;
  project.provide("childRegister", register);
  const sweepAll = () => {
    sweepChildren(register);
    rmSync(register, { recursive: true, force: true });
    rmSync(sweptLog(register), { force: true });
  };
  // First in line: vitest's own listeners call process.exit(), and a process.exit() inside an
  // `exit` listener ends the process before the listeners after it run.
  process.prependOnceListener("exit", sweepAll);
  // Ctrl-C: vitest's reporter exits at once (no teardown); without a listener of its own the
  // signal would end the process with no `exit` event. Once swept, the signal's default ends it.
  const onSignal = (signal: NodeJS.Signals) => {
    sweepAll();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.prependOnceListener("SIGINT", onSignal);
  process.prependOnceListener("SIGTERM", onSignal);

  return () => {
    // The workers are vitest's to end (its pool may still hold them here); the `exit` sweep gets any it left.
    const worker = (entry: Entry) => entry.what === WORKER;
    const atEnd = sweepChildren(register, { except: worker });
    // SIGKILL is not refused, but the kernel takes a moment to reap.
    const deadline = Date.now() + 5000;
    let left = runningChildren(register, worker);
    while (left.length && Date.now() < deadline) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      left = runningChildren(register, worker);
    }
    let afterFiles: string[] = [];
    try {
      afterFiles = readFileSync(sweptLog(register), "utf8").trim().split("\n").filter(Boolean);
    } catch {
      // No file left anything.
    }
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (left.length) throw new Error(`still running after the test run: ${left.map((e) => `${e.what} (pid ${e.pid})`).join(", ")}`);
    const told = [...afterFiles, ...atEnd.map((e) => `${e.what}: at the end of the run`)];
    console.log(
      told.length
        ? `tests/setup/children.ts: ${told.length} processes outlived what started them and were killed:\n  ${told.join("\n  ")}\nnothing is left running`
        : "tests/setup/children.ts: every process the tests started was stopped by them; nothing is left running",
    );
  };
}

/** Notes what a file's sweep killed, for the run's last line. */
export function noteSwept(register: string, lines: string[]): void {
  if (lines.length) appendFileSync(sweptLog(register), `${lines.join("\n")}\n`);
}
