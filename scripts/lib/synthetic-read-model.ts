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
 * Block numbers are assigned per phase (chapters, memberships, executives, evaluations, info,
 * votes, departures, demotions, removals), and every event kind has its own log index, so every
 * event id `${block}-${logIndex}` is unique. Not modelled: the exact temporal order between a
 * recommendation and its recommender's own membership.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { LOCAL_WALLET } from "../../abis/deployments.js";
import { anvilAccount } from "./accounts.js";
import { startAnvil } from "./anvil.js";
import { deployParty } from "./deploy.js";
import { startIndexer } from "./indexer.js";
import { syntheticDocumentFiles, type SyntheticDocumentFile } from "./synthetic-documents.js";

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

/** The tables the synthetic load fills, by SQL name; the indexer's other tables stay empty. */
export const SYNTHETIC_TABLES = [
  "account_owners",
  "activity",
  "applications",
  "chapter_executives",
  "chapters",
  "evaluations",
  "executive_history",
  "info_messages",
  "members",
  "party_executives",
  "party_totals",
  "recommendations",
  "role_holders",
  "smart_accounts",
  "votes",
] as const;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,44}$/;
/** party_totals.last_event of every synthetic read model: a fake block hash and log index. */
export const SYNTHETIC_LAST_EVENT = `0x${"5e".repeat(32)}:0`;
/** anvil's first account, the local party admin (abis/deployments.ts LOCAL_ADMIN), lower-case. */
const PARTY_ADMIN = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const T0 = 1_700_000_000;

/** Log index per event kind: with per-kind unique blocks, every `${block}-${logIndex}` is unique. */
const LOG = {
  ChapterAdded: 0,
  CentralCommitteeMemberSet: 1,
  Applied: 2,
  Recommended: 3,
  ApplicationDecided: 4,
  JoinedChapter: 5,
  JoinedParty: 6,
  LeftOrRemoved: 7,
  ChapterExecutivePromoted: 8,
  ChapterExecutiveDemoted: 9,
  PartyExecutivePromoted: 10,
  PartyExecutiveDemoted: 11,
  RoleHolderSet: 12,
  EvaluationMinted: 13,
  PartyExecutiveScoreSet: 14,
  InfoSent: 15,
  VoteCast: 16,
  ChapterRemoved: 17,
} as const;

const CITIES = [
  "Berlin", "Hamburg", "München", "Köln", "Frankfurt", "Stuttgart", "Düsseldorf", "Leipzig", "Dortmund", "Essen",
  "Bremen", "Dresden", "Hannover", "Nürnberg", "Duisburg", "Bochum", "Wuppertal", "Bielefeld", "Bonn", "Münster",
  "Wien", "Graz", "Linz", "Zürich", "Basel", "Bern", "Lyon", "Paris", "Marseille", "Lille",
  "Amsterdam", "Rotterdam", "Utrecht", "Bruxelles", "Antwerpen", "København", "Malmö", "Oslo", "Kraków", "Praha",
];
const INFO_EVENTS = ["Statement", "GeneralAssembly", "Minutes", "Election", "Budget", "Congress"];

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
    const tables = SYNTHETIC_TABLES.map((t) => `${S}."${t}"`);

    // Loading into index-less tables and building each index once is several times faster than
    // maintaining them row by row; they are rebuilt below from their exact definitions and names.
    const { rows: constraints } = await client.query<{ table: string; name: string; def: string }>(
      `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = $1 and t.relname = any($2) and c.contype in ('p', 'u')
       order by t.relname, c.conname`,
      [schema, [...SYNTHETIC_TABLES]],
    );
    const { rows: indexes } = await client.query<{ table: string; name: string; def: string }>(
      `select t.relname as table, i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = $1 and t.relname = any($2)
         and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
       order by t.relname, i.relname`,
      [schema, [...SYNTHETIC_TABLES]],
    );
    for (const table of tables) await client.query(`alter table ${table} disable trigger all`);
    for (const index of indexes) await client.query(`drop index ${S}."${index.name}"`);
    for (const c of constraints) await client.query(`alter table ${S}."${c.table}" drop constraint "${c.name}"`);
    log(`${elapsed()}: triggers disabled, ${constraints.length} key and ${indexes.length} secondary indexes dropped for the load`);

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

    // Keys and indexes are independent: build them on both connections, biggest first.
    {
      const size = (table: string) => (table === "votes" ? 2 : table === "activity" ? 1 : 0);
      const builds = [
        ...constraints.map((c) => ({ what: `key ${c.name}`, table: c.table, text: `alter table ${S}."${c.table}" add constraint "${c.name}" ${c.def}` })),
        ...indexes.map((i) => ({ what: `index ${i.name}`, table: i.table, text: i.def })),
      ].sort((a, b) => size(b.table) - size(a.table));
      const vacuums = [...SYNTHETIC_TABLES]
        .sort((a, b) => size(b) - size(a))
        .map((t) => ({ what: `vacuum analyze ${t}`, table: t, text: `vacuum (analyze) ${S}."${t}"` }));
      const drain = async (queue: { what: string; text: string }[], connection: pg.Client) => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const t = Date.now();
          await connection.query(job.text);
          log(`${elapsed()}: ${job.what} in ${Date.now() - t} ms`);
        }
      };
      await Promise.all([drain(builds, client), drain(builds, second)]);
      for (const table of tables) await client.query(`alter table ${table} enable trigger all`);
      await Promise.all([drain(vacuums, client), drain(vacuums, second)]);
    }

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
  const rows = files.map(({ cid, document, bytes }) => ({
    cid,
    kind: document.kind,
    language: document.language,
    title: document.title,
    body: document.body,
    scale: document.kind === "evaluation" ? document.scale : null,
    size: bytes.length,
  }));
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

