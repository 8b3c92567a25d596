/**
 * The request guard: cross-site refusal and the rate limits counted in memory (with a fake
 * clock); then POST /api/command through it with a database that cannot be reached: the guard
 * counts in memory and says so, never a 500. Requests that pass the guard stop at 401 (no
 * session, no signature). Who the client is: client-address.test.ts; the counters in PostgreSQL:
 * post-guard-postgres.test.ts; two production servers on one database: tests/server/two-servers.test.ts.
 */
import { ALICE } from "../../fixtures/accounts.js";
import { createGuard, RATE_LIMITS, type Bucket, type Guard } from "../../../app/utils/post-guard.server.js";
import { commandRequest, nextIp, PROXY, unsignedBody, VIA_PROXY } from "../../setup/identity.js";

type RouteModule = typeof import("../../../app/routes/api.command.js");
let route: RouteModule;

beforeAll(async () => {
  Object.assign(process.env, {
    // Nothing listens there: the guard's counters fall back to memory, and no request here needs more.
    DATABASE_URL: "postgres://unused@127.0.0.1:1/unused",
    CHAIN_RPC_URL: "http://127.0.0.1:1",
    PARTY_ENV: "local",
    TRUST_PROXY: PROXY,
  });
  delete process.env.APP_ORIGIN;
  route = await import("../../../app/routes/api.command.js");
});

const request = (headers: Record<string, string> = {}, url = "https://party.test/api/anything") =>
  new Request(url, { method: "POST", headers, body: "{}" });

describe("cross-site requests", () => {
  const guard = createGuard();
  const check = (headers: Record<string, string>, url?: string) => guard.post(request(headers, url), { bucket: "default" });

  it.each(["cross-site", "same-site"])("refuses Sec-Fetch-Site: %s with 403", async (site) => {
    expect(await check({ "sec-fetch-site": site })).toEqual({
      status: 403,
      message: `Cross-site requests are not allowed here (Sec-Fetch-Site: ${site})`,
      text: { key: "refusals.crossSite.fetchSite", values: { site } },
    });
  });

  it.each(["same-origin", "none"])("lets Sec-Fetch-Site: %s through", async (site) => {
    expect(await check({ "sec-fetch-site": site })).toBeUndefined();
  });

  it("trusts Sec-Fetch-Site over Origin when both are present", async () => {
    expect(await check({ "sec-fetch-site": "same-origin", origin: "https://party.test" })).toBeUndefined();
    expect((await check({ "sec-fetch-site": "cross-site", origin: "https://party.test" }))?.status).toBe(403);
  });

  it("refuses a foreign Origin without Sec-Fetch-Site", async () => {
    expect(await check({ origin: "https://evil.test" })).toMatchObject({ status: 403, message: "Cross-site requests are not allowed here (Origin: https://evil.test)" });
    for (const origin of ["null", "http://party.test", "https://party.test:8443"]) expect((await check({ origin }))?.status).toBe(403);
  });

  it("lets the request's own origin through, and requests with neither header", async () => {
    expect(await check({ origin: "https://party.test" })).toBeUndefined();
    expect(await check({})).toBeUndefined();
  });

  it("compares with APP_ORIGIN when set (the app behind a TLS-terminating proxy)", async () => {
    const behindProxy = createGuard({ appOrigin: "https://party.example" });
    const internal = "http://10.0.0.5:3000/api/command";
    expect(await behindProxy.post(request({ origin: "https://party.example" }, internal), { bucket: "default" })).toBeUndefined();
    expect((await behindProxy.post(request({ origin: "http://10.0.0.5:3000" }, internal), { bucket: "default" }))?.status).toBe(403);
  });

  it("does not apply to the lookup limit (a link to /verify from anywhere is fine)", async () => {
    expect(await guard.limit(request({ "sec-fetch-site": "cross-site" }), { bucket: "lookup" })).toBeUndefined();
  });
});

