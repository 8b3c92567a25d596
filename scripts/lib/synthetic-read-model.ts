/**
 * A large, internally consistent read model for EXPLAIN tests and the views benchmark, without
 * sending a million transactions.
 *
 * The tables are Ponder's own: the real indexer (`ponder start`) runs once against a fresh anvil
 * with the party contract deployed and no events, until it is ready, so its tables, indexes,
 * triggers and the views schema exist exactly as in production. Then it is stopped and the tables
 * are bulk-filled with set-based SQL (`INSERT … SELECT … FROM generate_series`): Ponder's triggers
 * are disabled meanwhile, secondary indexes are dropped and rebuilt from their exact definitions,
 * and the tables are vacuumed and analysed at the end.
 *
 * Shapes (defaults): 1,000 chapters, 100,000 accounts spread over chapters with a heavy skew (the
 * biggest chapter has ~10 % of them, the smallest a few dozen), statuses mostly "member" with some
 * left/removed/none, 1–3 active executives and a central committee member per chapter, an approved
 * application with recommendations behind every membership plus pending and rejected ones,
 * 10,000 evaluations (the oldest with ~10,000 votes, the newest with ~50), 1,000,000 votes with
 * unique (evaluation, voter) pairs and int8 scores, 10,000 info messages and one activity row per
 * event (VoteCast activity only for the newest `voteActivityShare` of the votes, to keep the
 * activity table at a few hundred thousand rows), and every account a passkey account with one
 * passkey (a third of them two). Counters on chapters and evaluations and the party_totals row are
 * computed from the child rows, so they agree with them; its last_event (the read model's version)
 * is a fixed fake `<block hash>:<log index>`, SYNTHETIC_LAST_EVENT. Every evaluation and info
 * message names the CID of a document of its own (./synthetic-documents.ts: the demo documents'
 * texts, varied per id); with `documents`, the evaluations' documents are stored (app.documents)
 * as the fetcher leaves them.
 *
 * Block numbers are assigned per phase, and every event kind has its own log index, so every
 * event id `${block}-${logIndex}` is unique (./synthetic-read-model/sql.ts). Not modelled: the
 * exact temporal order between a recommendation and its recommender's own membership. The SQL
 * steps are in ./synthetic-read-model/ (people.ts, evaluations.ts, activity.ts, in the order
 * load.ts runs them); indexes.ts sets the indexes aside for the load.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { anvilAccount } from "./accounts.js";
import { startAnvil } from "./anvil.js";
import { deployParty } from "./deploy.js";
import { startIndexer } from "./indexer.js";
import { syntheticDocumentFiles, type SyntheticDocumentFile } from "./synthetic-documents.js";
import { documentRow } from "../../app/documents/document.js";
import { setIndexesAside } from "./synthetic-read-model/indexes.js";
import { loadSql } from "./synthetic-read-model/load.js";
import { SYNTHETIC_TABLES } from "./synthetic-read-model/sql.js";

export type SyntheticReadModelParameters = {
  databaseUrl: string;
  chapters?: number;
  /** Accounts in the members table (members, former members, applicants, party-only members). */
  members?: number;
  evaluations?: number;
  votes?: number;
  infoMessages?: number;
  /** Rows in party_executives; 80 % of them active. */
  partyExecutives?: number;
  /** The newest share of votes that also get a VoteCast activity row (0..1). */
  voteActivityShare?: number;
  /**
   * The evaluations' documents in app.documents and their fetches done (app.document_fetches), as the
   * document fetcher leaves them; the app's migrations must have run. The info messages' documents
   * are left to fetch. Default false: nothing is stored, the CIDs are the documents' all the same.
   */
  documents?: boolean;
  /** Tables schema; `synth_<random>` by default. The views schema is `<schema>_views` by default. */
  schema?: string;
  viewsSchema?: string;
  /** Progress lines; stderr by default. */
  log?: (line: string) => void;
};

export type SyntheticReadModel = {
  /** Where Ponder's tables live. */
  schema: string;
  /** The views schema the app reads (READ_MODEL_SCHEMA). */
  viewsSchema: string;
  /** Exact row counts per table after the load. */
  counts: Record<string, number>;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,44}$/;

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

