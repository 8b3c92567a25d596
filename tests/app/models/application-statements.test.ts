/**
 * An application's statement (issue 28 item 1; docs/decisions/0015) against a read model made by
 * hand (the members and applications tables as indexer/schema/members.ts defines them, in a schema
 * of their own): a statement written before its application is a draft only its author sees; once
 * the application comes it is shown to the chapter's executives and the party's (and the
 * applicant), for 30 days after the decision; pruneStatements deletes a draft after a day and a
 * decided application's statement after those 30 days; an application older than the statement
 * never takes it.
 */
import pg from "pg";
import { migrate } from "../../../db/migrate.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";

const SCHEMA = "statement_rm";
const READ_MODEL = `
  create schema ${SCHEMA};
  create table ${SCHEMA}.members (account text primary key, pending_application_id text);
  create table ${SCHEMA}.applications (id text primary key, account text not null, chapter_id numeric(78, 0) not null, status text not null,
    applied_block numeric(78, 0) not null, decided_at numeric(78, 0));`;

const APPLICANT = `0x${"a1".repeat(20)}`;
const viewers = {
  anonymous: null,
  stranger: { address: `0x${"51".repeat(20)}`, partyExecutive: false, executiveOf: null },
  executiveOf1: { address: `0x${"e1".repeat(20)}`, partyExecutive: false, executiveOf: "1" },
  executiveOf2: { address: `0x${"e2".repeat(20)}`, partyExecutive: false, executiveOf: "2" },
  partyExecutive: { address: `0x${"be".repeat(20)}`, partyExecutive: true, executiveOf: null },
  applicant: { address: APPLICANT.toUpperCase().replace("0X", "0x"), partyExecutive: false, executiveOf: null },
};

let database: TestDatabase;
let client: pg.Client;
let model: typeof import("../../../app/models/application-statements.server");

beforeAll(async () => {
  database = await setupTestDatabase();
  await migrate(database.url);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(READ_MODEL);
  await client.query(`insert into ${SCHEMA}.members values ($1, null)`, [APPLICANT]);
  process.env.DATABASE_URL = database.url;
  process.env.READ_MODEL_SCHEMA = SCHEMA;
  process.env.INDEXER_URL = `http://127.0.0.1:${await freePort()}`;
  process.env.CHAIN_RPC_URL = `http://127.0.0.1:${await freePort()}`;
  model = await import("../../../app/models/application-statements.server");
});

afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await client?.end();
  await database?.drop();
});

beforeEach(async () => {
  await client.query(`delete from app.application_statements; delete from ${SCHEMA}.applications; update ${SCHEMA}.members set pending_application_id = null`);
});

const TEXT = { statement: "Anna from the Tuesday group knows me.", contact: "anna@example.org" };

async function applied(id: string, chapterId: number, block: number) {
  await client.query(`insert into ${SCHEMA}.applications values ($1, $2, $3, 'applied', $4, null)`, [id, APPLICANT, chapterId, block]);
  await client.query(`update ${SCHEMA}.members set pending_application_id = $1 where account = $2`, [id, APPLICANT]);
}
async function decided(id: string, status: "approved" | "rejected", daysAgo: number) {
  await client.query(`update ${SCHEMA}.applications set status = $2, decided_at = extract(epoch from now() - make_interval(days => $3))::bigint where id = $1`, [id, status, daysAgo]);
  await client.query(`update ${SCHEMA}.members set pending_application_id = null where account = $1`, [APPLICANT]);
}
/** Which viewers read the applicant's statement on its member page. */
async function readers() {
  const shown: string[] = [];
  for (const [name, viewer] of Object.entries(viewers)) if ((await model.memberPageStatements(APPLICANT, viewer)).shown.length > 0) shown.push(name);
  return shown;
}

it("is a draft until its application comes: only its author sees it, on /me", async () => {
  await model.saveStatement(APPLICANT, "1", TEXT);
  expect(await model.ownStatements(APPLICANT)).toEqual([expect.objectContaining({ chapterId: "1", ...TEXT, state: "draft", deletedAfter: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })]);
  expect(await readers()).toEqual([]);
  expect(await model.queueStatements("1", [APPLICANT])).toEqual({});
});

