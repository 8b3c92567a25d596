/**
 * /me/application-statement (issue 28 items 1 and 7), its route module called as Remix calls it,
 * on a test database with a read model made by hand: the signed-in account saves the statement it
 * sends with its next application, after it confirmed /before-applying; GET tells the apply form
 * whether it has, and gives back its draft. Every refusal is JSON with a key said in en, de and ar,
 * and the answers are never cached.
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { migrate } from "../../../db/migrate.js";
import { tFor } from "../../../app/i18n/instance.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";

const SCHEMA = "statement_route_rm";
const READ_MODEL = `
  create schema ${SCHEMA};
  create table ${SCHEMA}.chapters (id numeric(78, 0) primary key, location_text text, location text not null);
  create table ${SCHEMA}.members (account text primary key, pending_application_id text);
  create table ${SCHEMA}.applications (id text primary key, account text not null, chapter_id numeric(78, 0) not null, status text not null,
    applied_block numeric(78, 0) not null, decided_at numeric(78, 0));
  insert into ${SCHEMA}.chapters values (1, 'Berlin', '0x00'), (2, 'Köln', '0x00');`;

let database: TestDatabase;
let client: pg.Client;
let route: typeof import("../../../app/routes/me_.application-statement");
let resetPostGuard: () => Promise<void>;

beforeAll(async () => {
  database = await setupTestDatabase();
  await migrate(database.url);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(READ_MODEL);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    READ_MODEL_SCHEMA: SCHEMA,
    INDEXER_URL: `http://127.0.0.1:${await freePort()}`,
    CHAIN_RPC_URL: `http://127.0.0.1:${await freePort()}`,
    PARTY_ENV: "local",
  });
  route = await import("../../../app/routes/me_.application-statement");
  ({ resetPostGuard } = await import("../../../app/utils/post-guard.server"));
});

afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await client?.end();
  await database?.drop();
});

beforeEach(() => resetPostGuard());

const newAccount = () => privateKeyToAccount(generatePrivateKey()).address;
async function signedIn(confirmed = true) {
  const account = newAccount();
  const token = randomBytes(32).toString("base64url");
  await client.query(`insert into app.sessions (id, address, expires_at) values ($1, $2, now() + interval '1 day')`, [createHash("sha256").update(token).digest("hex"), account]);
  if (confirmed) await client.query(`insert into app.disclosure_confirmations (account, version, language) values ($1, '2025-1', 'en')`, [account.toLowerCase()]);
  return { account, cookie: `__Host-session=${token}` };
}

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };
async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}
const get = async (query: string, cookie?: string) =>
  answer(await route.loader({ request: new Request(`http://app.test/me/application-statement${query}`, { headers: cookie ? { cookie } : {} }), params: {}, context: {} }));
async function post(fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) {
  const request = new Request("http://app.test/me/application-statement", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return answer(await route.action({ request, params: {}, context: {} }));
}
const stored = (account: string) =>
  client.query(`select chapter_id::text as chapter, statement, contact from app.application_statements where account = $1`, [account.toLowerCase()]).then((r) => r.rows);

it("saves the statement and the way to reach the account, gives it back as a draft, and deletes it", async () => {
  const { account, cookie } = await signedIn();
  expect(await get("?chapter=1", cookie)).toMatchObject({ status: 200, body: { confirmed: true, own: null } });
  const saved = await post({ account, chapterId: "1", statement: "  Anna knows me\r\nfrom the Tuesday group. ", contact: "anna@example.org" }, cookie);
  expect(saved).toMatchObject({ status: 200, body: { saved: true } });
  expect(saved.headers.get("cache-control")).toBe("private, no-store");
  expect(await stored(account)).toEqual([{ chapter: "1", statement: "Anna knows me\nfrom the Tuesday group.", contact: "anna@example.org" }]);
  const draft = await get("?chapter=1", cookie);
  expect(draft.body.own).toMatchObject({ statement: "Anna knows me\nfrom the Tuesday group.", contact: "anna@example.org", state: "draft" });
  expect(draft.headers.get("cache-control")).toBe("private, no-store");
  expect((await get("?chapter=2", cookie)).body.own).toBeNull();

  // Both fields emptied: nothing to send, nothing kept.
  expect((await post({ account, chapterId: "1", statement: " ", contact: "" }, cookie)).status).toBe(200);
  expect(await stored(account)).toEqual([]);
  await post({ account, chapterId: "2", statement: "Again", contact: "" }, cookie);
  const deleted = await post({ account, chapterId: "2", intent: "delete" }, cookie);
  expect([deleted.status, deleted.headers.get("location")]).toEqual([303, "/me#statements"]);
  expect(await stored(account)).toEqual([]);
});

it("tells the apply form that an account has not confirmed /before-applying, and refuses its statement until it has", async () => {
  const { account, cookie } = await signedIn(false);
  expect((await get("?chapter=1", cookie)).body).toEqual({ confirmed: false, own: null });
  const refused = await post({ account, chapterId: "1", statement: "Hello", contact: "" }, cookie);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ key: "refusals.apply.disclosure", values: { page: "/before-applying" } });
  expect(refused.body.message).toContain("/before-applying");
  expect(await stored(account)).toEqual([]);
});

describe("refuses, with a message in the page's language", () => {
  const long = (n: number) => "x".repeat(n);
  const cases: [string, Record<string, string>, number, string, Record<"en" | "de" | "ar", string>?][] = [
    ["HTML in the statement", { statement: '<img src=x onerror="alert(1)">' }, 400, "refusals.statement.text.html", {
      en: "The statement must be plain text, without HTML.",
      de: "Der Bewerbungstext muss reiner Text sein, ohne HTML.",
      ar: "يجب أن يكون نص الطلب نصًا عاديًا، بلا HTML.",
    }],
    ["a control character in the statement", { statement: "Hi\u0007there" }, 400, "refusals.statement.text.control"],
    ["a bidirectional override in the statement", { statement: "Hi \u202Eereht" }, 400, "refusals.statement.text.control"],
    ["an over-long statement", { statement: long(1001) }, 400, "refusals.statement.text.tooLong", {
      en: "The statement is at most 1000 characters.",
      de: "Der Bewerbungstext hat höchstens 1.000 Zeichen.",
      ar: "الحد الأقصى لعدد أحرف نص الطلب: 1,000.",
    }],
    ["a contact over two lines", { contact: "anna@example.org\n+49 30 1234" }, 400, "refusals.statement.contact.control"],
    ["HTML in the contact", { contact: "<a href=x>me</a>" }, 400, "refusals.statement.contact.html"],
    ["an over-long contact", { contact: long(101) }, 400, "refusals.statement.contact.tooLong"],
    ["a field the form does not have", { displayName: "Anna" }, 400, "refusals.statement.unknownField"],
    ["a chapter id that is not a number", { chapterId: "one" }, 400, "errors.param.wholeNumber"],
    ["a chapter that does not exist", { chapterId: "99" }, 404, "errors.chapterMissing"],
  ];
  it.each(cases)("%s: %i", async (_, fields, status, key, said) => {
    const { account, cookie } = await signedIn();
    const refused = await post({ account, chapterId: "1", statement: "", contact: "", ...fields }, cookie);
    expect(refused.status).toBe(status);
    expect(refused.body.key).toBe(key);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    for (const [language, text] of Object.entries(said ?? {})) {
      expect(tFor(language)(key, refused.body.values as Record<string, string>), language).toBe(text);
    }
    expect(await stored(account)).toEqual([]);
  });

  it("signed out: 401 for GET and POST", async () => {
    expect(await get("?chapter=1")).toMatchObject({ status: 401, body: { key: "refusals.statement.signIn" } });
    expect(await post({ account: newAccount(), chapterId: "1", statement: "Hi" })).toMatchObject({ status: 401, body: { key: "refusals.statement.signIn" } });
  });

  it("another account's form: 403, and nothing is stored for either", async () => {
    const { cookie } = await signedIn();
    const other = newAccount();
    expect(await post({ account: other, chapterId: "1", statement: "Hi" }, cookie)).toMatchObject({ status: 403, body: { key: "refusals.statement.otherAccount" } });
    expect(await stored(other)).toEqual([]);
  });

  it("another site's form: 403", async () => {
    const { account, cookie } = await signedIn();
    expect((await post({ account, chapterId: "1", statement: "Hi" }, cookie, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await stored(account)).toEqual([]);
  });

  it("a form over 16 KB: 413", async () => {
    const { account, cookie } = await signedIn();
    expect(await post({ account, chapterId: "1", statement: long(20_000) }, cookie)).toMatchObject({ status: 413, body: { key: "refusals.statement.tooLarge" } });
  });

  it("an application already waiting: 409, the statement goes with the next one", async () => {
    const { account, cookie } = await signedIn();
    const a = account.toLowerCase();
    await client.query(`insert into ${SCHEMA}.applications values ('7-1', $1, 2, 'applied', 7, null)`, [a]);
    await client.query(`insert into ${SCHEMA}.members values ($1, '7-1')`, [a]);
    expect(await post({ account, chapterId: "1", statement: "Hi" }, cookie)).toMatchObject({ status: 409, body: { key: "refusals.statement.pending" } });
  });

  it("GET without a chapter: 400", async () => {
    const { cookie } = await signedIn();
    expect((await get("", cookie)).status).toBe(400);
  });
});
