/**
 * rows(…, { prepared: true }) (db/query.server.ts), which every page statement uses: the statement
 * is prepared once per connection under a name taken from its text and run again by that name with
 * new values, and when the views under it are replaced with another row type (a new indexer
 * build), the page still answers: the text is prepared again under a new name.
 */
import pg from "pg";
import { sql } from "drizzle-orm";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";

type Query = typeof import("../../../db/query.server");

const SCHEMA = "prepared_test";
let database: TestDatabase;
let admin: pg.Client;
let query: Query;

beforeAll(async () => {
  database = await setupTestDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`create schema ${SCHEMA}`);
  await admin.query(`create table ${SCHEMA}.chapters_v1 (id numeric primary key, name text not null)`);
  await admin.query(`insert into ${SCHEMA}.chapters_v1 values (7, 'Seven'), (8, 'Eight')`);
  await admin.query(`create view ${SCHEMA}.chapters as select * from ${SCHEMA}.chapters_v1`);
  process.env.DATABASE_URL = database.url;
  process.env.READ_MODEL_SCHEMA = SCHEMA;
  // One connection: what the statement left on it is what the next query sees.
  process.env.DATABASE_POOL_MAX = "1";
  query = await import("../../../db/query.server");
}, 120_000);

afterAll(async () => {
  await admin?.end();
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await database?.drop();
  delete process.env.DATABASE_POOL_MAX;
});

const chapter = (id: number) => sql`select id::text as id, name from ${query.views}.chapters where id = ${id}`;
/** The page statements prepared on the prepared client's one connection (this question's own left out). */
const prepared = () =>
  query.rows<{ name: string; statement: string; generic_plans: string; custom_plans: string }>(
    sql`select name, statement, generic_plans::text, custom_plans::text from pg_prepared_statements
      where name like 'prepared%' and statement not like '%pg_prepared_statements%'`,
    { prepared: true },
  );

it("prepares a statement once per connection, by a name from its text, and runs it again with other values", async () => {
  expect(await query.rows(chapter(7), { prepared: true })).toEqual([{ id: "7", name: "Seven" }]);
  expect(await query.rows(chapter(8), { prepared: true })).toEqual([{ id: "8", name: "Eight" }]);
  const statements = await prepared();
  expect(statements).toHaveLength(1);
  expect(statements[0]!.statement).toBe(`select id::text as id, name from "${SCHEMA}".chapters where id = $1`);
  // Unprepared, as every other query: nothing more on the connection.
  expect(await query.rows(chapter(8))).toEqual([{ id: "8", name: "Eight" }]);
  expect(await prepared()).toHaveLength(1);
});

it("runs a prepared statement by its generic plan, planned once, and leaves every other statement to Postgres' choice", async () => {
  for (const id of [7, 8, 7, 8, 7, 8, 7]) await query.rows(chapter(id), { prepared: true });
  const [statement] = await prepared();
  // Left to choose, Postgres plans the first five runs for their values (custom plans).
  expect({ generic: Number(statement!.generic_plans), custom: Number(statement!.custom_plans) }).toEqual({ generic: expect.any(Number), custom: 0 });
  expect(Number(statement!.generic_plans)).toBeGreaterThanOrEqual(7);
  const mode = (options: { prepared?: boolean }) => query.rows<{ plan_cache_mode: string }>(sql`show plan_cache_mode`, options);
  expect(await mode({ prepared: true })).toEqual([{ plan_cache_mode: "force_generic_plan" }]);
  expect(await mode({})).toEqual([{ plan_cache_mode: "auto" }]);
});

it("answers after the views under a prepared statement change their row type, and prepares the text again under a new name", async () => {
  expect(await query.rows(chapter(7), { prepared: true })).toEqual([{ id: "7", name: "Seven" }]);
  // A new indexer build: the same view over a table whose `name` has another type. Postgres
  // refuses to run the prepared statement again ("cached plan must not change result type").
  await admin.query(`create table ${SCHEMA}.chapters_v2 (id numeric primary key, name varchar(40) not null)`);
  await admin.query(`insert into ${SCHEMA}.chapters_v2 values (7, 'Seven again')`);
  await admin.query(`drop view ${SCHEMA}.chapters`);
  await admin.query(`create view ${SCHEMA}.chapters as select * from ${SCHEMA}.chapters_v2`);
  expect(await query.rows(chapter(7), { prepared: true })).toEqual([{ id: "7", name: "Seven again" }]);
  expect(await query.rows(chapter(8), { prepared: true })).toEqual([]);
  // The pool closed the connection whose statement failed; its replacement holds the new name only.
  expect((await prepared()).map((p) => p.name)).toEqual([expect.stringMatching(/^prepared1_[\w-]+$/)]);
});
