/**
 * Every model query against a large read model (scripts/lib/synthetic-read-model.ts: 1,000
 * chapters, 100,000 accounts, 10,000 evaluations, 1,000,000 votes, ~600,000 activity rows) must be
 * index-backed: each model function runs under `observeQueries(…, { explain: true })` with
 * representative parameters, and no plan may contain a sequential scan of a table with more than
 * 10,000 rows. Every function exported by an app/models or app/services module that queries the
 * database through the gateway (imports db/query) must appear here, or be listed as not querying it, so a new model function
 * cannot skip this check. (Modules over the app's own tables or the chain are out of scope.) The
 * cases: explain-cases.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { Address, Hex } from "viem";
import { migrate } from "../../../db/migrate.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { ROOT } from "../../../scripts/lib/paths.js";
import { createSyntheticReadModel, type SyntheticReadModel } from "../../../scripts/lib/synthetic-read-model.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";
import { CASES, NOT_READ_MODEL_QUERIES, type Fixtures, type Models } from "./explain-cases.js";

const SEQ_SCAN_LIMIT = 10_000;

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[]; [key: string]: unknown };

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

let database: TestDatabase;
let readModel: SyntheticReadModel;
let models: Models;
let fixtures: Fixtures;
/** Rows per table of the synthetic schema: the larger of pg_class.reltuples and count(*). */
let rowCounts: Map<string, number>;

beforeAll(async () => {
  database = await setupTestDatabase();
  readModel = await createSyntheticReadModel({
    databaseUrl: database.url,
    // Only the milestones: the per-step timings are for scripts/bench-views.ts.
    log: (line) => /ponder created|done:/.test(line) && process.stderr.write(`[synthetic] ${line}\n`),
  });

  // db/query.server.ts reads READ_MODEL_SCHEMA at import time, and db/client.server.ts DATABASE_URL on first use.
  process.env.DATABASE_URL = database.url;
  process.env.READ_MODEL_SCHEMA = readModel.viewsSchema;
  // The status bar's sources: closed ports, so getIndexerState fails fast without touching anything.
  process.env.INDEXER_URL = `http://127.0.0.1:${await freePort()}`;
  process.env.CHAIN_RPC_URL = `http://127.0.0.1:${await freePort()}`;
  models = {
    chapters: await import("../../../app/models/chapters.server"),
    members: await import("../../../app/models/members.server"),
    membersSearch: await import("../../../app/models/members-search.server"),
    evaluations: await import("../../../app/models/evaluations.server"),
    info: await import("../../../app/models/info.server"),
    party: await import("../../../app/models/party.server"),
    proofs: await import("../../../app/services/proofs.server"),
    indexerStatus: await import("../../../app/services/indexer-status.server"),
    readModel: await import("../../../db/query.server"),
    viewer: await import("../../../app/models/viewer.server"),
    accountOwners: await import("../../../app/models/account-owners.server"),
    applicationStatements: await import("../../../app/models/application-statements.server"),
  };
  // The viewer reads the app's own sessions table beside the read model.
  await migrate(database.url);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const S = `"${readModel.schema}"`;
    const one = async <T>(text: string): Promise<T> => {
      const { rows } = await client.query(text);
      if (!rows[0]) throw new Error(`no fixture row for: ${text}`);
      return Object.values(rows[0])[0] as T;
    };
    const { rows: stats } = await client.query<{ relname: string; reltuples: number }>(
      `select c.relname, c.reltuples::float8 as reltuples from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'r'`,
      [readModel.schema],
    );
    rowCounts = new Map(stats.map((s) => [s.relname, Math.max(s.reltuples, readModel.counts[s.relname] ?? 0)]));

    const bigChapter = BigInt(await one<string>(`select id from ${S}.chapters where removed_block is null order by member_count desc, id limit 1`));
    const queueChapter = BigInt(await one<string>(`select id from ${S}.chapters order by pending_application_count desc, id limit 1`));
    const queueCursor = await client.query<{ applied_block: string; id: string }>(
      `select applied_block, id from ${S}.applications where chapter_id = ${queueChapter} and status = 'applied'
       order by applied_block, id offset 10 limit 1`,
    );
    const manyVotesEvaluation = BigInt(await one<string>(`select id from ${S}.evaluations order by vote_count desc, id limit 1`));
    fixtures = {
      bigChapter,
      smallChapter: BigInt(await one<string>(`select id from ${S}.chapters where member_count > 0 order by member_count, id limit 1`)),
      bigChapterMiddleAccount: await one<Address>(
        `select account from ${S}.members where chapter_id = ${bigChapter} and status = 'member' order by account
         offset (select member_count / 2 from ${S}.chapters where id = ${bigChapter}) limit 1`,
      ),
      queueChapter,
      queueCursor: { block: BigInt(queueCursor.rows[0]!.applied_block), id: queueCursor.rows[0]!.id },
      chapterExecutive: await one<Address>(
        `select account from ${S}.chapter_executives where chapter_id = ${bigChapter} and active order by promoted_block limit 1`,
      ),
      busiestVoter: await one<Address>(`select voter from ${S}.votes group by voter order by count(*) desc, voter limit 1`),
      pendingApplicant: await one<Address>(`select account from ${S}.members where pending_application_id is not null order by account limit 1`),
      partyExecutive: await one<Address>(`select account from ${S}.party_executives where active order by account limit 1`),
      partyOnlyMember: await one<Address>(
        `select account from ${S}.members where status = 'none' and party_member and pending_application_id is null order by account limit 1`,
      ),
      manyVotesEvaluation,
      newestEvaluation: BigInt(await one<string>(`select max(id) from ${S}.evaluations`)),
      manyVotesMiddleVoter: await one<Address>(
        `select voter from ${S}.votes where evaluation_id = ${manyVotesEvaluation} order by voter
         offset (select vote_count / 2 from ${S}.evaluations where id = ${manyVotesEvaluation}) limit 1`,
      ),
      commonEventName: await one<string>(`select event_name from ${S}.info_messages group by 1 order by count(*) desc limit 1`),
      rareEventName: await one<string>(`select event_name from ${S}.info_messages group by 1 order by count(*), 1 limit 1`),
      newestInfoId: BigInt(await one<string>(`select max(id) from ${S}.info_messages`)),
      passkeyOwner: await one<Hex>(
        `select owner from ${S}.account_owners where account = (select account from ${S}.account_owners group by account having count(*) = 2 order by account limit 1) order by owner limit 1`,
      ),
      executiveRequest: new Request("http://app.test/"),
      executiveToken: "",
    };
    const { createSession } = await import("../../../app/models/sessions.server");
    const { SESSION_COOKIE } = await import("../../../app/utils/session-cookie.server");
    const { token } = await createSession(fixtures.chapterExecutive);
    fixtures.executiveRequest = new Request("http://app.test/", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    fixtures.executiveToken = token;
  } finally {
    await client.end();
  }
}, 600_000);

afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await database?.drop();
});

describe("read model plans on a large data set", () => {
  it("loaded the synthetic read model", () => {
    expect(readModel.counts.votes).toBe(1_000_000);
    expect(readModel.counts.members).toBe(100_000);
    expect(rowCounts.get("activity")).toBeGreaterThan(100_000);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s: no sequential scan of a table over 10,000 rows", async (_name, c) => {
    const { error, queries } = await models.readModel.observeQueries(() => c.run(models, fixtures), { explain: true });
    expect(error, `${c.fn} failed`).toBeUndefined();
    expect(queries.length, `${c.fn} ran no query`).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const query of queries) {
      const plan = (query.plan as { Plan: PlanNode }[])[0]!.Plan;
      for (const relation of seqScans(plan)) {
        const rows = rowCounts.get(relation) ?? 0;
        if (rows > SEQ_SCAN_LIMIT) {
          problems.push(
            `${c.fn} (${c.name}): Seq Scan on ${relation} (${rows.toLocaleString("en")} rows)\n` +
              `  sql: ${query.sql.replace(/\s+/g, " ").trim()}\n  params: ${JSON.stringify(query.params)}\n` +
              `  plan: ${JSON.stringify(plan)}`,
          );
        }
      }
    }
    expect(problems, problems.join("\n\n")).toEqual([]);
  });

  it("getIndexerState runs no SQL", async () => {
    const { error, queries } = await models.readModel.observeQueries(() => models.indexerStatus.getIndexerState(), { explain: true });
    expect(error).toBeUndefined();
    expect(queries).toEqual([]);
  });

  // Modules that query go through db/query's rows()/firstRow(), which is what observeQueries
  // sees; those that read the read model (through `views`, the views schema) are checked here.
  it("covers every function exported by a module of app/models or app/services that reads the read model", async () => {
    const covered = new Set([...CASES.map((c) => c.fn), ...Object.keys(NOT_READ_MODEL_QUERIES)]);
    const exported: string[] = [];
    const readModelModules = ["models", "services"]
      .flatMap((folder) => readdirSync(join(ROOT, "app", folder)).map((f) => join(ROOT, "app", folder, f)))
      .filter((f) => f.endsWith(".server.ts"))
      .filter((f) => /from\s+["'](\.\.\/)+db\/query\.server(\.[jt]s)?["']/.test(readFileSync(f, "utf8")) && readFileSync(f, "utf8").includes("${views}"))
      .sort();
    expect(readModelModules.map((f) => f.split("/").pop())).toEqual(expect.arrayContaining(["chapters.server.ts", "members.server.ts", "evaluations.server.ts"]));
    for (const path of readModelModules) {
      const file = path.split("/").pop()!;
      const module = (await import(path)) as Record<string, unknown>;
      const prefix = file.replace(/\.server\.ts$/, "");
      for (const [name, value] of Object.entries(module)) {
        if (typeof value === "function") exported.push(`${prefix}.${name}`);
      }
    }
    const missing = exported.filter((fn) => !covered.has(fn));
    expect(missing, `model functions without an EXPLAIN case in tests/app/models/explain-cases.ts: ${missing.join(", ")}`).toEqual([]);
    const stale = [...new Set(CASES.map((c) => c.fn))].filter((fn) => !exported.includes(fn));
    expect(stale, `EXPLAIN cases for functions that no longer exist: ${stale.join(", ")}`).toEqual([]);
  });
});
