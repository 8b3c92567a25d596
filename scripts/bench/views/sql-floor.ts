import pg from "pg";
import { percentile } from "../percentile.js";
import { PAGES, type Page } from "./pages.js";
import { pick } from "./pick.js";
import { say } from "./report.js";

export type Recorded = { sql: string; params: unknown[]; prepared: boolean }[];

/** The app's two pools (db/client.server.ts): the prepared statements' and the others'. */
type Pools = Record<"plain" | "prepared", pg.Pool>;

/** A name per prepared text, as the app gives each its own (db/query.server.ts executePrepared). */
const names = new Map<string, string>();
const nameOf = (text: string) => names.get(text) ?? (names.set(text, `floor_${names.size}`), names.get(text)!);

/** `query` as the app runs it: a prepared one by its name on the prepared statements' pool. */
const replay = (pools: Pools, q: Recorded[number]) =>
  q.prepared
    ? pools.prepared.query({ name: nameOf(q.sql), text: q.sql, values: q.params as unknown[] })
    : pools.plain.query(q.sql, q.params as unknown[]);

/** `connections` clients replaying each page's statements (in parallel per page, as the loaders do) for `seconds`. */
export async function sqlFloor(pools: Pools, samples: Recorded[], seconds: number, connections: number): Promise<{ p50: number; p95: number; rate: number }> {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const queries = pick(samples);
        const t = performance.now();
        await Promise.all(queries.map((q) => replay(pools, q)));
        times.push(performance.now() - t);
      }
    }),
  );
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rate: times.length / seconds };
}

/**
 * The SQL floor: the very statements each page's loader runs (recorded with observeQueries for
 * `samples` ids), replayed as bare SQL by `connections` clients over pools of `poolSize` set up as
 * the app's (a prepared statement prepared once per connection, run by its generic plan); per
 * page, p50/p95 and pages a second.
 */
export async function sqlFloorPhase({
  databaseUrl,
  viewsSchema,
  ids,
  samples: sampleCount,
  seconds,
  connections,
  poolSize,
}: {
  databaseUrl: string;
  viewsSchema: string;
  ids: Record<Page, string[]>;
  samples: number;
  seconds: number;
  connections: number;
  poolSize: number;
}): Promise<Record<Page, { p50: number; p95: number; rate: number }>> {
  // db/query.server.ts reads READ_MODEL_SCHEMA at import time, and db/client.server.ts DATABASE_URL on first use.
  process.env.DATABASE_URL = databaseUrl;
  process.env.READ_MODEL_SCHEMA = viewsSchema;
  const { observeQueries } = await import("../../../db/query.server.js");
  const chapters = await import("../../../app/models/chapters.server.js");
  const members = await import("../../../app/models/members.server.js");
  const evaluations = await import("../../../app/models/evaluations.server.js");
  const { closeDb, CONNECTION_SETTINGS } = await import("../../../db/client.server.js");
  // What the loaders run: each page's one statement (limit + 1 rows of the first page).
  const loaders: Record<Page, (id: string) => Promise<unknown>> = {
    chapter: (id) => chapters.getChapter({ id: BigInt(id), limit: 51 }),
    member: (account) => members.getMemberPage(account as `0x${string}`),
    evaluation: (id) => evaluations.getEvaluationPage({ id: BigInt(id), limit: 51 }),
  };
  const pool = (options: string) => new pg.Pool({ connectionString: databaseUrl, max: poolSize, options }).on("error", () => undefined);
  const pools: Pools = { plain: pool(CONNECTION_SETTINGS.plain), prepared: pool(CONNECTION_SETTINGS.prepared) };
  try {
    const floors = {} as Record<Page, { p50: number; p95: number; rate: number }>;
    for (const page of PAGES) {
      const samples: Recorded[] = [];
      for (let i = 0; i < sampleCount; i++) {
        const { error, queries } = await observeQueries(() => loaders[page](pick(ids[page])));
        if (error) throw error;
        samples.push(queries.map((q) => ({ sql: q.sql, params: q.params, prepared: q.prepared })));
      }
      await sqlFloor(pools, samples, Math.min(2, seconds), connections);
      floors[page] = await sqlFloor(pools, samples, seconds, connections);
      say(`  ${page.padEnd(10)} p50 ${floors[page].p50.toFixed(1)} ms  p95 ${floors[page].p95.toFixed(1)} ms  ${floors[page].rate.toFixed(0)} pages/s`);
    }
    return floors;
  } finally {
    await Promise.all(Object.values(pools).map((p) => p.end().catch(() => undefined)));
    await closeDb().catch(() => undefined);
  }
}
