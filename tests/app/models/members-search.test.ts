/**
 * searchMembers (app/models/members-search.server.ts) on its own table: the prefix as a range
 * finds exactly the accounts a `like 'prefix%'` finds, in address order, after a cursor, and under
 * a non-C collation too; its plan is an index scan of the primary key bounded by the range
 * (explain.test.ts checks the same query on the large synthetic read model for sequential scans).
 */
import pg from "pg";
import { migrate } from "../../../db/migrate.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";

type Models = typeof import("../../../app/models/members-search.server");
type Query = typeof import("../../../db/query.server");

const SCHEMA = "search_test";
const ROWS = 20_000;
let database: TestDatabase;
let client: pg.Client;
let search: Models;
let query: Query;

beforeAll(async () => {
  database = await setupTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // Like the read model: lower-case hex text as the primary key. md5 gives 32 hex digits; two make an address.
  await client.query(`create schema ${SCHEMA}`);
  // With what each row's names join (app/models/names.server.ts): the app's profiles, an applicant's pending application.
  await migrate(database.url);
  await client.query(`create table ${SCHEMA}.members (account text primary key, chapter_id numeric, status text not null, pending_application_id text)`);
  await client.query(`create table ${SCHEMA}.applications (id text primary key, chapter_id numeric)`);
  await client.query(
    `insert into ${SCHEMA}.members select '0x' || substr(md5(i::text) || md5((i + 1)::text), 1, 40), (i % 7) + 1, 'member'
     from generate_series(1, ${ROWS}) i`,
  );
  await client.query(`analyze ${SCHEMA}.members`);
  process.env.DATABASE_URL = database.url;
  process.env.READ_MODEL_SCHEMA = SCHEMA;
  search = await import("../../../app/models/members-search.server");
  query = await import("../../../db/query.server");
}, 120_000);

afterAll(async () => {
  await client?.end();
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await database?.drop();
});

/** What `like` finds, the plain way. */
async function liked(prefix: string, limit: number, after = "") {
  const { rows } = await client.query<{ account: string }>(
    `select account from ${SCHEMA}.members where account like $1 and account > $2 order by account collate "C" limit $3`,
    [`${prefix}%`, after, limit],
  );
  return rows.map((r) => r.account);
}

describe("searchMembers", () => {
  it.each(["0x", "0xa", "0x0f", "0xff", "0xabc", "0x9"])("finds what like '%s%%' finds, in address order", async (prefix) => {
    const found = await search.searchMembers({ prefix, limit: 21 });
    expect(found.map((m) => m.account)).toEqual(await liked(prefix, 21));
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toEqual({ account: expect.stringMatching(new RegExp(`^${prefix}`)), chapterId: expect.any(String), status: "member", names: {}, nameChapters: [] });
  });

  it("pages after a cursor, and finds one whole address or nothing", async () => {
    const first = await search.searchMembers({ prefix: "0xa", limit: 5 });
    const second = await search.searchMembers({ prefix: "0xa", after: first[4]!.account, limit: 5 });
    expect(second.map((m) => m.account)).toEqual(await liked("0xa", 5, first[4]!.account));
    const whole = first[2]!.account;
    expect((await search.searchMembers({ prefix: whole, limit: 21 })).map((m) => m.account)).toEqual([whole]);
    expect(await search.searchMembers({ prefix: "0x00000000000000000000000000000000000dead0", limit: 21 })).toEqual([]);
  });

  it("holds under a non-C collation (the range, not like, is what the btree answers)", async () => {
    const { rows } = await client.query<{ collname: string }>(`select collname from pg_collation where collname in ('en-US-x-icu', 'en_US.utf8', 'en_US') limit 1`);
    const collation = rows[0]?.collname;
    if (!collation) return void console.warn("no en_US collation in this Postgres: the C-collation cases above stand");
    await client.query(`alter table ${SCHEMA}.members alter column account type text collate "${collation}"`);
    try {
      for (const prefix of ["0xa", "0xf", "0x0", "0x9f"]) {
        expect((await search.searchMembers({ prefix, limit: 50 })).map((m) => m.account)).toEqual(await liked(prefix, 50));
      }
    } finally {
      await client.query(`alter table ${SCHEMA}.members alter column account type text collate "C"`);
    }
  });

  it("reads the primary key's index bounded by the range, never the whole table", async () => {
    const { queries } = await query.observeQueries(() => search.searchMembers({ prefix: "0xab", limit: 21 }), { explain: true });
    const plan = JSON.stringify(queries[0]!.plan);
    // Its names read the (here empty) profiles and applications as they like; the members never whole.
    type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
    const seqScans = (node: PlanNode): (string | undefined)[] => [...(node["Node Type"] === "Seq Scan" ? [node["Relation Name"]] : []), ...(node.Plans ?? []).flatMap(seqScans)];
    expect(seqScans((queries[0]!.plan as { Plan: PlanNode }[])[0]!.Plan)).not.toContain("members");
    expect(plan).toMatch(/"Index Name":"members_pkey"/);
    expect(plan).toMatch(/"Index Cond":"\(\(account >= '0xab'::text\) AND \(account < '0xabg'::text\)\)"/);
  });
});
