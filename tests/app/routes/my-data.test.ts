/**
 * My data (issue 28 item 6) over HTTP against the production server: GET /me/data.json hands the
 * account everything the app holds about it off chain, and POST /me/erase erases all of it in one
 * confirmed step and signs it out. After the erasure the test asks every column of every table of
 * schema `app` (from information_schema, so a table added later is asked too) for the account's
 * address and for each value it had: none holds any, but the one operation another member still
 * has on its way (docs/decisions/0015). Every table of the schema is either exported and erased
 * (app/models/my-data-tables.server.ts) or says why it holds nothing of an account.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { NOT_PERSONAL, PERSONAL_TABLES } from "../../../app/models/my-data-tables.server";
import { insertDeliveryJobs } from "../../../server/notifier/queue";
import { errorOf, get, text, type Page } from "../../setup/html.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(() => stack?.stop());

const newAccount = () => privateKeyToAccount(generatePrivateKey()).address;
const hash = () => `0x${randomBytes(32).toString("hex")}`;
/** Values only one seeded account's rows hold (its own suffix), so a search for them finds nothing else. */
const marksOf = (suffix: string) =>
  ["Zyxname Erasable", "Zyx about me", "zyx_tg_user", "Zyxfirst", "Zyx phone", "Zyx message", "Zyx statement", "Zyx contact"].map((m) => `${m} ${suffix}`);

/** An account with a row in every table that can hold one, and another account with its own rows. */
async function seed() {
  const account = newAccount();
  const a = account.toLowerCase();
  const MARKS = marksOf(randomBytes(4).toString("hex"));
  const other = newAccount();
  const telegramId = String(7_000_000_000 + Math.floor(Math.random() * 1_000_000));
  const token = await sessionFor(stack, account);
  await sessionFor(stack, account);
  const otherToken = await sessionFor(stack, other);
  const q = (sql: string, params: unknown[] = []) => stack.query(sql, params);
  await q(`insert into app.profiles (account, display_name, display_name_skeleton, display_name_visibility, about, about_visibility)
           values ($1, $2, 'zyxnameerasable', 'chapter', $3, 'members')`, [a, MARKS[0], MARKS[1]]);
  await q(`insert into app.profiles (account, display_name) values ($1, 'Other member')`, [other.toLowerCase()]);
  await q(`insert into app.disclosure_confirmations (account, version, language) values ($1, '2025-1', 'de')`, [a]);
  await q(`insert into app.application_statements (account, chapter_id, statement, contact) values ($1, 1, $2, $3)`, [a, MARKS[6], MARKS[7]]);
  await q(`insert into app.telegram_links (address, telegram_id, username, first_name, auth_date) values ($1, $2, $3, $4, 0)`, [account, telegramId, MARKS[2], MARKS[3]]);
  await q(`insert into app.telegram_chat_pace (chat_id, next_at) values ($1, now())`, [telegramId]);
  await q(`insert into app.notification_settings (address, kinds, language) values ($1, '{decision}', 'de')`, [a]);
  const key = `decision:1-1:${a}`;
  await q(`insert into app.notification_deliveries (key, address, chat_id, kind, text) values ($1, $2, $3, 'decision', $4)`, [key, a, telegramId, MARKS[5]]);
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  await insertDeliveryJobs(client, [key]).finally(() => client.end());
  await q(`insert into app.notification_folds (address, kind, chapter_id, first_event, count, window_end) values ($1, 'recommendation', 1, '5-1', 2, now())`, [a]);
  await q(`insert into app.passkey_names (account, owner, name) values ($1, $2, $3)`, [a, `0x${"12".repeat(84)}`, MARKS[4]]);
  const operation = (sender: string, status: string, subject: object) =>
    q(`insert into app.pending_operations (user_op_hash, sender, operation, subject, status, calls) values ($1, $2, 'updateMemberApplicationForChapter', $3, $4, $5)`, [
      hash(),
      sender,
      JSON.stringify(subject),
      status,
      JSON.stringify([{ to: `0x${"aa".repeat(20)}`, data: `0xdeadbeef${"0".repeat(24)}${a.slice(2)}` }]),
    ]);
  await operation(account, "final", { chapterId: "1" });
  await operation(account, "signed", { chapterId: "1" });
  // Another member's decision on this account's application: settled, and one still on its way.
  await operation(other, "final", { chapterId: "1", account });
  await operation(other, "signed", { chapterId: "1", account });
  const digest = hash();
  await q(`insert into app.used_command_digests (digest, signer, command) values ($1, $2, 'log_in')`, [digest, account]);
  return { account, a, other, token, otherToken, telegramId, digest, MARKS };
}

