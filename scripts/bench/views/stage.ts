/**
 * bench:views' stage (scripts/bench-views.ts, its steps 1 to 3): a throwaway database, the
 * synthetic read model on it with the evaluations' documents, and the production app server from
 * a private copy of the build; the ids the pages are asked for, and a first request of each page
 * kind that must answer 200 (an evaluation page with its document's title).
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { migrate } from "../../../db/migrate.js";
import { snapshotBuild } from "../../lib/app-build.js";
import { startAppServer } from "../../lib/app-server.js";
import { createDatabase, dropDatabase, redactUrl, startEmbeddedPostgres } from "../../lib/database.js";
import { freePort } from "../../lib/free-port.js";
import { syntheticDocument } from "../../lib/synthetic-documents.js";
import { createSyntheticReadModel } from "../../lib/synthetic-read-model.js";
import { pageShows } from "../documents/page-text.js";
import { PAGES, pagePath, type Page } from "./pages.js";
import { say } from "./report.js";

/** What undoes the stage, run last to first. */
export type Cleanups = { what: string; run: () => Promise<unknown> }[];

export type StageParameters = {
  cleanups: Cleanups;
  /** The synthetic read model's size. */
  sizes: { chapters: number; members: number; evaluations: number; votes: number };
  /** Accounts the member page requests are spread over. */
  memberSample: number;
};

export async function setUpStage({ cleanups, sizes, memberSample }: StageParameters) {
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
  const model = await createSyntheticReadModel({ databaseUrl, ...sizes, documents: true });
  const S = `"${model.schema}"`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  admin.on("error", () => undefined);
  await admin.connect();
  cleanups.push({ what: "close admin client", run: () => admin.end() });
  const chapterIds = (await admin.query<{ id: string }>(`select id::text as id from ${S}.chapters where removed_block is null`)).rows.map((r) => r.id);
  const accounts = (await admin.query<{ account: string }>(`select account from ${S}.members order by random() limit ${memberSample}`)).rows.map((r) => r.account);
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

  const ids: Record<Page, string[]> = { chapter: chapterIds, member: accounts, evaluation: evaluationIds };
  for (const page of PAGES) {
    const response = await fetch(`${server.url}${pagePath(ids, page)}`);
    if (response.status !== 200) throw new Error(`${page} page answered ${response.status}:\n${(await response.text()).slice(0, 2000)}\n${server.output()}`);
  }
  // The evaluation pages show their documents.
  {
    const id = evaluationIds[Math.floor(Math.random() * evaluationIds.length)]!;
    const { title } = syntheticDocument("evaluation", Number(id));
    if (!pageShows(await (await fetch(`${server.url}/evaluations/${id}`)).text(), title)) throw new Error(`/evaluations/${id} does not show its document's title "${title}"`);
  }
  return { databaseUrl, databaseName, model, admin, server, ids, bigChapter };
}
