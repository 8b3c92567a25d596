/**
 * What a page-cache miss costs: renders of pages the server's cache does not hold, emptied first
 * by a change of the app's counter with no change row (which drops every page).
 *
 *   - `uncachedRenders`: `connections` clients over distinct pages, the p95 of the misses;
 *   - `missCpu`: one client, one page at a time, the server's own account of each miss, which
 *     it gives when asked (`X-Server-Timing: cpu`, server/page-cache.ts):
 *     `Server-Timing: render;dur=<wall ms>, cpu;dur=<process CPU ms during the render>`.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { CPU_TIMING_HEADER } from "../../../server/page-cache/timing.js";
import { percentile } from "../percentile.js";
import { hammer, latency, type Latency, type LoadResult } from "./hammer.js";

/** The read model version the server's cache is at (GET /healthz's x-read-model-version). */
async function cacheVersion(url: string): Promise<string | null> {
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  return response.headers.get("x-read-model-version");
}

/** Runs `change`, a write that moves the read model's version, and waits (until `timeoutMs`) for the server to have seen it. */
export async function changeSeen(url: string, change: () => Promise<unknown>, timeoutMs = 10_000): Promise<void> {
  const before = await cacheVersion(url);
  await change();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await cacheVersion(url);
    if (now !== before && now) return;
    if (Date.now() > deadline) throw new Error(`the server's read model version stayed "${before}" ${timeoutMs} ms after the change`);
    await sleep(25);
  }
}

/** Empties the server's page cache (a move of app.page_version without a change row drops every page) and waits for the server to have seen it. */
export const emptyPageCache = (url: string, admin: pg.Client, timeoutMs = 10_000): Promise<void> =>
  changeSeen(url, () => admin.query("update app.page_version set n = n + 1"), timeoutMs);

export type MissLoad = LoadResult & { misses: Latency & { count: number } };

/** Every path once over `connections` clients, after emptying the cache; `misses` counts only x-cache: miss. */
export async function uncachedRenders(url: string, admin: pg.Client, paths: string[], connections: number): Promise<MissLoad> {
  await emptyPageCache(url, admin);
  const times: number[] = [];
  let next = 0;
  const result = await hammer(url, {
    path: () => paths[next++]!,
    amount: paths.length,
    connections,
    onResponse: (a) => a.headers["x-cache"] === "miss" && a.status === 200 && times.push(a.ms),
  });
  return { ...result, misses: { ...latency(times), count: times.length } };
}

/**
 * The `dur` of metric `name` in a Server-Timing header (`render;dur=12.3, cpu;dur=8.1`), in ms;
 * undefined when the metric or its duration is not there.
 */
export function serverTiming(header: string | string[] | undefined, name: string): number | undefined {
  for (const metric of [header ?? []].flat().join(",").split(",")) {
    const [metricName, ...params] = metric.split(";").map((part) => part.trim());
    if (metricName !== name) continue;
    for (const param of params) {
      const [key, value] = param.split("=").map((part) => part.trim());
      if (key?.toLowerCase() !== "dur" || value === undefined) continue;
      const ms = Number(value.replace(/^"(.*)"$/, "$1"));
      if (value !== "" && Number.isFinite(ms)) return ms;
    }
  }
  return undefined;
}

export type MissCpu = { cpuMs: number; renderMs: number; misses: number; withoutTiming: number; pages: number };

/** One client renders every path once, one after another, after emptying the cache: medians of the server's own timings of the misses. */
export async function missCpu(url: string, admin: pg.Client, paths: string[]): Promise<MissCpu> {
  await emptyPageCache(url, admin);
  const cpu: number[] = [];
  const render: number[] = [];
  let misses = 0;
  let next = 0;
  await hammer(url, {
    path: () => paths[next++]!,
    amount: paths.length,
    connections: 1,
    headers: { [CPU_TIMING_HEADER]: "cpu" },
    onResponse: ({ headers, status }) => {
      if (headers["x-cache"] !== "miss" || status !== 200) return;
      misses++;
      const c = serverTiming(headers["server-timing"], "cpu");
      const r = serverTiming(headers["server-timing"], "render");
      if (c !== undefined) cpu.push(c);
      if (r !== undefined) render.push(r);
    },
  });
  if (misses === 0) throw new Error(`none of ${paths.length} pages was a page-cache miss (x-cache: miss) after emptying the cache`);
  if (cpu.length === 0) throw new Error(`server sent no Server-Timing cpu on any of its ${misses} misses (expected "Server-Timing: render;dur=<ms>, cpu;dur=<ms>")`);
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  return { cpuMs: median(cpu), renderMs: median(render), misses, withoutTiming: misses - cpu.length, pages: paths.length };
}
