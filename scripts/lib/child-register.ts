/**
 * A test run's register of the processes it starts, so that none outlives the run.
 *
 * killWithParent (./processes.ts) covers a parent that exits normally, but not one killed by a
 * signal (vitest ends a worker with SIGTERM after a hook timeout; Ctrl-C ends the run), nor a
 * stack a test never stopped (one of several started with Promise.all, a hook that timed out).
 * So, when PARTY_CHILD_REGISTER names a directory (tests/setup/children.ts sets it for a test
 * run), every process started through killWithParent leaves a file there: its pid, the start time
 * the kernel gives it (so a pid used again by another process is never killed), who started it
 * and what it is. The run sweeps the register after each test file and once more as it exits.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const REGISTER_VARIABLE = "PARTY_CHILD_REGISTER";

export type Entry = { pid: number; startTime: string; owner: number; what: string };

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), undefined once it is gone. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Notes a process in the run's register (nothing outside a test run); `owner` started it. */
export function registerChild(pid: number | undefined, what: string, owner = process.pid): void {
  const dir = process.env[REGISTER_VARIABLE];
  if (!dir || pid === undefined) return;
  const started = startTime(pid);
  if (started === undefined) return;
  mkdirSync(dir, { recursive: true });
  const entry: Entry = { pid, startTime: started, owner, what };
  writeFileSync(join(dir, String(pid)), JSON.stringify(entry));
}

function entries(dir: string): Entry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      return [JSON.parse(readFileSync(join(dir, name), "utf8")) as Entry];
    } catch {
      return [];
    }
  });
}

/**
 * Kills (SIGKILL) every registered process still running, only those `owner` started when given,
 * and forgets the ones that are gone. Synchronous, so it can run in an `exit` handler.
 * Returns what it had to kill.
 */
export function sweepChildren(dir: string, { owner, except }: { owner?: number; except?: (entry: Entry) => boolean } = {}): Entry[] {
  const killed: Entry[] = [];
  for (const entry of entries(dir)) {
    if (owner !== undefined && entry.owner !== owner) continue;
    if (except?.(entry)) continue;
    if (startTime(entry.pid) === entry.startTime) {
      try {
        process.kill(entry.pid, "SIGKILL");
        killed.push(entry);
      } catch {
        // Gone meanwhile.
      }
    }
    rmSync(join(dir, String(entry.pid)), { force: true });
  }
  return killed;
}

/** The registered processes still running (but those `except` names). */
export function runningChildren(dir: string, except?: (entry: Entry) => boolean): Entry[] {
  return entries(dir).filter((entry) => startTime(entry.pid) === entry.startTime && !except?.(entry));
}
