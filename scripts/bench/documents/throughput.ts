/**
 * bench:documents' first part: how fast the document fetcher (`npm run documents`, its own
 * process) drains a backlog, and what it costs.
 *
 *   1. A read model with only what the fetcher reads: a views schema whose `evaluations` and
 *      `info_messages` have the columns its statements use (id, cid), typed and keyed as Ponder's
 *      (numeric(78) primary key, no index on cid), one evaluation per document.
 *   2. `count` distinct synthetic evaluation documents (scripts/lib/synthetic-documents.ts) on a
 *      local IPFS node (memory) in a process of its own (./ipfs-process.ts), and their fetches
 *      waiting in app.document_fetches, as the fetcher's discovery lists them, due only once the
 *      clock starts.
 *   3. The fetcher started and idle; then every fetch made due at once (t0), and app.document_fetches
 *      polled until none waits; t1 is the last store's (its updated_at), so both are the database's
 *      clock: documents/s = count / (t1 - t0), with the CPU of the fetcher's process, of the
 *      database's backends and of the IPFS node's (the gateway) over the drain.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { startDocumentsProcess } from "../../lib/documents-process.js";
import { syntheticDocumentFiles } from "../../lib/synthetic-documents.js";
import { cpuDelta, cpuSeconds, cpuSnapshot } from "../views/cpu.js";
import { startDocumentsIpfs } from "./ipfs-process.js";

export type ThroughputResult = {
  documents: number;
  seconds: number;
  perSecond: number;
  stored: number;
  refused: number;
  /** CPU seconds over the drain. */
  cpu: { fetcher: number; postgres: number; gateway: number };
  /** app.page_changes rows the stores wrote (one per batch that named a page). */
  pageChanges: number;
  fetcherOutput: string;
};

/** The views schema the fetcher reads: the two tables' columns it uses, as Ponder types and keys them. */
export const MINIMAL_VIEWS = "bench_documents_views";

async function minimalReadModel(client: pg.Client, cids: string[]) {
  await client.query(`create schema ${MINIMAL_VIEWS};
    create table ${MINIMAL_VIEWS}.evaluations (id numeric(78, 0) primary key, cid text not null);
    create table ${MINIMAL_VIEWS}.info_messages (id numeric(78, 0) primary key, cid text not null)`);
  await client.query(`insert into ${MINIMAL_VIEWS}.evaluations (id, cid) select ordinality, cid from unnest($1::text[]) with ordinality as cid`, [cids]);
  await client.query(`analyze ${MINIMAL_VIEWS}.evaluations`);
}

export async function fetcherThroughput({
  databaseUrl,
  databaseName,
  count,
  log,
}: {
  databaseUrl: string;
  databaseName: string;
  count: number;
  log: (line: string) => void;
}): Promise<ThroughputResult> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  admin.on("error", () => undefined);
  await admin.connect();
  const ipfs = startDocumentsIpfs([{ kind: "evaluation", first: 1, count }]);
  let fetcher: ReturnType<typeof startDocumentsProcess> | undefined;
  try {
    let t = performance.now();
    const [files, gatewayUrl] = await Promise.all([syntheticDocumentFiles("evaluation", count), ipfs.ready()]);
    const bytes = files.reduce((sum, f) => sum + f.bytes.length, 0);
    log(`  ${count.toLocaleString("en")} documents (${(bytes / count).toFixed(0)} bytes on average) on the IPFS node (pid ${ipfs.process.pid}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    await minimalReadModel(admin, files.map((f) => f.cid));
    // As discovery lists them, due in an hour: nothing is claimed before the clock starts.
    await admin.query(
      `insert into app.document_fetches (cid, kind, next_attempt_at) select cid, 'evaluation', now() + interval '1 hour' from unnest($1::text[]) as cid`,
      [files.map((f) => f.cid)],
    );

    t = performance.now();
    fetcher = startDocumentsProcess({
      env: { DATABASE_URL: databaseUrl, READ_MODEL_SCHEMA: MINIMAL_VIEWS, IPFS_GATEWAYS: gatewayUrl, IPFS_TIMEOUT_MS: "5000" },
    });
    await fetcher.ready();
    log(`  fetcher process ${fetcher.process.pid} ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // Its first turns (the discovery of every CID) are done once it idles.
    await sleep(1000);

    const pid = fetcher.process.pid!;
    const before = await cpuSnapshot(pid, admin, databaseName);
    const gatewayBefore = cpuSeconds(ipfs.process.pid!) ?? NaN;
    const changesBefore = await countOf(admin, "select count(*)::int as n from app.page_changes");
    const started = performance.now();
    const { rows: [due] } = await admin.query<{ at: Date }>(
      `with due as (update app.document_fetches set next_attempt_at = now() where status = 'waiting' returning 1) select now() as at from due limit 1`,
    );
    let waiting = count;
    let lastLog = started;
    while (waiting > 0) {
      await sleep(50);
      waiting = await countOf(admin, "select count(*)::int as n from app.document_fetches where status = 'waiting'");
      if (performance.now() - lastLog > 2000) {
        lastLog = performance.now();
        log(`    ${((lastLog - started) / 1000).toFixed(1)} s: ${(count - waiting).toLocaleString("en")} done`);
      }
      if (performance.now() - started > 600_000) throw new Error(`the fetcher left ${waiting} of ${count} fetches waiting after 10 minutes:\n${fetcher.output().slice(-4000)}`);
      if (fetcher.process.exitCode !== null) throw new Error(`the fetcher exited:\n${fetcher.output().slice(-4000)}`);
    }
    // The database's clock: from the statement that made them due to the start of the last store.
    const { rows: [done] } = await admin.query<{ at: Date }>(`select max(updated_at) as at from app.document_fetches`);
    const seconds = (done!.at.getTime() - due!.at.getTime()) / 1000;
    const used = cpuDelta(before, await cpuSnapshot(pid, admin, databaseName));
    const gateway = (cpuSeconds(ipfs.process.pid!) ?? NaN) - gatewayBefore;
    const { rows } = await admin.query<{ status: string; n: number }>(`select status, count(*)::int as n from app.document_fetches group by status`);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const stored = await countOf(admin, "select count(*)::int as n from app.documents");
    return {
      documents: count,
      seconds,
      perSecond: count / seconds,
      stored,
      refused: by.refused ?? 0,
      cpu: { fetcher: used.server, postgres: used.postgres, gateway },
      pageChanges: (await countOf(admin, "select count(*)::int as n from app.page_changes")) - changesBefore,
      fetcherOutput: fetcher.output(),
    };
  } finally {
    await fetcher?.stop().catch(() => undefined);
    await ipfs.stop().catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

async function countOf(client: pg.Client, text: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(text);
  return rows[0]!.n;
}
