import pg from "pg";
import { rmSync } from "node:fs";
import { startEmbeddedPostgres } from "./scripts/lib/database.js";
import { migrate } from "./db/migrate.js";
import { createSyntheticReadModel } from "./scripts/lib/synthetic-read-model.js";
import { snapshotBuild } from "./scripts/lib/app-build.js";
import { startAppServer } from "./scripts/lib/app-server.js";
import { freePort } from "./scripts/lib/free-port.js";
import { backlogPhase } from "./scripts/bench/views/backlog.js";
import { distinctPaths, pagePath } from "./scripts/bench/views/pages.js";
import { loadLine, cacheLine, loadAverage } from "./scripts/bench/views/report.js";
import { hammer } from "./scripts/bench/views/hammer.js";
const pgs = await startEmbeddedPostgres();
const snap = snapshotBuild("tmpbacklog-");
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
try {
  const url = pgs.url;
  await migrate(url);
  const model = await createSyntheticReadModel({ databaseUrl: url, documents: true, log: () => {} });
  server = await startAppServer({ dir: snap, env: { DATABASE_URL: url, READ_MODEL_SCHEMA: model.viewsSchema, INDEXER_URL: `http://127.0.0.1:${await freePort()}`, CHAIN_RPC_URL: `http://127.0.0.1:${await freePort()}` }, timeoutMs: 60000 });
  const admin = new pg.Client({ connectionString: url }); await admin.connect();
  const S = `"${model.schema}"`;
  const ids = {
    chapter: (await admin.query(`select id::text as id from ${S}.chapters where removed_block is null`)).rows.map((r) => r.id),
    member: (await admin.query(`select account as id from ${S}.members order by random() limit 5000`)).rows.map((r) => r.id),
    evaluation: (await admin.query(`select id::text as id from ${S}.evaluations`)).rows.map((r) => r.id),
  };
  const all = distinctPaths(ids, Infinity);
  let next = 0;
  console.log("warm", cacheLine((await hammer(server.url, { path: () => all[next++]!, amount: all.length, connections: 100 })).cache));
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    await admin.query(`delete from app.documents where kind = 'info'; delete from app.document_fetches where kind = 'info'`);
    console.log(`\nrun ${run}; ${loadAverage()}`);
    const r = await backlogPhase({ live: { url: server.url, path: () => pagePath(ids), connections: 100, seconds: 20, warmupSeconds: 3, rate: 5, blockSeconds: 0, databaseUrl: url, schema: model.schema }, paths: all, admin, viewsSchema: model.viewsSchema, evaluations: Number(process.env.EVALS ?? 1000), log: console.log });
    console.log("whole", loadLine(r), cacheLine(r.cache));
    const w = r.whileFetching;
    console.log(`while ${w.seconds.toFixed(1)} s ${w.count}: p50 ${w.p50.toFixed(1)} p95 ${w.p95.toFixed(1)} p99 ${w.p99.toFixed(1)} max ${w.max.toFixed(0)}; stored ${r.stored} drained ${r.drainedSeconds}; cpu ${JSON.stringify(r.cpu)}; ${loadAverage()}`);
  }
  await admin.end();
} finally {
  await server?.stop();
  await pgs.stop();
  rmSync(snap, { recursive: true, force: true });
}
process.exit(0);