it("goes with the application that comes after it: the chapter's executives, party executives and the applicant read it", async () => {
  await model.saveStatement(APPLICANT, "1", TEXT);
  await applied("10-1", 1, 10);
  expect(await readers()).toEqual(["executiveOf1", "partyExecutive", "applicant"]);
  expect(await model.queueStatements("1", [APPLICANT])).toEqual({ [APPLICANT]: TEXT });
  // Another chapter's queue has no statement of it.
  expect(await model.queueStatements("2", [APPLICANT])).toEqual({});
  expect(await model.ownStatements(APPLICANT)).toEqual([expect.objectContaining({ state: "applied", deletedAfter: null })]);
  expect(model.readsStatementsOf(viewers.executiveOf1, "1")).toBe(true);
  expect(model.readsStatementsOf(viewers.executiveOf2, "1")).toBe(false);
  expect(model.readsStatementsOf(viewers.stranger, "1")).toBe(false);
  expect(model.readsStatementsOf(null, "1")).toBe(false);
});

it("is never taken by an application older than itself (a decided one to the same chapter)", async () => {
  await applied("5-1", 1, 5);
  await decided("5-1", "rejected", 2);
  await model.saveStatement(APPLICANT, "1", TEXT);
  expect(await readers()).toEqual([]);
  expect(await model.ownStatements(APPLICANT)).toEqual([expect.objectContaining({ state: "draft" })]);
  await applied("20-1", 1, 20);
  expect(await readers()).toEqual(["executiveOf1", "partyExecutive", "applicant"]);
});

it("is kept 30 days after the decision for the executives, then pruned", async () => {
  await model.saveStatement(APPLICANT, "1", TEXT);
  await applied("10-1", 1, 10);
  await decided("10-1", "approved", 29);
  expect(await model.queueStatements("1", [APPLICANT])).toEqual({});
  const { shown: [kept], chapters } = await model.memberPageStatements(APPLICANT, viewers.executiveOf1);
  expect(chapters).toEqual(["1"]);
  expect(await model.memberPageStatements(APPLICANT, null)).toEqual({ shown: [], chapters: ["1"] });
  expect(kept).toMatchObject({ chapterId: "1", applicationId: "10-1", ...TEXT, keptUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(await model.ownStatements(APPLICANT)).toEqual([expect.objectContaining({ state: "approved", deletedAfter: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })]);
  expect(await model.pruneStatements()).toBe(0);

  await decided("10-1", "approved", 31);
  expect(await readers()).toEqual([]);
  expect(await model.pruneStatements()).toBe(1);
  expect(await model.ownStatements(APPLICANT)).toEqual([]);
});

it("prunes a draft a day after it was written, and keeps a younger one and a waiting application's", async () => {
  const other = `0x${"a2".repeat(20)}`;
  await model.saveStatement(APPLICANT, "1", TEXT);
  await model.saveStatement(other, "2", TEXT);
  await model.saveStatement(other, "3", TEXT);
  await client.query(`update app.application_statements set written_at = now() - interval '25 hours' where account = $1 and chapter_id = 2`, [other]);
  // A statement whose application waits stays however old.
  await client.query(`update app.application_statements set written_at = now() - interval '90 days' where account = $1`, [APPLICANT]);
  await applied("10-1", 1, 10);
  expect(await model.pruneStatements()).toBe(1);
  const left = await client.query(`select account, chapter_id::text as chapter from app.application_statements order by account, chapter_id`);
  expect(left.rows).toEqual([
    { account: APPLICANT, chapter: "1" },
    { account: other, chapter: "3" },
  ]);
});

it("records a page change naming the account and the chapter, so the cached queue and member page are dropped", async () => {
  const before = await client.query(`select coalesce(max(n), 0) as n from app.page_changes`);
  await model.saveStatement(APPLICANT, "1", TEXT);
  await model.deleteStatement(APPLICANT, "1");
  const changes = await client.query(`select entities from app.page_changes where n > $1 order by n`, [before.rows[0].n]);
  expect(changes.rows.map((r) => r.entities)).toEqual([[{ account: APPLICANT, chapterId: "1" }], [{ account: APPLICANT, chapterId: "1" }]]);
});
