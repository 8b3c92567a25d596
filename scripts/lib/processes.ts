/**
 * What every child process the scripts start needs (anvil, alto, the indexer, the app server):
 * dying with its parent, stopping gently and then for sure, and keeping its recent output.
 */
import type { ChildProcess } from "node:child_process";
import { registerChild } from "./child-register.js";

/**
 * Never outlive the process that started it (a test worker or script that exits early). In a test
 * run it is also registered (./child-register.ts), for a parent killed by a signal.
 */
export function killWithParent(child: ChildProcess): void {
  const named = child.spawnargs.filter((arg) => !arg.startsWith("-") && arg !== "tsx").map((arg) => arg.split("/").pop());
  registerChild(child.pid, named.slice(0, 3).join(" "));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.removeListener("exit", killOnExit));
}

/** SIGTERM (anvil dumps its state on it), then SIGKILL after a grace period. */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Reads the child's stdout and stderr as they come (so it never blocks on a full pipe), hands each
 * chunk to `onText`, and returns what it printed last: at most `maxChars` characters.
 */
export function keepOutput(child: ChildProcess, maxChars: number, onText?: (text: string) => void): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    onText?.(text);
    output = (output + text).slice(-maxChars);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return () => output;
}
