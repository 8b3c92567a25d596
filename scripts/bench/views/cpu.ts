/**
 * CPU accounting from /proc (Linux): the app server's process and the Postgres backends of the
 * bench database, to tell rendering from SQL.
 */
import { readFileSync } from "node:fs";
import type pg from "pg";

const TICKS_PER_S = 100;

/** User and system CPU seconds of process `pid` so far; undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return undefined;
  }
}

async function backendPids(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );
  return rows.map((r) => r.pid);
}

export type CpuSnapshot = { server: number; backends: Map<number, number> };

export async function cpuSnapshot(serverPid: number, admin: pg.Client, database: string): Promise<CpuSnapshot> {
  const backends = new Map<number, number>();
  for (const pid of await backendPids(admin, database)) {
    const s = cpuSeconds(pid);
    if (s !== undefined) backends.set(pid, s);
  }
  return { server: cpuSeconds(serverPid) ?? NaN, backends };
}

export function cpuDelta(before: CpuSnapshot, after: CpuSnapshot) {
  let postgres = 0;
  for (const [pid, s] of after.backends) postgres += s - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, postgres };
}
