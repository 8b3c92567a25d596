/**
 * Reads Ponder's Prometheus metrics (GET /metrics) after a backfill, to explain where its time
 * went: per-handler durations, store queries and cache misses per table, the historical
 * pipeline's steps and the RPC requests it made.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

export async function fetchMetrics(url: string): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  return parseMetrics(await response.text());
}

export function sum(samples: Sample[], name: string, filter: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(filter).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

/** Sums of `name` grouped by one label, largest first. */
export function byLabel(samples: Sample[], name: string, label: string): [string, number][] {
  const totals = new Map<string, number>();
  for (const s of samples) {
    if (s.name !== name) continue;
    const key = s.labels[label] ?? "";
    totals.set(key, (totals.get(key) ?? 0) + s.value);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Processed events, summed over event names. */
export const completedEvents = (samples: Sample[]) => sum(samples, "ponder_indexing_completed_events");

/** A few lines that say where a backfill's time went. */
export function describeBackfill(samples: Sample[]): string[] {
  const lines: string[] = [];
  const ms = (n: number) => `${Math.round(n)} ms`;
  const steps = (name: string, label: string) =>
    byLabel(samples, name, label)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(", ");
  lines.push(`pipeline extract: ${steps("ponder_historical_extract_duration", "step") || "n/a"}`);
  lines.push(`pipeline transform: ${steps("ponder_historical_transform_duration", "step") || "n/a"}`);
  lines.push(`concurrency groups: ${steps("ponder_historical_concurrency_group_duration", "group") || "n/a"}`);

  const handlerSums = byLabel(samples, "ponder_indexing_function_duration_sum", "event");
  const counts = new Map(byLabel(samples, "ponder_indexing_function_duration_count", "event"));
  const handlerTotal = handlerSums.reduce((n, [, v]) => n + v, 0);
  lines.push(`handlers: ${ms(handlerTotal)} in all; by event (total, per call):`);
  for (const [event, total] of handlerSums.slice(0, 8)) {
    const count = counts.get(event) ?? 0;
    lines.push(`  ${event}: ${ms(total)}, ${count ? (total / count).toFixed(3) : "?"} ms × ${count}`);
  }

  const queries = byLabel(samples, "ponder_indexing_store_queries_total", "method");
  const totalQueries = queries.reduce((n, [, v]) => n + v, 0);
  const events = completedEvents(samples);
  if (totalQueries > 0) {
    lines.push(
      `store operations: ${totalQueries} (${(totalQueries / Math.max(events, 1)).toFixed(1)} per event; ` +
        `${queries.map(([k, v]) => `${k} ${v}`).join(", ")}); by table: ` +
        byLabel(samples, "ponder_indexing_store_queries_total", "table")
          .slice(0, 6)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
    );
  }
  const cache = samples.filter((s) => s.name === "ponder_indexing_cache_requests_total" && s.value > 0);
  if (cache.length) {
    const misses = cache.filter((s) => s.labels.type !== "hit");
    const hits = cache.filter((s) => s.labels.type === "hit").reduce((n, s) => n + s.value, 0);
    lines.push(
      `cache: ${hits} hits; non-hits: ${misses.map((s) => `${s.labels.table}/${s.labels.type} ${s.value}`).join(", ") || "none"}`,
    );
  }
  const rpcCounts = new Map(byLabel(samples, "ponder_rpc_request_duration_count", "method"));
  const rpc = byLabel(samples, "ponder_rpc_request_duration_sum", "method");
  if (rpc.length) lines.push(`RPC requests (count, summed duration): ${rpc.map(([k, v]) => `${k} ${rpcCounts.get(k) ?? 0} ${ms(v)}`).join(", ")}`);
  const rpcErrors = sum(samples, "ponder_rpc_request_error_total");
  if (rpcErrors > 0) lines.push(`RPC errors and time-outs (retried): ${rpcErrors}`);
  const databaseCounts = new Map(byLabel(samples, "ponder_database_method_duration_count", "method"));
  const database = byLabel(samples, "ponder_database_method_duration_sum", "method").slice(0, 8);
  if (database.length) {
    lines.push(`database methods (count, summed duration): ${database.map(([k, v]) => `${k} ${databaseCounts.get(k) ?? 0} ${ms(v)}`).join(", ")}`);
  }
  return lines;
}