function send(path: string, token: string | undefined, fields: Record<string, string>, language?: string) {
  const cookie = [token ? `__Host-session=${token}` : "", language ? `lng=${language}` : ""].filter(Boolean).join("; ");
  return fetch(`${stack.appUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}
const pageOf = async (response: Response): Promise<Page> => {
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, main: /<main>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? "" };
};

/** Every column of schema app that holds `a`'s address or one of `values`: "table.column" each. */
async function whereFound(a: string, values: string[], numbers: string[]): Promise<string[]> {
  const columns = await stack.query<{ table: string; column: string; type: string }>(
    `select c.table_name as table, c.column_name as column, c.data_type as type from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = 'app' order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  const needles = [a.slice(2), ...values.map((v) => v.toLowerCase())];
  for (const { table, column, type } of columns) {
    const name = `app.${pg.escapeIdentifier(table)}`;
    const col = pg.escapeIdentifier(column);
    let where: string | undefined;
    let params: unknown[] = [needles];
    if (type === "bytea") where = `encode(${col}, 'hex') like any (select '%' || n || '%' from unnest($1::text[]) n)`;
    else if (["text", "character varying", "jsonb", "json", "ARRAY", "USER-DEFINED"].includes(type)) where = `lower(${col}::text) like any (select '%' || n || '%' from unnest($1::text[]) n)`;
    else if (["bigint", "numeric", "integer"].includes(type)) [where, params] = [`${col}::text = any($1::text[])`, [numbers]];
    if (!where) continue;
    const [{ n }] = await stack.query<{ n: number }>(`select count(*)::int as n from ${name} where ${where}`, params);
    if (n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

it("names every table of schema app: exported and erased, or holding nothing of an account, and why", async () => {
  const tables = await stack.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'app' and table_type = 'BASE TABLE'`);
  const known = [...PERSONAL_TABLES.map((t) => t.table), ...Object.keys(NOT_PERSONAL)];
  expect(tables.map((t) => t.name).sort()).toEqual([...known].sort());
});

it("downloads everything off chain about the account as one JSON file, for it alone", async () => {
  const { account, token, MARKS } = await seed();
  const response = await fetch(`${stack.appUrl}/me/data.json`, { headers: { cookie: `__Host-session=${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="my-data-${account}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
  const data = (await response.json()) as Record<string, any>;
  expect(data).toMatchObject({ format: "party-app/my-data/1", account, onChain: `${stack.appUrl}/members/${account}` });
  expect(data.profile).toMatchObject({ displayName: MARKS[0], displayNameVisibility: "chapter", about: MARKS[1], aboutVisibility: "members" });
  expect(data.disclosureConfirmation).toMatchObject({ version: "2025-1", language: "de" });
  expect(data.applicationStatements).toEqual([expect.objectContaining({ chapterId: "1", statement: MARKS[6], contact: MARKS[7] })]);
  expect(data.telegramLink).toMatchObject({ username: MARKS[2], firstName: MARKS[3], visible: false });
  expect(data.telegramPace.nextAt).toEqual(expect.any(String));
  expect(data.notificationSettings).toMatchObject({ kinds: ["decision"], language: "de" });
  expect(data.notificationMessages).toEqual([expect.objectContaining({ kind: "decision", text: MARKS[5], status: "queued" })]);
  expect(data.notificationsBeingGathered).toEqual([expect.objectContaining({ kind: "recommendation", count: 2 })]);
  expect(data.passkeyNames).toEqual([expect.objectContaining({ name: MARKS[4] })]);
  expect(data.sessions).toHaveLength(2);
  expect(Object.keys(data.sessions[0]).sort()).toEqual(["createdAt", "expiresAt", "revokedAt"]);
  expect(data.operations.map((o: { status: string }) => o.status).sort()).toEqual(["final", "signed"]);
  expect(data.signedCommands).toEqual([expect.objectContaining({ command: "log_in" })]);

  const signedOut = await get(stack.appUrl, "/me/data.json", { cookie: "lng=de" });
  expect([signedOut.status, signedOut.body, signedOut.headers.get("cache-control")]).toEqual([
    401,
    "Melden Sie sich an (oben rechts), um Ihre Daten herunterzuladen oder zu löschen.",
    "private, no-store",
  ]);
});

it("erases all of it in one confirmed step, signs out everywhere, and keeps only that an erasure happened that day", async () => {
  const { account, a, other, token, otherToken, telegramId, digest, MARKS } = await seed();
  const form = { account, confirm: "erase" };

  const unticked = await pageOf(await send("/me/erase", token, { account }, "ar"));
  expect([unticked.status, errorOf(unticked)?.message]).toEqual([400, "ضع علامة في المربع لتؤكد أن كل شيء سيُمحى."]);
  const forged = await pageOf(await send("/me/erase", otherToken, form));
  expect([forged.status, errorOf(forged)?.message]).toEqual([
    403,
    "This form erases another account's data: reload /me, signed in as the account whose data you want to erase.",
  ]);
  const signedOut = await pageOf(await send("/me/erase", undefined, form, "de"));
  expect([signedOut.status, errorOf(signedOut)?.message]).toEqual([401, "Melden Sie sich an (oben rechts), um Ihre Daten herunterzuladen oder zu löschen."]);
  expect((await whereFound(a, MARKS, [telegramId])).length).toBeGreaterThan(10);

  const erasuresBefore = (await stack.query<{ n: number }>(`select count(*)::int as n from app.erasures`))[0]!.n;
  const version = async () => (await stack.query<{ n: string }>(`select n::text from app.page_version`))[0]!.n;
  const versionBefore = await version();
  const erased = await send("/me/erase", token, form);
  expect([erased.status, erased.headers.get("location")]).toEqual([303, "/me/erased"]);
  expect(erased.headers.get("set-cookie")).toMatch(/^__Host-session=; Max-Age=0;/);
  expect((await getAs(stack.appUrl, "/me", token)).status).toBe(401);
  const done = await get(stack.appUrl, "/me/erased");
  expect(text(done.main)).toContain("Everything this app held about your account off chain is erased");

  // Nothing is left but the operation another member still has on its way (it settles within minutes).
  expect(await whereFound(a, MARKS, [telegramId])).toEqual(["pending_operations.calls", "pending_operations.subject"]);
  expect(await stack.query(`select sender, status from app.pending_operations where app.subject_accounts(subject) @> array[$1]`, [a])).toEqual([
    { sender: other, status: "signed" },
  ]);
  const jobs = await stack.query(`select 1 from pgboss.job where data::text ilike $1 union all select 1 from pgboss.archive where data::text ilike $1`, [`%${a.slice(2)}%`]);
  expect(jobs).toEqual([]);
  // The digest stays for its hour, so the signed command cannot be sent again; whose it was is gone.
  expect(await stack.query(`select signer from app.used_command_digests where digest = $1`, [digest])).toEqual([{ signer: "" }]);

  const records = await stack.query<{ erased_on: string; rows: Record<string, number>; today: string }>(
    `select erased_on::text, rows, current_date::text as today from app.erasures order by id desc limit 1`,
  );
  expect(records[0]!.erased_on).toBe(records[0]!.today);
  expect(records[0]!.rows).toMatchObject({ profiles: 1, application_statements: 1, sessions: 2, telegram_links: 1, pending_operations: 3, used_command_digests: 1 });
  expect(JSON.stringify(records[0])).not.toContain(a.slice(2));
  expect((await stack.query<{ n: number }>(`select count(*)::int as n from app.erasures`))[0]!.n).toBe(erasuresBefore + 1);
  // Every cached page is dropped: the version moved on without a change row for it.
  expect(BigInt(await version())).toBeGreaterThan(BigInt(versionBefore));

  // The other account keeps what is its own.
  expect(await stack.query(`select display_name from app.profiles where account = $1`, [other.toLowerCase()])).toEqual([{ display_name: "Other member" }]);
  expect((await getAs(stack.appUrl, "/me", otherToken)).status).toBe(200);
});

