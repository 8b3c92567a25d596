/**
 * The request guard's counters in PostgreSQL (app.rate_limits, db/migrations/0005): guards of
 * two processes on one database count one limit, one upsert per request holds under concurrent
 * requests, windows start again when they end, ended windows are purged, and a database that
 * goes away makes the guard count in memory (with a warning) instead of failing the request.
 * Real Postgres with the app's migrations, behind a TCP proxy that can cut it off.
 */
import pg from "pg";
import { migrate } from "../../../db/migrate.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";
import { startTcpProxy, viaProxy } from "../../setup/tcp-proxy.js";

type GuardModule = typeof import("../../../app/utils/post-guard.server.js");
type CountersModule = typeof import("../../../app/utils/rate-limit-counters.server.js");

let database: TestDatabase;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let sql: pg.Client;
let guards: GuardModule;
let counters: CountersModule;

beforeAll(async () => {
  database = await setupTestDatabase();
  await migrate(database.url);
  const { hostname, port } = new URL(database.url);
  proxy = await startTcpProxy({ host: hostname, port: Number(port) });
  Object.assign(process.env, { DATABASE_URL: viaProxy(database.url, proxy.port), PARTY_ENV: "local" });
  delete process.env.TRUST_PROXY;
  delete process.env.APP_ORIGIN;
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  guards = await import("../../../app/utils/post-guard.server.js");
  counters = await import("../../../app/utils/rate-limit-counters.server.js");
});

afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server.js");
  await closeDb();
  await sql?.end();
  await proxy?.close();
  await database?.drop();
});

const request = (method = "POST") => new Request("https://party.test/api/command", { method });
/** The load context of a request from `ip`'s socket, as the web server gives it. */
const socket = (ip: string) => ({ socketAddress: ip });
const row = async (bucket: string, client: string) =>
  (await sql.query<{ count: number }>("select count from app.rate_limits where bucket = $1 and client = $2", [bucket, client])).rows[0];

it("counts one limit for the guards of two processes on one database", async () => {
  const [a, b] = [0, 1].map(() => guards.createGuard({ database: true }));
  for (let i = 0; i < 10; i++) expect(await (i % 2 ? b! : a!).post(request(), { bucket: "command", context: socket("1.1.1.1") })).toBeUndefined();
  const refused = await b!.post(request(), { bucket: "command", context: socket("1.1.1.1") });
  expect(refused).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many commands: at most 10 per minute\. Try again in (59|60) s\.$/) });
  expect(refused!.retryAfter).toBeGreaterThanOrEqual(59);
  expect(await row("command", "1.1.1.1")).toEqual({ count: 11 });
  // Another client, and another bucket, are counted apart.
  expect(await a!.post(request(), { bucket: "command", context: socket("2.2.2.2") })).toBeUndefined();
  expect(await a!.limit(request("GET"), { bucket: "lookup", context: socket("1.1.1.1") })).toBeUndefined();
});

it("lets exactly the limit through when requests arrive at once", async () => {
  const guard = guards.createGuard({ database: true });
  const answers = await Promise.all(Array.from({ length: 40 }, () => guard.post(request(), { bucket: "signin", context: socket("3.3.3.3") })));
  expect(answers.filter((a) => a === undefined)).toHaveLength(10);
  expect(answers.filter((a) => a?.status === 429)).toHaveLength(30);
});

it("starts a window again once it has ended, and purges ended windows", async () => {
  let now = Date.UTC(2030, 0, 1);
  const guard = guards.createGuard({ database: true, now: () => now });
  for (let i = 0; i < 10; i++) expect(await guard.post(request(), { bucket: "command", context: socket("4.4.4.4") })).toBeUndefined();
  now += 20_000;
  expect(await guard.post(request(), { bucket: "command", context: socket("4.4.4.4") })).toMatchObject({
    status: 429,
    message: "Too many commands: at most 10 per minute. Try again in 40 s.",
    retryAfter: 40,
  });
  now += 40_000;
  expect(await guard.post(request(), { bucket: "command", context: socket("4.4.4.4") })).toBeUndefined();
  expect(await row("command", "4.4.4.4")).toEqual({ count: 1 });

  await guard.post(request(), { bucket: "command", context: socket("5.5.5.5") });
  await counters.postgresCounters().purge(now + 30_000);
  expect(await row("command", "5.5.5.5")).toEqual({ count: 1 });
  await counters.postgresCounters().purge(now + 60_000);
  expect(await row("command", "4.4.4.4")).toBeUndefined();
  expect(await row("command", "5.5.5.5")).toBeUndefined();
});

it("counts in memory, with a warning, while the database is cut off; in the database again once it is back", async () => {
  const warnings: string[] = [];
  const warn = vi.spyOn(console, "warn").mockImplementation((text: unknown) => void warnings.push(String(text)));
  const guard = guards.createGuard({ database: true });
  try {
    proxy.cut();
    for (let i = 0; i < 10; i++) expect(await guard.post(request(), { bucket: "command", context: socket("6.6.6.6") })).toBeUndefined();
    expect((await guard.post(request(), { bucket: "command", context: socket("6.6.6.6") }))?.status).toBe(429);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^request guard: rate limits count in this process's memory until the database answers again/);
    expect(await row("command", "6.6.6.6")).toBeUndefined();
  } finally {
    proxy.restore();
    warn.mockRestore();
  }
  expect(await guard.post(request(), { bucket: "command", context: socket("6.6.6.6") })).toBeUndefined();
  expect(await row("command", "6.6.6.6")).toEqual({ count: 1 });
});

it("the app's guard counts in the database with DATABASE_URL: JSON 429 with Retry-After, a keyed message for pages; resetPostGuard forgets", async () => {
  const post = () => guards.guardPost(request(), { bucket: "command", context: socket("7.7.7.7") });
  for (let i = 0; i < 10; i++) expect(await post()).toBeUndefined();
  const refused = (await post())!;
  expect([refused.status, refused.headers.get("content-type"), refused.headers.get("retry-after")]).toEqual([429, "application/json; charset=utf-8", "60"]);
  expect(await row("command", "7.7.7.7")).toEqual({ count: 11 });
  const thrown = await guards.enforcePost(request(), { bucket: "command", context: socket("7.7.7.7") }).catch((error: unknown) => error as Response);
  expect([thrown?.status, thrown?.headers.get("content-type"), thrown?.headers.get("retry-after"), await thrown?.json()]).toEqual([
    429,
    "application/json; charset=utf-8",
    expect.stringMatching(/^(59|60)$/),
    { message: expect.stringMatching(/^Too many commands: at most 10 per minute/), key: "refusals.tooMany.command", values: { limit: 10, count: expect.any(Number) } },
  ]);
  await guards.resetPostGuard();
  expect(await row("command", "7.7.7.7")).toBeUndefined();
  expect(await post()).toBeUndefined();
});
