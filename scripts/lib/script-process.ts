/**
 * One of the product's own long-running scripts (`npm run notifier`, `npm run documents`) as a child
 * process, for `npm run dev`, the tests and the benches: started with exactly the environment given
 * (plus PATH and HOME, and PARTY_ENV=local unless it is given), its output kept, killed with its parent.
 *
 *   const child = startScriptProcess({ entry, ready: /line it prints once it runs/, env: { DATABASE_URL, ... } });
 *   await child.ready();  …  await child.kill();   // SIGKILL, as a crash
 */
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "./paths.js";
import { keepOutput, killWithParent, stopProcess } from "./processes.js";

export type ScriptProcess = {
  process: ChildProcess;
  /** Everything it printed (stdout and stderr), up to its last 1 MB. */
  output(): string;
  /** Resolves when it runs; throws with its output if it exits first or takes longer than `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Its exit code once it has exited (null after a signal). */
  exited: Promise<number | null>;
  /** SIGKILL: no clean-up of any kind. */
  kill(): Promise<void>;
  /** SIGTERM: the work in hand finishes first. */
  stop(): Promise<void>;
};

export type ScriptProcessParameters = {
  /** The script's path. */
  entry: string;
  /** What it prints once it runs. */
  ready: RegExp;
  env: Record<string, string>;
  onOutput?: (text: string) => void;
};

export function startScriptProcess({ entry, ready, env, onOutput }: ScriptProcessParameters): ScriptProcess {
  const name = entry.split("/").pop()!.replace(/\.ts$/, "");
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: ROOT,
    // Production's NODE_ENV unless the caller says otherwise: these scripts have no development mode.
    // That makes PARTY_ENV required (app/ground/env.server.ts): the local chain's unless the caller says otherwise.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", PARTY_ENV: "local", ...env },
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
      while (!ready.test(output())) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the ${name} exited (${child.exitCode ?? child.signalCode}):\n${output().slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`the ${name} did not start within ${timeoutMs} ms:\n${output().slice(-4000)}`);
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
