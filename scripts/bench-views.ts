/**
 * `npm run bench:views`: how fast the production app serves its three heaviest pages against a
 * large read model (scripts/lib/synthetic-read-model.ts: 1,000 chapters, 100,000 accounts, 10,000
 * evaluations, 1,000,000 votes).
 *
 *   1. Database: a throwaway database on DATABASE_URL's server, else a throwaway embedded Postgres.
 *   2. The synthetic read model (the real indexer creates the tables, then a bulk load).
 *   3. The production app server (scripts/lib/app-server.ts) from a private copy of the build, with
 *      the status bar's indexer and chain URLs on closed ports.
 *   4. 100 connections in a closed loop (`hammer`, over undici) against /chapters/:id,
 *      /members/:address and /evaluations/:id, one page at a time, with a browser's
 *      Accept-Encoding. First every id of the page's list once, in order: all page-cache misses,
 *      rendered by Remix (the "uncached" figures, as after a new read-model version). Then a
 *      warm-up and the measured run, each request to a random id of the list: the steady state of
 *      a server that has run a while, which the targets are about. p95 is computed exactly from
 *      every response time.
 *   5. The SQL floor: the very statements each page's loader runs (recorded with observeQueries
 *      for a sample of ids), replayed as bare SQL by 100 concurrent clients over a pg.Pool.
 *   6. Initial JS: every script / modulepreload / inline `import` URL of `/` and `/chapters/:id`,
 *      fetched and gzipped (node:zlib, default level), summed per page; the larger page counts.
 *
 * Human-readable figures go to stderr; the last stdout line is one JSON object:
 *   {"chapter_p95_ms","member_p95_ms","evaluation_p95_ms","rps","sql_floor_p95_ms","initial_js_gzip_kb"}
 * `rps` is all successful page responses over the three runs divided by their total duration.
 *
 * Environment (all optional):
 *   DATABASE_URL               server to create the throwaway database on (else embedded Postgres)
 *   BENCH_DURATION_S=20        seconds per page
 *   BENCH_CONNECTIONS=100      concurrent connections per page (and SQL floor clients)
 *   BENCH_WARMUP_S=3           warm-up seconds per page (not measured)
 *   BENCH_SQL_DURATION_S=10    seconds per page for the SQL floor
 *   BENCH_SQL_POOL=20          pg.Pool size for the SQL floor
 *   BENCH_SQL_SAMPLES=300      ids per page whose statements are recorded for the SQL floor
 *   BENCH_MEMBER_SAMPLE=5000   accounts the member page requests are spread over
 *   BENCH_DATABASE_POOL_MAX    the app server's DATABASE_POOL_MAX (its default is 10)
 *   PAGE_CACHE_MB              the app server's page cache size (its default is 256; 0 turns it off)
 *   BENCH_CHAPTERS, BENCH_MEMBERS, BENCH_EVALUATIONS, BENCH_VOTES: synthetic data size
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { cpuDelta, cpuSnapshot } from "./bench/views/cpu.js";
import { hammer, type LoadResult } from "./bench/views/hammer.js";
import { initialJs } from "./bench/views/initial-js.js";
import { pick } from "./bench/views/pick.js";
import { sqlFloor, type Recorded } from "./bench/views/sql-floor.js";
import { snapshotBuild } from "./lib/app-build.js";
import { startAppServer } from "./lib/app-server.js";
import { createDatabase, dropDatabase, redactUrl, startEmbeddedPostgres } from "./lib/database.js";
import { freePort } from "./lib/free-port.js";
import { migrate } from "../db/migrate.js";
import { createSyntheticReadModel } from "./lib/synthetic-read-model.js";

const say = (line = "") => process.stderr.write(`${line}\n`);

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

const DURATION_S = envNumber("BENCH_DURATION_S", 20);
const CONNECTIONS = Math.round(envNumber("BENCH_CONNECTIONS", 100));
const WARMUP_S = envNumber("BENCH_WARMUP_S", 3);
const SQL_DURATION_S = envNumber("BENCH_SQL_DURATION_S", 10);
const SQL_POOL = Math.round(envNumber("BENCH_SQL_POOL", 20));
const SQL_SAMPLES = Math.round(envNumber("BENCH_SQL_SAMPLES", 300));
const MEMBER_SAMPLE = Math.round(envNumber("BENCH_MEMBER_SAMPLE", 5000));
const TARGET_P95_MS = 25;
const TARGET_JS_KB = 150;

type Page = "chapter" | "member" | "evaluation";
const PAGES: Page[] = ["chapter", "member", "evaluation"];

const round1 = (n: number) => Math.round(n * 10) / 10;

// ------------------------------------------------------------------------------------------------
async function main() {
  const cleanups: { what: string; run: () => Promise<unknown> }[] = [];
  const onSignal = () => {
    say("interrupted: cleaning up");
    void (async () => {
      for (const c of cleanups.reverse()) await c.run().catch(() => undefined);
      process.exit(130);
    })();
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const started = Date.now();

  try {
    // 1. Database
    const adminUrl = process.env.DATABASE_URL;
    let databaseUrl: string;
    let databaseName: string;
    if (adminUrl) {
      databaseName = `bench_views_${randomBytes(4).toString("hex")}`;
      databaseUrl = await createDatabase(adminUrl, databaseName);
      cleanups.push({ what: "drop database", run: () => dropDatabase(adminUrl, databaseName) });
      say(`database ${databaseName} on ${redactUrl(adminUrl)}`);
    } else {
      const embedded = await startEmbeddedPostgres();
      cleanups.push({ what: "stop embedded postgres", run: () => embedded.stop() });
      databaseUrl = embedded.url;
      databaseName = "postgres";
      say(`embedded postgres on port ${embedded.port} (${embedded.dataDir})`);
    }

    // 2. Read model
    // The pages also read the app's own tables (pending operations).
    await migrate(databaseUrl);
    const model = await createSyntheticReadModel({
      databaseUrl,
      chapters: envNumber("BENCH_CHAPTERS", 1000),
      members: envNumber("BENCH_MEMBERS", 100_000),
      evaluations: envNumber("BENCH_EVALUATIONS", 10_000),
      votes: envNumber("BENCH_VOTES", 1_000_000),
    });
    const S = `"${model.schema}"`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    admin.on("error", () => undefined);
    await admin.connect();
    cleanups.push({ what: "close admin client", run: () => admin.end() });
    const chapterIds = (await admin.query<{ id: string }>(`select id::text as id from ${S}.chapters where removed_block is null`)).rows.map((r) => r.id);
    const accounts = (await admin.query<{ account: string }>(`select account from ${S}.members order by random() limit ${MEMBER_SAMPLE}`)).rows.map((r) => r.account);
    const evaluationIds = (await admin.query<{ id: string }>(`select id::text as id from ${S}.evaluations`)).rows.map((r) => r.id);
    const bigChapter = (await admin.query<{ id: string }>(`select id::text as id from ${S}.chapters order by member_count desc limit 1`)).rows[0]!.id;
    say(`requests spread over ${chapterIds.length} chapters, ${accounts.length} accounts, ${evaluationIds.length} evaluations`);

    // 3. Build and serve
    const t = Date.now();
    const snapshot = snapshotBuild("bench-views-build-");
    cleanups.push({ what: "remove build snapshot", run: async () => rmSync(snapshot, { recursive: true, force: true }) });
    say(`build ready in ${((Date.now() - t) / 1000).toFixed(1)} s (remix build only when stale)`);
    const serverEnv: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      READ_MODEL_SCHEMA: model.viewsSchema,
      // Nothing listens there: the status bar shows "unknown", as it tolerates.
      INDEXER_URL: `http://127.0.0.1:${await freePort()}`,
      CHAIN_RPC_URL: `http://127.0.0.1:${await freePort()}`,
    };
    if (process.env.BENCH_DATABASE_POOL_MAX) serverEnv.DATABASE_POOL_MAX = process.env.BENCH_DATABASE_POOL_MAX;
    if (process.env.PAGE_CACHE_MB) serverEnv.PAGE_CACHE_MB = process.env.PAGE_CACHE_MB;
    const server = await startAppServer({ dir: snapshot, env: serverEnv, timeoutMs: 60_000 });
    cleanups.push({ what: "stop server", run: () => server.stop() });
    say(`app server at ${server.url} (pid ${server.process.pid}, DATABASE_POOL_MAX ${serverEnv.DATABASE_POOL_MAX ?? "10 (default)"}, PAGE_CACHE_MB ${serverEnv.PAGE_CACHE_MB ?? "256 (default)"})`);

    const prefixes: Record<Page, string> = { chapter: "/chapters/", member: "/members/", evaluation: "/evaluations/" };
    const ids: Record<Page, string[]> = { chapter: chapterIds, member: accounts, evaluation: evaluationIds };
    const paths = Object.fromEntries(PAGES.map((page) => [page, () => `${prefixes[page]}${pick(ids[page])}`])) as Record<Page, () => string>;
    for (const page of PAGES) {
      const response = await fetch(`${server.url}${paths[page]()}`);
      if (response.status !== 200) throw new Error(`${page} page answered ${response.status}:\n${(await response.text()).slice(0, 2000)}\n${server.output()}`);
    }

    // 4. Pages under load
    say(`\npages: ${CONNECTIONS} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up); load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on ${cpus().length} cores`);
    const pageResults = {} as Record<Page, LoadResult & { cpu: { server: number; postgres: number } }>;
    const uncached = {} as Record<Page, LoadResult>;
    for (const page of PAGES) {
      // Every page of the sample once, in order: all misses of the page cache (rendered by Remix),
      // as after a new read-model version; then the cache holds them, as in a server that has run
      // a while. The figures of this pass are the uncached ones.
      const list = ids[page];
      uncached[page] = await hammer(server.url, { prefix: prefixes[page], ids: list, connections: CONNECTIONS, amount: list.length });
      say(
        `  ${page.padEnd(10)} uncached: ${list.length} pages, p50 ${uncached[page].p50.toFixed(1)} ms  p95 ${uncached[page].p95.toFixed(1)}  ` +
          `${uncached[page].rps.toFixed(0)} pages/s  failed ${uncached[page].failed}`,
      );
      await hammer(server.url, { prefix: prefixes[page], ids: ids[page], connections: CONNECTIONS, seconds: WARMUP_S });
      const before = await cpuSnapshot(server.process.pid!, admin, databaseName);
      const result = await hammer(server.url, { prefix: prefixes[page], ids: ids[page], connections: CONNECTIONS, seconds: DURATION_S });
      const cpu = cpuDelta(before, await cpuSnapshot(server.process.pid!, admin, databaseName));
      pageResults[page] = { ...result, cpu };
      const perRequest = (s: number) => ((s * 1000) / Math.max(1, result.ok + result.failed)).toFixed(2);
      say(
        `  ${page.padEnd(10)} p50 ${result.p50.toFixed(1)} ms  p90 ${result.p90.toFixed(1)}  p95 ${result.p95.toFixed(1)}  ` +
          `p97.5 ${result.p975.toFixed(1)}  p99 ${result.p99.toFixed(1)}  max ${result.max.toFixed(0)}  ` +
          `${result.rps.toFixed(0)} req/s  ok ${result.ok}  failed ${result.failed} ${JSON.stringify(result.statuses)}`,
      );
      say(
        `  ${"".padEnd(10)} CPU per request: node ${perRequest(cpu.server)} ms, postgres backends ${perRequest(cpu.postgres)} ms ` +
          `(node ${((cpu.server / result.seconds) * 100).toFixed(0)} % of one core over the run)`,
      );
    }
    const totalOk = PAGES.reduce((n, p) => n + pageResults[p].ok, 0);
    const totalSeconds = PAGES.reduce((n, p) => n + pageResults[p].seconds, 0);
    const rps = totalOk / totalSeconds;

    // 5. SQL floor: the loaders' statements as bare SQL
    process.env.DATABASE_URL = databaseUrl;
    process.env.READ_MODEL_SCHEMA = model.viewsSchema;
    const { observeQueries } = await import("../db/query.server.js");
    const chapters = await import("../app/models/chapters.server.js");
    const members = await import("../app/models/members.server.js");
    const evaluations = await import("../app/models/evaluations.server.js");
    const { closeDb } = await import("../db/client.server.js");
    cleanups.push({ what: "close app db pool", run: () => closeDb() });
    // What the loaders run (limit + 1 rows of the first page, in parallel).
    const loaders: Record<Page, (id: string) => Promise<unknown>> = {
      chapter: (id) => Promise.all([chapters.getChapter(BigInt(id)), chapters.getChapterMembers({ chapterId: BigInt(id), limit: 51 })]),
      member: (account) => members.getMember(account as `0x${string}`),
      evaluation: (id) =>
        Promise.all([evaluations.getEvaluation(BigInt(id)), evaluations.getEvaluationVotes({ evaluationId: BigInt(id), limit: 51 })]),
    };
    const pool = new pg.Pool({ connectionString: databaseUrl, max: SQL_POOL });
    pool.on("error", () => undefined);
    cleanups.push({ what: "close SQL floor pool", run: () => pool.end() });
    say(`\nSQL floor: the loaders' statements, ${CONNECTIONS} clients over a pool of ${SQL_POOL}, ${SQL_DURATION_S} s per page`);
    const floors = {} as Record<Page, { p50: number; p95: number; rate: number }>;
    for (const page of PAGES) {
      const samples: Recorded[] = [];
      for (let i = 0; i < SQL_SAMPLES; i++) {
        const { error, queries } = await observeQueries(() => loaders[page](pick(ids[page])));
        if (error) throw error;
        samples.push(queries.map((q) => ({ sql: q.sql, params: q.params })));
      }
      await sqlFloor(pool, samples, Math.min(2, SQL_DURATION_S), CONNECTIONS);
      floors[page] = await sqlFloor(pool, samples, SQL_DURATION_S, CONNECTIONS);
      say(`  ${page.padEnd(10)} p50 ${floors[page].p50.toFixed(1)} ms  p95 ${floors[page].p95.toFixed(1)} ms  ${floors[page].rate.toFixed(0)} pages/s`);
    }
    const sqlFloorP95 = Math.max(...PAGES.map((p) => floors[p].p95));

    // 6. Initial JS
    const js = { index: await initialJs(server.url, "/"), chapter: await initialJs(server.url, `/chapters/${bigChapter}`) };
    say(`\ninitial JS (gzip): / ${(js.index.gzip / 1024).toFixed(1)} KB in ${js.index.files} files (${(js.index.bytes / 1024).toFixed(1)} KB raw), ` +
      `/chapters/${bigChapter} ${(js.chapter.gzip / 1024).toFixed(1)} KB in ${js.chapter.files} files (${(js.chapter.bytes / 1024).toFixed(1)} KB raw)`);
    const initialJsKb = Math.max(js.index.gzip, js.chapter.gzip) / 1024;

    // Summary
    say("\ntargets:");
    for (const page of PAGES) {
      const p95 = pageResults[page].p95;
      say(`  ${page} p95 ${p95.toFixed(1)} ms ${p95 < TARGET_P95_MS ? "<" : ">="} ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? "met" : "MISSED"}`);
    }
    say(`  initial JS ${initialJsKb.toFixed(1)} KB ${initialJsKb < TARGET_JS_KB ? "<" : ">="} ${TARGET_JS_KB} KB: ${initialJsKb < TARGET_JS_KB ? "met" : "MISSED"}`);
    say(`  overall ${rps.toFixed(0)} req/s; with ${CONNECTIONS} connections in a closed loop, mean latency ≈ ${CONNECTIONS} / throughput (Little's law)`);
    say(`bench took ${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);

    const result = {
      chapter_p95_ms: round1(pageResults.chapter.p95),
      member_p95_ms: round1(pageResults.member.p95),
      evaluation_p95_ms: round1(pageResults.evaluation.p95),
      rps: Math.round(rps),
      sql_floor_p95_ms: round1(sqlFloorP95),
      initial_js_gzip_kb: round1(initialJsKb),
    };
    for (const c of cleanups.reverse()) await c.run().catch((e) => say(`cleanup (${c.what}) failed: ${String(e)}`));
    cleanups.length = 0;
    await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(result)}\n`, () => resolve()));
  } finally {
    for (const c of cleanups.reverse()) await c.run().catch((e) => say(`cleanup (${c.what}) failed: ${String(e)}`));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    say(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
