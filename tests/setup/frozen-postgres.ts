/**
 * A PostgreSQL of a test's own that the test can freeze: SIGSTOP of the server and every backend,
 * as a hung disk or network looks to its clients (connections are accepted by the kernel, nothing
 * is answered), and thaw again (SIGCONT). Never the shared test server (./postgres.ts): other test
 * files use it at the same time.
 *
 *   const postgres = await startFreezablePostgres();   // postgres.url: a fresh database on it
 *   postgres.freeze(); … postgres.thaw(); await postgres.stop();
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createDatabase, startEmbeddedPostgres } from "../../scripts/lib/database.js";

export type FreezablePostgres = {
  url: string;
  freeze(): void;
  thaw(): void;
  /** Thaws it first: a stopped server cannot shut down. */
  stop(): Promise<void>;
};

export async function startFreezablePostgres(): Promise<FreezablePostgres> {
  const server = await startEmbeddedPostgres();
  try {
    const url = await createDatabase(server.url, "frozen");
    // The postmaster's pid is the first line of its pid file; the backends are its children.
    const postmaster = Number(readFileSync(join(server.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    let stopped: number[] = [];
    const thaw = () => {
      // Backends first, so none is woken by a postmaster still stopped.
      for (const pid of stopped.reverse()) signal(pid, "SIGCONT");
      stopped = [];
    };
    return {
      url,
      freeze() {
        // The postmaster first: it forks no new backend while the others are stopped.
        signal(postmaster, "SIGSTOP");
        stopped = [postmaster, ...childrenOf(postmaster)];
        for (const pid of stopped.slice(1)) signal(pid, "SIGSTOP");
      },
      thaw,
      async stop() {
        thaw();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

function signal(pid: number, name: "SIGSTOP" | "SIGCONT") {
  try {
    process.kill(pid, name);
  } catch {
    // Exited meanwhile (a backend whose client left).
  }
}

/** The processes whose parent is `parent` (the 4th field of /proc/<pid>/stat, after the name in parentheses). */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid === parent) children.push(Number(entry));
  }
  return children;
}
