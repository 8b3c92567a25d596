/**
 * guardPost: cross-site refusal and per-client rate limits, on the guard itself (with a fake
 * clock) and through POST /api/command. Nothing here reaches the database or the chain: the
 * requests that pass the guard stop at 401 (no session, no signature).
 */
import { ALICE } from "../../fixtures/accounts.js";
import { createPostGuard, RATE_LIMITS, type PostGuard } from "../../../app/utils/post-guard.server.js";
import { commandRequest, nextIp, unsignedBody } from "../../setup/identity.js";

type RouteModule = typeof import("../../../app/routes/api.command.js");
let route: RouteModule;

beforeAll(async () => {
  Object.assign(process.env, {
    // The route's env needs a DATABASE_URL; no request here gets as far as a query.
    DATABASE_URL: "postgres://unused@127.0.0.1:1/unused",
    CHAIN_RPC_URL: "http://127.0.0.1:1",
    PARTY_ENV: "local",
    TRUST_PROXY: "1",
  });
  delete process.env.APP_ORIGIN;
  route = await import("../../../app/routes/api.command.js");
});

const request = (headers: Record<string, string> = {}, url = "https://party.test/api/anything") =>
  new Request(url, { method: "POST", headers, body: "{}" });

async function refusal(response: Response | undefined) {
  if (!response) return undefined;
  return { status: response.status, message: ((await response.json()) as { message: string }).message, retryAfter: response.headers.get("retry-after") };
}

describe("cross-site requests", () => {
  const guard = createPostGuard();
  const check = (headers: Record<string, string>, url?: string) => refusal(guard(request(headers, url), { bucket: "default" }));

  it.each(["cross-site", "same-site"])("refuses Sec-Fetch-Site: %s with 403", async (site) => {
    expect(await check({ "sec-fetch-site": site })).toEqual({ status: 403, message: `Cross-site requests are not allowed here (Sec-Fetch-Site: ${site})`, retryAfter: null });
  });

  it.each(["same-origin", "none"])("lets Sec-Fetch-Site: %s through", async (site) => {
    expect(await check({ "sec-fetch-site": site })).toBeUndefined();
  });

  it("trusts Sec-Fetch-Site over Origin when both are present", async () => {
    expect(await check({ "sec-fetch-site": "same-origin", origin: "https://party.test" })).toBeUndefined();
    expect((await check({ "sec-fetch-site": "cross-site", origin: "https://party.test" }))?.status).toBe(403);
  });

  it("refuses a foreign Origin without Sec-Fetch-Site", async () => {
    expect(await check({ origin: "https://evil.test" })).toEqual({ status: 403, message: "Cross-site requests are not allowed here (Origin: https://evil.test)", retryAfter: null });
    expect((await check({ origin: "null" }))?.status).toBe(403);
    expect((await check({ origin: "http://party.test" }))?.status).toBe(403);
    expect((await check({ origin: "https://party.test:8443" }))?.status).toBe(403);
  });

  it("lets the request's own origin through, and requests with neither header", async () => {
    expect(await check({ origin: "https://party.test" })).toBeUndefined();
    expect(await check({})).toBeUndefined();
  });

  it("compares with APP_ORIGIN when set (the app behind a TLS-terminating proxy)", async () => {
    const behindProxy = createPostGuard({ appOrigin: "https://party.example" });
    const internal = "http://10.0.0.5:3000/api/command";
    expect(await refusal(behindProxy(request({ origin: "https://party.example" }, internal), { bucket: "default" }))).toBeUndefined();
    expect((await refusal(behindProxy(request({ origin: "http://10.0.0.5:3000" }, internal), { bucket: "default" })))?.status).toBe(403);
  });
});

