/**
 * `npm run notifier` as a child process (scripts/notifier.ts), for `npm run dev`, the tests and
 * bench:notify: started with exactly the environment given (plus PATH and HOME), its output kept.
 *
 *   const notifier = startNotifierProcess({ env: { DATABASE_URL, TELEGRAM_API_URL, ... } });
 *   await notifier.ready();  …  await notifier.kill();   // SIGKILL, as a crash
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "./paths.js";
import { keepOutput, killWithParent, stopProcess } from "./processes.js";

export const NOTIFIER_ENTRY = join(ROOT, "scripts", "notifier.ts");

/** The line the notifier prints once its follower and sender run. */
const READY = /notifier: following the activity of/;

export type NotifierProcess = {
  process: ChildProcess;
  /** Everything it printed (stdout and stderr), up to its last 1 MB. */
  output(): string;
  /** Resolves when it runs; throws with its output if it exits first or takes longer than `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Its exit code once it has exited (null after a signal). */
  exited: Promise<number | null>;
  /** SIGKILL: no clean-up of any kind. */
  kill(): Promise<void>;
  /** SIGTERM: the sends in hand finish first. */
  stop(): Promise<void>;
};

export function startNotifierProcess({ env, onOutput }: { env: Record<string, string>; onOutput?: (text: string) => void }): NotifierProcess {
  const child = spawn(process.execPath, ["--import", "tsx", NOTIFIER_ENTRY], {
    cwd: ROOT,
    // Production's NODE_ENV unless the caller says otherwise: the notifier has no development mode.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child, 1 << 20, onOutput);
  killWithParent(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  return {
    process: child,
    output,
    exited,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!READY.test(output())) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the notifier exited (${child.exitCode ?? child.signalCode}):\n${output().slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`the notifier did not start within ${timeoutMs} ms:\n${output().slice(-4000)}`);
        await sleep(50);
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    stop: () => stopProcess(child, 30_000),
  };
}