export async function createSyntheticReadModel(params: SyntheticReadModelParameters): Promise<SyntheticReadModel> {
  const C = positiveInteger("chapters", params.chapters ?? 1000);
  const M = positiveInteger("members", params.members ?? 100_000);
  const E = positiveInteger("evaluations", params.evaluations ?? 10_000);
  const V = positiveInteger("votes", params.votes ?? 1_000_000);
  const I = positiveInteger("infoMessages", params.infoMessages ?? 10_000);
  const PX = positiveInteger("partyExecutives", params.partyExecutives ?? 60);
  const share = params.voteActivityShare ?? 0.1;
  if (!(share >= 0 && share <= 1)) throw new Error(`voteActivityShare must be within 0..1, got ${share}`);
  const schema = params.schema ?? `synth_${randomBytes(5).toString("hex")}`;
  const viewsSchema = params.viewsSchema ?? `${schema}_views`;
  for (const name of [schema, viewsSchema]) {
    if (!SCHEMA_NAME.test(name)) throw new Error(`schema names must match ${SCHEMA_NAME}, got "${name}"`);
  }
  const log = params.log ?? ((line: string) => process.stderr.write(`[synthetic] ${line}\n`));
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  // 1. Let the real indexer create its tables, indexes, triggers and views; meanwhile (it is another
  // process) the documents' CIDs.
  const files = (async () => ({ evaluation: await syntheticDocumentFiles("evaluation", E), info: await syntheticDocumentFiles("info", I) }))();
  files.catch(() => undefined);
  await createPonderTables(params.databaseUrl, schema, viewsSchema);
  log(`${elapsed()}: ponder created ${schema} (views ${viewsSchema})`);
  const documents = await files;
  log(`${elapsed()}: ${(E + I).toLocaleString("en")} documents and their CIDs`);

  // 2. Bulk load.
  // Two connections: the machine has two cores, and the votes (the biggest table) load while the
  // rest does, as do the index builds.
  const client = new pg.Client({ connectionString: params.databaseUrl });
  const second = new pg.Client({ connectionString: params.databaseUrl });
  client.on("error", () => undefined);
  second.on("error", () => undefined);
  try {
    await client.connect();
    await second.connect();
    const stepOn = (connection: pg.Client) => async (what: string, text: string) => {
      const t = Date.now();
      const result = await connection.query(text);
      log(`${elapsed()}: ${what}${result.rowCount ? ` (${result.rowCount.toLocaleString("en")} rows)` : ""} in ${Date.now() - t} ms`);
    };
    const session = `set synchronous_commit = off; set work_mem = '128MB'; set maintenance_work_mem = '256MB'`;
    await client.query(session);
    await second.query(session);
    const S = `"${schema}"`;
    const indexes = await setIndexesAside(client, schema, (line) => log(`${elapsed()}: ${line}`));

    // The CIDs and digests the evaluations and info messages name, as temp tables of the main connection.
    for (const kind of ["evaluation", "info"] as const) {
      const list = documents[kind];
      await client.query(
        `create temp table t_${kind}_document as select * from unnest($1::int[], $2::text[], $3::text[]) as d(id, cid, digest)`,
        [list.map((f) => f.id), list.map((f) => f.cid), list.map((f) => f.digest)],
      );
      await client.query(`alter table t_${kind}_document add primary key (id); analyze t_${kind}_document`);
    }

    await loadSql(stepOn(client), stepOn(second), { S, C, M, E, V, I, PX, share });
    await indexes.restore(second);

    const counts: Record<string, number> = {};
    for (const table of SYNTHETIC_TABLES) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${S}."${table}"`);
      counts[table] = rows[0]!.n;
    }
    if (params.documents) {
      const t = Date.now();
      await storeEvaluationDocuments(client, documents.evaluation);
      log(`${elapsed()}: app.documents: the ${E.toLocaleString("en")} evaluations' documents, fetched, in ${Date.now() - t} ms`);
    }
    log(`${elapsed()}: done: ${Object.entries(counts).map(([t, n]) => `${t} ${n.toLocaleString("en")}`).join(", ")}`);
    return { schema, viewsSchema, counts };
  } finally {
    await client.end().catch(() => undefined);
    await second.end().catch(() => undefined);
  }
}

/** The documents as the fetcher stores them (app/services/documents.server.ts storeDocuments), and their fetches done. */
async function storeEvaluationDocuments(client: pg.Client, files: SyntheticDocumentFile[]) {
  const rows = files.map(({ cid, document, bytes }) => documentRow({ cid, document, size: bytes.length }));
  await client.query(
    `insert into app.documents (cid, kind, language, title, body, scale, size)
     select cid, kind, language, title, body, scale, size
     from jsonb_to_recordset($1::jsonb) as x(cid text, kind text, language text, title text, body text, scale jsonb, size integer)
     on conflict (cid) do nothing`,
    [JSON.stringify(rows)],
  );
  await client.query(
    `insert into app.document_fetches (cid, kind, status, attempts) select cid, 'evaluation', 'stored', 1 from unnest($1::text[]) as cid
     on conflict (cid) do nothing`,
    [files.map((f) => f.cid)],
  );
  await client.query("analyze app.documents; analyze app.document_fetches");
}

/** Runs `ponder start` once against an empty chain with the contract deployed, until ready. */
async function createPonderTables(databaseUrl: string, schema: string, viewsSchema: string) {
  const anvil = await startAnvil();
  try {
    await deployParty({ rpcUrl: anvil.rpcUrl, deployer: anvilAccount(0) });
    const indexer = await startIndexer({ databaseUrl, rpcUrl: anvil.rpcUrl, schema, viewsSchema });
    try {
      await indexer.waitReady(180_000);
    } finally {
      await indexer.stop();
    }
  } finally {
    await anvil.stop();
  }
}