describe("rate limits", () => {
  let now = 1_000_000;
  let guard: PostGuard;
  beforeEach(() => {
    now = 1_000_000;
    guard = createPostGuard({ trustProxy: 1, now: () => now });
  });
  const from = (ip: string, bucket: "command" | "signin" | "default") => refusal(guard(request({ "x-forwarded-for": ip }), { bucket }));

  it("allows 10 commands a minute per client address, then 429 with Retry-After", async () => {
    for (let i = 0; i < 10; i++) expect(await from("1.1.1.1", "command")).toBeUndefined();
    now += 20_000;
    expect(await from("1.1.1.1", "command")).toEqual({
      status: 429,
      message: "Too many commands: at most 10 per minute. Try again in 40 s.",
      retryAfter: "40",
    });
    // Another client address is counted on its own.
    expect(await from("2.2.2.2", "command")).toBeUndefined();
    // So are other buckets of the same address.
    expect(await from("1.1.1.1", "signin")).toBeUndefined();
    expect(await from("1.1.1.1", "default")).toBeUndefined();
    // A new window after the minute.
    now += 40_000;
    expect(await from("1.1.1.1", "command")).toBeUndefined();
  });

  it("allows 10 sign-ins a minute", async () => {
    for (let i = 0; i < 10; i++) expect(await from("1.1.1.1", "signin")).toBeUndefined();
    expect((await from("1.1.1.1", "signin"))?.message).toBe("Too many sign-ins: at most 10 per minute. Try again in 60 s.");
  });

  it("allows 100 other POSTs a minute", async () => {
    expect(RATE_LIMITS.default.limit).toBe(100);
    for (let i = 0; i < 100; i++) expect(await from("1.1.1.1", "default")).toBeUndefined();
    expect((await from("1.1.1.1", "default"))?.status).toBe(429);
  });

  it("takes the address the trusted proxy saw: the right-most X-Forwarded-For entry", async () => {
    // A client cannot escape its limit by sending its own X-Forwarded-For entries.
    for (let i = 0; i < 10; i++) expect(await from(`9.9.9.${i}, 1.1.1.1`, "command")).toBeUndefined();
    expect((await from("9.9.9.99, 1.1.1.1", "command"))?.status).toBe(429);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set: all clients then share one counter", async () => {
    const untrusting = createPostGuard({ now: () => now });
    for (let i = 0; i < 10; i++) expect(untrusting(request({ "x-forwarded-for": `3.3.3.${i}` }), { bucket: "command" })).toBeUndefined();
    expect(untrusting(request({ "x-forwarded-for": "4.4.4.4" }), { bucket: "command" })?.status).toBe(429);
  });

  it("prefers the server's socket address from the load context", async () => {
    for (let i = 0; i < 10; i++) expect(guard(request({ "x-forwarded-for": `5.5.5.${i}` }), { bucket: "command", context: { clientAddress: "6.6.6.6" } })).toBeUndefined();
    expect(guard(request({ "x-forwarded-for": "5.5.5.200" }), { bucket: "command", context: { clientAddress: "6.6.6.6" } })?.status).toBe(429);
  });

  it("does not count refused cross-site requests", async () => {
    for (let i = 0; i < 20; i++) guard(request({ "x-forwarded-for": "7.7.7.7", "sec-fetch-site": "cross-site" }), { bucket: "command" });
    expect(await from("7.7.7.7", "command")).toBeUndefined();
  });

  it("bounds its memory", async () => {
    const small = createPostGuard({ trustProxy: 1, now: () => now, maxKeys: 3 });
    for (let i = 0; i < 11; i++) small(request({ "x-forwarded-for": "8.8.8.1" }), { bucket: "command" });
    for (const ip of ["8.8.8.2", "8.8.8.3", "8.8.8.4"]) small(request({ "x-forwarded-for": ip }), { bucket: "command" });
    // 8.8.8.1's counter was the oldest and was dropped.
    expect(small(request({ "x-forwarded-for": "8.8.8.1" }), { bucket: "command" })).toBeUndefined();
  });
});

describe("POST /api/command calls the guard", () => {
  const send = (headers: Record<string, string>, ip = nextIp()) =>
    route.action({ request: commandRequest(unsignedBody(ALICE.address, "log_in"), { ip, headers }), params: {}, context: {} });

  it("refuses Sec-Fetch-Site: cross-site with 403 { message }", async () => {
    const response = await send({ "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed here (Sec-Fetch-Site: cross-site)" });
  });

  it("refuses Origin: https://evil.test with 403", async () => {
    expect((await send({ origin: "https://evil.test" })).status).toBe(403);
  });

  it("lets same-origin requests through (to the 401 that asks for a signature)", async () => {
    expect((await send({ "sec-fetch-site": "same-origin", origin: "https://party.test" })).status).toBe(401);
    expect((await send({ origin: "https://party.test" })).status).toBe(401);
  });

  it("answers the 11th command within a minute from one address with 429; another address still passes", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await send({}, ip)).status).toBe(401);
    const limited = await send({}, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many commands: at most 10 per minute/);
    expect((await send({}, nextIp())).status).toBe(401);
  });
});
