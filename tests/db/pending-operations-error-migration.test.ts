/**
 * db/migrations/0017: the failures stored as English sentences before become the messages the
 * server stores now, so an old row reads the same in every language as a new one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { setupTestDatabase, type TestDatabase } from "../setup/postgres.js";

const MIGRATIONS = join(import.meta.dirname, "../../db/migrations");
const THIS = "0017_pending_operations_error_message.sql";

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await setupTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("create schema if not exists app");
  for (const name of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql") && f < THIS).sort()) {
    await client.query(readFileSync(join(MIGRATIONS, name), "utf8"));
  }
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

it("reads each old sentence back into its message once, and keeps one no rule knows", async () => {
  const hash = `0x${"ab".repeat(32)}`;
  const sender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const old: [string, string | null][] = [
    ["01", "Transaction reverted: NotAMember"],
    ["02", "Dropped: the bundler no longer has this user operation and it was never included"],
    ["03", `Not the registered operation: its sender is ${sender}`],
    ["04", `Replaced by ${hash}`],
    ["05", "Something else"],
    ["06", null],
  ];
  for (const [n, error] of old) {
    await client.query(
      `insert into app.pending_operations (user_op_hash, sender, operation, subject, status, error) values ($1, $2, 'vote', '{}', $3, $4)`,
      [`0x${n.repeat(32)}`, sender, error === null ? "signed" : "failed", error],
    );
  }
  await client.query(readFileSync(join(MIGRATIONS, THIS), "utf8"));
  const { rows } = await client.query<{ error: unknown }>("select error from app.pending_operations order by user_op_hash");
  expect(rows.map((r) => r.error)).toEqual([
    { key: "wallet.reverted", values: { name: "NotAMember" } },
    { key: "wallet.lifecycle.dropped" },
    { key: "wallet.lifecycle.notRegistered", values: { sender } },
    { key: "wallet.lifecycle.replaced", values: { by: hash } },
    { key: "wallet.lifecycle.other", values: { text: "Something else" } },
    null,
  ]);
});