type Sizes = { S: string; C: number; M: number; E: number; V: number; I: number; PX: number; share: number };

type Step = (what: string, text: string) => Promise<void>;

/**
 * `step` runs on the main connection (which owns the temp tables, t_evaluation_document and
 * t_info_document among them: id, cid, digest), `step2` on the second one.
 */
async function loadSql(step: Step, step2: Step, { S, C, M, E, V, I, PX, share }: Sizes) {
  // Block ranges per phase.
  const B_CH = 100;
  const B_CC = B_CH + C + 100;
  const B_MEM = B_CC + C + 100;
  const B_EXEC = B_MEM + 10 * M + 100;
  const B_PX = B_EXEC + 5 * C + 100;
  const B_EVAL = B_PX + PX + 100;
  const B_INFO = B_EVAL + 4 * E + 100;
  const B_VOTE = B_INFO + 2 * I + 100;
  const B_LEAVE = B_VOTE + V + 100;
  const B_DEMOTE = B_LEAVE + M + 100;
  const B_CHREM = B_DEMOTE + C + PX + 100;
  const ts = (block: string) => `(${T0} + (${block}) * 2)`;
  const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const textArray = (values: string[]) => `array[${values.map(lit).join(", ")}]::text[]`;

  // Deterministic helpers, session-local (pg_temp): an address, a 32-byte hex digest from a label.
  await step(
    "helpers",
    `select setseed(0.4242);
     create function pg_temp.addr(label text) returns text language sql immutable as
       $$ select '0x' || substr(md5(label), 1, 32) || substr(md5(label || '#'), 1, 8) $$;
     create function pg_temp.digest(label text) returns text language sql immutable as
       $$ select '0x' || md5(label) || md5(label || '*') $$;`,
  );

  // Role holders.
  const roles = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"];
  await step(
    "role_holders",
    `create temp table t_role as
       select r.role, case when r.role = 'partyAdmin' then ${lit(PARTY_ADMIN)} else pg_temp.addr('role:' || r.role) end as holder,
         r.n::int as n
       from unnest(${textArray(roles)}) with ordinality as r(role, n);
     insert into ${S}.role_holders (role, holder, by, block, "timestamp")
       select role, holder, ${lit(PARTY_ADMIN)}, n, ${ts("n")} from t_role;`,
  );
  const role = (name: string) => `(select holder from t_role where role = '${name}')`;

  // Chapters (counters filled in at the end). The last 1 % of even hundreds are removed.
  await step(
    "t_chapter",
    `create temp table t_chapter as
       select id, (id % 100 = 0 and id > ${C} / 2) as removed, 1 + (id % 3) as n_exec,
         case when id % 97 = 13 then null
           else (${textArray(CITIES)})[1 + (id - 1) % ${CITIES.length}] || case when id > ${CITIES.length} then ' ' || (1 + (id - 1) / ${CITIES.length}) else '' end
         end as name
       from generate_series(1, ${C}) id;
     alter table t_chapter add primary key (id); analyze t_chapter;`,
  );

  // Accounts: status, chapter (skewed: u^3), kind of history.
  await step(
    "t_member",
    `create temp table t_member as
       with s as (
         select i, random() u1, random() u2, random() u3 from generate_series(1, ${M}) i
       ), k as (
         select i, u3,
           case when u1 < 0.87 then 'member' when u1 < 0.92 then 'left' when u1 < 0.95 then 'removed'
             when u3 < 0.5 then 'pending' when u3 < 0.75 then 'rejected' else 'partyonly' end as kind,
           1 + least(${C} - 1, floor(${C} * power(u2, 3))::int) as chapter0
         from s
       )
       select i, pg_temp.addr('member:' || i) as account, ${B_MEM} + i * 10 as b,
         case when kind = 'member' and c.removed then 'removed' else kind end as kind,
         -- applicants apply to a chapter that exists
         case when c.removed and kind = 'pending' then chapter0 - 1 else chapter0 end as chapter,
         case kind when 'member' then u3 < 0.7 when 'left' then u3 < 0.3 when 'partyonly' then true else u3 < 0.15 end as party_member
       from k join t_chapter c on c.id = k.chapter0;
     alter table t_member add primary key (i); analyze t_member;`,
  );

  // Current members, ranked per chapter (oldest first) and globally (by account), for picking
  // executives, recommenders and voters.
  await step(
    "t_cm",
    `create temp table t_cm as
       select chapter, row_number() over (partition by chapter order by i) as rn, account, i
       from t_member where kind = 'member';
     alter table t_cm add primary key (chapter, rn); analyze t_cm;
     create temp table t_csize as select chapter, count(*)::int as n from t_cm group by chapter;
     alter table t_csize add primary key (chapter); analyze t_csize;
     create temp table t_voter as select (row_number() over (order by account) - 1)::int as ord, account, i from t_cm;
     alter table t_voter add primary key (ord); analyze t_voter;`,
  );

  // Chapter executives: ranks 1..n_exec active; every tenth chapter also has a demoted one.
  await step(
    "t_exec",
    `create temp table t_exec as
       select c.id as chapter, cm.account, cm.rn, cm.rn <= c.n_exec as active,
         ${B_EXEC} + c.id * 5 + cm.rn as promoted_block,
         case when cm.rn > c.n_exec then ${B_DEMOTE} + c.id end as demoted_block
       from t_chapter c join t_cm cm on cm.chapter = c.id
       where cm.rn <= c.n_exec + case when c.id % 10 = 0 then 1 else 0 end;
     analyze t_exec;
     create temp table t_cc as
       select c.id as chapter, coalesce(cc.account, first.account) as account
       from t_chapter c
       join t_cm first on first.chapter = c.id and first.rn = 1
       left join t_cm cc on cc.chapter = c.id and cc.rn = c.n_exec + 2;`,
  );

  // Party executives: spread over current members; every fifth one demoted.
  await step(
    "t_px",
    `create temp table t_px as
       select j, v.account, j % 5 <> 4 as active
       from generate_series(0, least(${PX}, (select count(*) from t_voter)::int) - 1) j
       join t_voter v on v.ord = j * greatest(1, (select count(*) from t_voter)::int / ${PX});
     create temp table t_px_active as select row_number() over (order by j) - 1 as n, account from t_px where active;`,
  );

  // Applications: an approved one behind every membership (also for former members), pending
  // and rejected ones for the rest; decided by the chapter's first executive.
  await step(
    "t_app",
    `create temp table t_app as
       select m.b || '-${LOG.Applied}' as id, m.i, m.account, m.chapter, m.kind, m.b as applied_block,
         case m.kind when 'pending' then 'applied' when 'rejected' then 'rejected' else 'approved' end as status,
         case m.kind when 'pending' then m.i % 4 when 'rejected' then m.i % 2 else 1 + m.i % 2 end as n_rec,
         case when m.kind = 'pending' then null
           else coalesce(nullif(e.account, m.account), ${role("chapterAdmin")}) end as decided_by
       from t_member m
       left join t_exec e on e.chapter = m.chapter and e.rn = 1
       where m.kind <> 'partyonly';
     alter table t_app add primary key (id); analyze t_app;`,
  );
  await step(
    "t_rec",
    `create temp table t_rec as
       select distinct on (a.id, cm.account)
         (a.applied_block + 1 + k) || '-${LOG.Recommended}' as id, a.id as application_id, a.account, a.chapter,
         cm.account as by, a.applied_block + 1 + k as block
       from t_app a
       cross join lateral generate_series(0, a.n_rec - 1) k
       join t_csize s on s.chapter = a.chapter
       join t_cm cm on cm.chapter = a.chapter and cm.rn = 1 + (a.i * 31 + k * 7919) % s.n
       where cm.account <> a.account
       order by a.id, cm.account, k;
     create index on t_rec (application_id, block); analyze t_rec;`,
  );

  await step(
    "recommendations",
    `insert into ${S}.recommendations (id, application_id, account, chapter_id, by, block, "timestamp")
       select id, application_id, account, chapter, by, block, ${ts("block")} from t_rec`,
  );
  await step(
    "applications",
    `insert into ${S}.applications
       (id, account, chapter_id, status, recommenders, applied_block, applied_at, decided_by, decided_block, decided_at)
       select a.id, a.account, a.chapter, a.status::${S}.application_status,
         coalesce(r.recommenders, '{}'), a.applied_block, ${ts("a.applied_block")}, a.decided_by,
         case when a.decided_by is not null then a.applied_block + 5 end,
         case when a.decided_by is not null then ${ts("a.applied_block + 5")} end
       from t_app a
       left join (select application_id, array_agg(by order by block) as recommenders from t_rec group by application_id) r
         on r.application_id = a.id`,
  );
  await step(
    "members",
    `insert into ${S}.members (account, chapter_id, status, joined_block, joined_at, party_member, party_executive,
         executive_of, pending_application_id, first_seen_block)
       select m.account,
         case when m.kind in ('member', 'left', 'removed') then m.chapter end,
         (case when m.kind in ('member', 'left', 'removed') then m.kind else 'none' end)::${S}.member_status,
         case when m.kind in ('member', 'left', 'removed') then m.b + 5 end,
         case when m.kind in ('member', 'left', 'removed') then ${ts("m.b + 5")} end,
         m.party_member, coalesce(px.active, false), e.chapter,
         case when m.kind = 'pending' then m.b || '-${LOG.Applied}' end,
         case when m.kind = 'partyonly' then m.b + 6 else m.b end
       from t_member m
       left join t_exec e on e.account = m.account and e.active
       left join t_px px on px.account = m.account`,
  );
  // Votes load on the second connection meanwhile (its own voter list, from the members just
  // inserted: the current members in account order). Vote k goes to evaluation
  // 1 + floor(E * ((k - 0.5) / V)^2), so evaluation 1 gets ~V/sqrt(E) votes and the newest ~V/(2E);
  // within an evaluation the voters are consecutive members in account order, hence unique.
  const votesLoaded = (async () => {
    await step2(
      "t_voter (second connection)",
      `select setseed(0.4343);
       create temp table t_voter as
         select (row_number() over (order by account) - 1)::int as ord, account from ${S}.members where status = 'member';
       alter table t_voter add primary key (ord); analyze t_voter;`,
    );
    await step2(
      "votes (second connection)",
      `insert into ${S}.votes (evaluation_id, voter, score, block, "timestamp")
         select g.e, v.account,
           least(127, greatest(-128, round(((g.e * 37) % 160) - 60 + 90 * (random() + random() + random() - 1.5))))::int,
           ${B_VOTE} + g.k, ${ts(`${B_VOTE} + g.k`)}
         from (
           select k, least(${E}, 1 + floor(${E} * power((k - 0.5)::float8 / ${V}, 2))::int) as e from generate_series(1, ${V}) k
         ) g
         join t_voter v on v.ord = (g.e::bigint * 7919 + g.k) % (select count(*) from t_voter)`,
    );
  })();
  // Awaited below; until then a failure must not count as an unhandled rejection.
  votesLoaded.catch(() => undefined);

  await step(
    "chapter_executives",
    `insert into ${S}.chapter_executives (account, chapter_id, active, promoted_by, promoted_block, demoted_by, demoted_block)
       select account, chapter, active, ${role("chapterAdmin")}, promoted_block,
         case when demoted_block is not null then ${role("chapterAdmin")} end, demoted_block
       from t_exec`,
  );
  await step(
    "party_executives",
    `insert into ${S}.party_executives (account, active, promoted_by, promoted_block, demoted_by, demoted_block)
       select account, active, ${lit(PARTY_ADMIN)}, ${B_PX} + j,
         case when not active then ${lit(PARTY_ADMIN)} end, case when not active then ${B_DEMOTE + C} + j end
       from t_px`,
  );
  await step(
    "executive_history",
    `insert into ${S}.executive_history (id, account, chapter_id, action, by, block, "timestamp")
       select block || '-' || log_index, account, chapter, action::${S}.executive_action, by, block, ${ts("block")}
       from (
         select account, chapter, 'promoted' as action, ${role("chapterAdmin")} as by, promoted_block as block, ${LOG.ChapterExecutivePromoted} as log_index from t_exec
         union all
         select account, chapter, 'demoted', ${role("chapterAdmin")}, demoted_block, ${LOG.ChapterExecutiveDemoted} from t_exec where demoted_block is not null
         union all
         select account, null, 'promoted', ${lit(PARTY_ADMIN)}, ${B_PX} + j, ${LOG.PartyExecutivePromoted} from t_px
         union all
         select account, null, 'demoted', ${lit(PARTY_ADMIN)}, ${B_DEMOTE + C} + j, ${LOG.PartyExecutiveDemoted} from t_px where not active
       ) h`,
  );

  // Evaluations in chapters that exist (their counters once the votes are in).
  await step(
    "t_eval",
    `create temp table t_eval as
       select e.id, case when c.removed then c.id - 1 else c.id end as chapter,
         case when e.id % 3 = 0 then ((e.id * 53) % 256) - 128 end as px_score,
         case when e.id % 3 = 0 then (select account from t_px_active where n = e.id % greatest(1, (select count(*) from t_px_active))) end as px_by
       from (select id, 1 + least(${C} - 1, floor(${C} * power(random(), 2))::int) as chapter0 from generate_series(1, ${E}) id) e
       join t_chapter c on c.id = e.chapter0;
     alter table t_eval add primary key (id); analyze t_eval;`,
  );
  await step(
    "info_messages",
    `insert into ${S}.info_messages (id, event_name, info_type, hash_code, hash_size, hash_digest, cid, sender, block, "timestamp")
       select id, (${textArray(INFO_EVENTS)})[1 + least(${INFO_EVENTS.length - 1}, floor(${INFO_EVENTS.length} * power(random(), 1.8))::int)],
         floor(random() * 8)::int, 18, 32, digest, cid,
         case when id % 10 = 0 then coalesce((select account from t_px_active where n = id % greatest(1, (select count(*) from t_px_active))), ${role("infoSender")})
           else ${role("infoSender")} end,
         ${B_INFO} + id * 2, ${ts(`${B_INFO} + id * 2`)}
       from t_info_document order by id`,
  );
  await step(
    "chapters",
    `insert into ${S}.chapters (id, location, location_text, x, y, member_count, executive_count, pending_application_count,
         evaluation_count, central_committee_member, added_block, added_at, removed_block)
       select c.id,
         case when c.name is null then pg_temp.digest('location:' || c.id)
           else '0x' || rpad(encode(convert_to(c.name, 'UTF8'), 'hex'), 64, '0') end,
         c.name, (c.id * 7919) % 65536, (c.id * 104729) % 65536,
         coalesce(m.n, 0), coalesce(x.n, 0), coalesce(p.n, 0), coalesce(ev.n, 0), cc.account,
         ${B_CH} + c.id, ${ts(`${B_CH} + c.id`)}, case when c.removed then ${B_CHREM} + c.id end
       from t_chapter c
       left join t_csize m on m.chapter = c.id
       left join (select chapter, count(*)::int as n from t_exec where active group by chapter) x on x.chapter = c.id
       left join (select chapter, count(*)::int as n from t_app where status = 'applied' group by chapter) p on p.chapter = c.id
       left join (select chapter, count(*)::int as n from t_eval group by chapter) ev on ev.chapter = c.id
       left join t_cc cc on cc.chapter = c.id`,
  );

  // One activity row per event.
  const activity = (
    what: string,
    log: number,
    select: { block: string; kind: string; actor: string; subject: string; chapter: string; evaluation: string; info?: string; from: string },
  ) =>
    step(
      `activity: ${what}`,
      `insert into ${S}.activity (id, sort_key, block_number, block_hash, "timestamp", tx_hash, log_index, kind, actor, subject, chapter_id, evaluation_id, info_id)
         select block || '-${log}', block::numeric * 1048576 + ${log}, block, pg_temp.digest('block:' || block), ${ts("block")}, pg_temp.digest('tx:' || block), ${log},
           kind, actor, subject, chapter_id, evaluation_id, info_id
         from (select ${select.block} as block, ${select.kind} as kind, ${select.actor} as actor, ${select.subject} as subject,
                 ${select.chapter}::numeric as chapter_id, ${select.evaluation}::numeric as evaluation_id, ${select.info ?? "null"}::numeric as info_id
               from ${select.from}) a`,
    );
  const chapterAdmin = role("chapterAdmin");
  await activity("RoleHolderSet", LOG.RoleHolderSet, {
    block: "n", kind: "'RoleHolderSet:' || role", actor: lit(PARTY_ADMIN), subject: "holder", chapter: "null", evaluation: "null", from: "t_role",
  });
  await activity("ChapterAdded", LOG.ChapterAdded, {
    block: `${B_CH} + id`, kind: "'ChapterAdded'", actor: chapterAdmin, subject: "null", chapter: "id", evaluation: "null", from: "t_chapter",
  });
  await activity("CentralCommitteeMemberSet", LOG.CentralCommitteeMemberSet, {
    block: `${B_CC} + chapter`, kind: "'CentralCommitteeMemberSet'", actor: chapterAdmin, subject: "account", chapter: "chapter", evaluation: "null", from: "t_cc",
  });
  await activity("Applied", LOG.Applied, {
    block: "applied_block", kind: "'Applied'", actor: "account", subject: "account", chapter: "chapter", evaluation: "null", from: "t_app",
  });
  await activity("Recommended", LOG.Recommended, {
    block: "block", kind: "'Recommended'", actor: "by", subject: "account", chapter: "chapter", evaluation: "null", from: "t_rec",
  });
  await activity("ApplicationApproved/Rejected", LOG.ApplicationDecided, {
    block: "applied_block + 5", kind: "case status when 'approved' then 'ApplicationApproved' else 'ApplicationRejected' end",
    actor: "decided_by", subject: "account", chapter: "chapter", evaluation: "null", from: "t_app where decided_by is not null",
  });
  await activity("JoinedChapter", LOG.JoinedChapter, {
    block: "applied_block + 5", kind: "'JoinedChapter'", actor: "decided_by", subject: "account", chapter: "chapter", evaluation: "null",
    from: "t_app where status = 'approved'",
  });
  await activity("JoinedParty", LOG.JoinedParty, {
    block: "b + 6", kind: "'JoinedParty'", actor: lit(PARTY_ADMIN), subject: "account", chapter: "null", evaluation: "null",
    from: "t_member where party_member",
  });
  await activity("LeftChapter/RemovedFromChapter", LOG.LeftOrRemoved, {
    block: `${B_LEAVE} + m.i`, kind: "case m.kind when 'left' then 'LeftChapter' else 'RemovedFromChapter' end",
    actor: `case m.kind when 'left' then m.account else coalesce(nullif(e.account, m.account), ${chapterAdmin}) end`,
    subject: "m.account", chapter: "m.chapter", evaluation: "null",
    from: "t_member m left join t_exec e on e.chapter = m.chapter and e.rn = 1 where m.kind in ('left', 'removed')",
  });
  await activity("ChapterExecutivePromoted", LOG.ChapterExecutivePromoted, {
    block: "promoted_block", kind: "'ChapterExecutivePromoted'", actor: chapterAdmin, subject: "account", chapter: "chapter", evaluation: "null", from: "t_exec",
  });
  await activity("ChapterExecutiveDemoted", LOG.ChapterExecutiveDemoted, {
    block: "demoted_block", kind: "'ChapterExecutiveDemoted'", actor: chapterAdmin, subject: "account", chapter: "chapter", evaluation: "null",
    from: "t_exec where demoted_block is not null",
  });
  await activity("PartyExecutivePromoted", LOG.PartyExecutivePromoted, {
    block: `${B_PX} + j`, kind: "'PartyExecutivePromoted'", actor: lit(PARTY_ADMIN), subject: "account", chapter: "null", evaluation: "null", from: "t_px",
  });
  await activity("PartyExecutiveDemoted", LOG.PartyExecutiveDemoted, {
    block: `${B_DEMOTE + C} + j`, kind: "'PartyExecutiveDemoted'", actor: lit(PARTY_ADMIN), subject: "account", chapter: "null", evaluation: "null",
    from: "t_px where not active",
  });
  await activity("EvaluationMinted", LOG.EvaluationMinted, {
    block: `${B_EVAL} + id * 4`, kind: "'EvaluationMinted'", actor: role("evaluationMinter"), subject: "null", chapter: "chapter", evaluation: "id", from: "t_eval",
  });
  await activity("PartyExecutiveScoreSet", LOG.PartyExecutiveScoreSet, {
    block: `${B_EVAL} + id * 4 + 2`, kind: "'PartyExecutiveScoreSet'", actor: "px_by", subject: "null", chapter: "chapter", evaluation: "id",
    from: "t_eval where px_score is not null",
  });
  await activity("InfoSent", LOG.InfoSent, {
    block: "block", kind: "'InfoSent'", actor: "sender", subject: "null", chapter: "null", evaluation: "null", info: "id", from: `${S}.info_messages`,
  });
  await votesLoaded;
  await step(
    "evaluations",
    `insert into ${S}.evaluations (id, chapter_id, hash_code, hash_size, hash_digest, cid, vote_count, score_sum,
         party_executive_score, party_executive_scored_by, minted_by, block, "timestamp")
       select e.id, e.chapter, 18, 32, d.digest, d.cid,
         coalesce(v.n, 0), coalesce(v.score_sum, 0), e.px_score, e.px_by, ${role("evaluationMinter")},
         ${B_EVAL} + e.id * 4, ${ts(`${B_EVAL} + e.id * 4`)}
       from t_eval e
       join t_evaluation_document d on d.id = e.id
       left join (select evaluation_id, count(*)::int as n, sum(score)::int as score_sum from ${S}.votes group by evaluation_id) v
         on v.evaluation_id = e.id`,
  );
  await activity(`VoteCast (newest ${Math.round(share * 100)} %)`, LOG.VoteCast, {
    block: "v.block", kind: "'VoteCast'", actor: "v.voter", subject: "null", chapter: "e.chapter", evaluation: "v.evaluation_id",
    from: `${S}.votes v join t_eval e on e.id = v.evaluation_id where v.block > ${B_VOTE + Math.floor(V * (1 - share))}`,
  });
  await activity("ChapterRemoved", LOG.ChapterRemoved, {
    block: `${B_CHREM} + id`, kind: "'ChapterRemoved'", actor: chapterAdmin, subject: "null", chapter: "id", evaluation: "null",
    from: "t_chapter where removed",
  });

  // Every account a passkey account of the local factory: one passkey each, a second for a third of them.
  const owner = (label: string) => `'${LOCAL_WALLET.webAuthnVerifier.toLowerCase()}' || substr(pg_temp.digest('qx:' || ${label}), 3) || substr(pg_temp.digest('qy:' || ${label}), 3)`;
  await step(
    "smart_accounts, account_owners",
    `insert into ${S}.smart_accounts (account, salt, created_block, created_at)
       select account, '0x${"00".repeat(32)}', b, ${ts("b")} from t_member;
     insert into ${S}.account_owners (account, owner, added_block, added_at)
       select account, ${owner("i")}, b, ${ts("b")} from t_member
       union all
       select account, ${owner("'second:' || i")}, b + 1, ${ts("b + 1")} from t_member where i % 3 = 0;`,
  );

  // The indexer's Party:setup handler created the row (all zero) before the load.
  await step("party_totals: the setup handler's row", `delete from ${S}.party_totals`);
  await step(
    "party_totals",
    `insert into ${S}.party_totals (id, chapter_count, member_count, party_member_count, pending_application_count,
         evaluation_count, vote_count, info_count, last_event)
       select 1,
         (select count(*) from ${S}.chapters where removed_block is null),
         (select count(*) from ${S}.members where status = 'member'),
         (select count(*) from ${S}.members where party_member),
         (select count(*) from ${S}.applications where status = 'applied'),
         (select count(*) from ${S}.evaluations),
         (select count(*) from ${S}.votes),
         (select count(*) from ${S}.info_messages),
         '${SYNTHETIC_LAST_EVENT}'`,
  );
}
