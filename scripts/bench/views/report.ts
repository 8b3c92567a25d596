/** How the views bench prints: human-readable lines on stderr (stdout is the JSON line's). */
import { cpus, loadavg } from "node:os";
import type { LoadResult } from "./hammer.js";

export const say = (line = "") => process.stderr.write(`${line}\n`);

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** "load average 1.2 0.9 0.7 on 2 cores": the machine is shared, so every phase says how busy it was. */
export const loadAverage = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on ${cpus().length} cores`;

/** The load averages (1, 5, 15 minutes), for the JSON line. */
export const loadAverages = () => loadavg().map((l) => Math.round(l * 100) / 100);

/** Percentiles, throughput and what came back, on one line. */
export function loadLine(r: LoadResult): string {
  return (
    `p50 ${r.p50.toFixed(1)} ms  p90 ${r.p90.toFixed(1)}  p95 ${r.p95.toFixed(1)}  p97.5 ${r.p975.toFixed(1)}  p99 ${r.p99.toFixed(1)}  ` +
    `max ${r.max.toFixed(0)}  ${r.rps.toFixed(0)} req/s  ok ${r.ok}  failed ${r.failed} ${JSON.stringify(r.statuses)}`
  );
}

/** x-cache counts: "hit 9,512  miss 312  bypass 0". */
export const cacheLine = (cache: Record<string, number>) =>
  Object.entries(cache)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([state, n]) => `${state} ${n.toLocaleString("en")}`)
    .join("  ");