describe("rate limits in memory", () => {
  let now = 1_000_000;
  let guard: Guard;
  beforeEach(() => {
    now = 1_000_000;
    guard = createGuard({ now: () => now });
  });
  /** The load context of a request from `ip`'s socket, as the web server gives it. */
  const socket = (ip: string) => ({ socketAddress: ip });
  const from = (ip: string, bucket: Bucket) => guard.limit(request(), { bucket, context: socket(ip) });

  it("allows 10 commands a minute per client address, then 429 with Retry-After", async () => {
    for (let i = 0; i < 10; i++) expect(await from("1.1.1.1", "command")).toBeUndefined();
    now += 20_000;
    expect(await from("1.1.1.1", "command")).toEqual({
      status: 429,
      message: "Too many commands: at most 10 per minute. Try again in 40 s.",
      text: { key: "refusals.tooMany.command", values: { limit: 10, count: 40 } },
      retryAfter: 40,
    });
    // Another client address is counted on its own; so are other buckets of the same address.
    expect(await from("2.2.2.2", "command")).toBeUndefined();
    for (const bucket of ["signin", "default", "lookup"] as const) expect(await from("1.1.1.1", bucket)).toBeUndefined();
    // A new window after the minute.
    now += 40_000;
    expect(await from("1.1.1.1", "command")).toBeUndefined();
  });

  it.each([
    ["signin", 10, "sign-ins"],
    ["default", 100, "requests"],
    ["lookup", 240, "lookups"],
  ] as const)("allows %s %i a minute", async (bucket, limit, text) => {
    expect(RATE_LIMITS[bucket].limit).toBe(limit);
    for (let i = 0; i < limit; i++) expect(await from("1.1.1.1", bucket)).toBeUndefined();
    expect((await from("1.1.1.1", bucket))?.message).toBe(`Too many ${text}: at most ${limit} per minute. Try again in 60 s.`);
  });

  it("lets a wallet polling every 500 ms (app/wallet/track.ts) stay under the lookup limit", async () => {
    for (let i = 0; i < 2 * 60 * 4; i++, now += 500) expect(await from("1.1.1.1", "lookup")).toBeUndefined();
  });

  it("does not count refused cross-site requests", async () => {
    for (let i = 0; i < 20; i++) await guard.post(request({ "sec-fetch-site": "cross-site" }), { bucket: "command", context: socket("7.7.7.7") });
    expect(await from("7.7.7.7", "command")).toBeUndefined();
  });

  it("bounds its memory", async () => {
    const small = createGuard({ now: () => now, maxKeys: 3 });
    const hit = (ip: string) => small.limit(request(), { bucket: "command", context: socket(ip) });
    for (let i = 0; i < 11; i++) await hit("8.8.8.1");
    for (const ip of ["8.8.8.2", "8.8.8.3", "8.8.8.4"]) await hit(ip);
    // 8.8.8.1's counter was the oldest and was dropped.
    expect(await hit("8.8.8.1")).toBeUndefined();
  });
});

describe("POST /api/command through the guard, the database out of reach", () => {
  const warnings: string[] = [];
  beforeAll(() => {
    vi.spyOn(console, "warn").mockImplementation((text: unknown) => void warnings.push(String(text)));
  });
  afterAll(() => vi.restoreAllMocks());
  const send = (headers: Record<string, string>, ip = nextIp()) =>
    route.action({ request: commandRequest(unsignedBody(ALICE.address, "log_in"), { ip, headers }), params: {}, context: VIA_PROXY });

  it("refuses Sec-Fetch-Site: cross-site with 403 { message, key, values }, and a foreign Origin", async () => {
    const response = await send({ "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    // The English as every JSON refusal says it; the key, for the wallet to say it in the page's language.
    expect(await response.json()).toEqual({
      message: "Cross-site requests are not allowed here (Sec-Fetch-Site: cross-site)",
      key: "refusals.crossSite.fetchSite",
      values: { site: "cross-site" },
    });
    expect((await send({ origin: "https://evil.test" })).status).toBe(403);
  });

  it("lets same-origin requests through (to the 401 that asks for a signature)", async () => {
    expect((await send({ "sec-fetch-site": "same-origin", origin: "https://party.test" })).status).toBe(401);
    expect((await send({ origin: "https://party.test" })).status).toBe(401);
  });

  it("still limits, in memory, with one warning: the 11th command within a minute from one address is 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await send({}, ip)).status).toBe(401);
    const limited = await send({}, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(await limited.json()).toEqual({
      message: expect.stringMatching(/^Too many commands: at most 10 per minute/),
      key: "refusals.tooMany.command",
      values: { limit: 10, count: expect.any(Number) },
    });
    expect((await send({}, nextIp())).status).toBe(401);
    // Once a minute at most, not once a request.
    expect(warnings.filter((text) => text.startsWith("request guard: rate limits count in this process's memory"))).toHaveLength(1);
  });
});
