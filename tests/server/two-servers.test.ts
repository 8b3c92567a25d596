/**
 * Two production web servers (server/index.ts over the build) on one database, as two instances
 * behind one load balancer: they share one rate limit (app.rate_limits) and one session store
 * (app.sessions). Both trust the proxies TRUST_PROXY names (127.0.0.50, standing for a load
 * balancer, and 10.0.0.0/8): a request from one of them counts as the first X-Forwarded-For entry
 * from the right that is not one of them, any other as its socket, whatever it writes; IPv6 by its
 * /64. The GETs that call the bundler or the chain per request (GET /api/operations?sender=,
 * /verify?proof=) have a limit of their own. Each case sends from its own loopback address.
 */
import { request as httpRequest } from "node:http";
import { getAddress } from "viem";
import { ALICE } from "../fixtures/accounts.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";
import { signedBody, tokenFrom, unsignedBody } from "../setup/identity.js";
import { startStack, type Stack } from "../setup/stack.js";

/** The proxies in front of both servers; a request sent from PROXY comes through them. */
const TRUST_PROXY = "127.0.0.50, 10.0.0.0/8";
const PROXY = "127.0.0.50";

/** The "lookup" bucket: GETs that call upstream, a minute's worth per client (app/utils/post-guard.server.ts). */
const LOOKUP_LIMIT = 240;

let stack: Stack;
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  stack = await startStack({ seed: false, app: { env: { TRUST_PROXY } } });
  a = stack.app!;
  b = await startAppServer({ env: { ...stack.appEnv, TRUST_PROXY } });
  stack.adopt(b.stop);
}, 240_000);
afterAll(() => stack?.stop());

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request to `server` from the loopback address `from` (the socket the server sees). */
function call(server: AppServer, path: string, { from, method = "GET", headers = {}, body }: { from: string; method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const command = (server: AppServer, from: string, body: unknown, headers: Record<string, string> = {}) =>
  call(server, "/api/command", { from, method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** An unsigned log_in without a session: 401 once it passes the guard, nothing else touched. */
const unsignedLogIn = (server: AppServer, from: string, headers: Record<string, string> = {}) =>
  command(server, from, unsignedBody(ALICE.address, "log_in"), headers).then((r) => r.status);

function expectLimited(reply: Reply, text: RegExp) {
  expect(reply.status).toBe(429);
  const retryAfter = Number(reply.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(reply.body).toMatch(text);
}

it("a session started through server A is honoured by server B, and ended there for both", async () => {
  const from = "127.0.0.11";
  const { body } = await signedBody(stack.address, ALICE, "log_in");
  const started = await command(a, from, body);
  expect(started.status).toBe(200);
  const token = tokenFrom(String(started.headers["set-cookie"]));
  const cookie = { cookie: `__Host-session=${token}` };

  expect(await unsignedLogIn(b, from)).toBe(401);
  expect(await unsignedLogIn(b, from, cookie)).toBe(200);
  expect((await command(b, from, unsignedBody(ALICE.address, "log_out"), cookie)).status).toBe(200);
  expect(await unsignedLogIn(a, from, cookie)).toBe(401);
});

it("counts one limit across both servers: the 11th command from one client within a minute is 429", async () => {
  const from = "127.0.0.12";
  for (let i = 0; i < 10; i++) expect(await unsignedLogIn(i % 2 ? b : a, from)).toBe(401);
  expectLimited(await command(b, from, unsignedBody(ALICE.address, "log_in")), /Too many commands: at most 10 per minute/);
  expectLimited(await command(a, from, unsignedBody(ALICE.address, "log_in")), /Too many commands/);
  // Another client is counted on its own.
  expect(await unsignedLogIn(a, "127.0.0.13")).toBe(401);
});

it("a client that is not one of the proxies is its socket: it cannot pick its identity with X-Forwarded-For", async () => {
  const from = "127.0.0.14";
  // A client reaching the app past its proxies, writing a new address each time (one of the proxies' too).
  for (let i = 0; i < 10; i++) expect(await unsignedLogIn(a, from, { "x-forwarded-for": `203.0.113.${i}, 10.0.0.${i}` })).toBe(401);
  expect(await unsignedLogIn(a, from, { "x-forwarded-for": "203.0.113.200" })).toBe(429);
  expect(await unsignedLogIn(b, from)).toBe(429);
});

it("behind the proxies, the client is the address the first of them saw, whatever it prepends", async () => {
  // client-written entries, the client as the first proxy saw it, the first proxy as the second saw it.
  const via = (client: string, spoof: string) => ({ "x-forwarded-for": `${spoof}, ${client}, 10.0.0.1` });
  for (let i = 0; i < 10; i++) expect(await unsignedLogIn(i % 2 ? a : b, PROXY, via("198.51.100.7", `192.0.2.${i}`))).toBe(401);
  expect(await unsignedLogIn(a, PROXY, via("198.51.100.7", "192.0.2.200"))).toBe(429);
  // Another client behind the same proxies still passes, and so does the proxy's own request.
  expect(await unsignedLogIn(a, PROXY, via("198.51.100.8", "192.0.2.1"))).toBe(401);
  expect(await unsignedLogIn(b, PROXY)).toBe(401);
});

it("an IPv6 /64 is one client: its 2^64 addresses share one limit, the next /64 has its own", async () => {
  const address = (network: string, i: number) => ({ "x-forwarded-for": `${network}:${((i * 7919) % 65536).toString(16)}:${i.toString(16)}:9:${(i + 1).toString(16)}` });
  for (let i = 0; i < 10; i++) expect(await unsignedLogIn(i % 2 ? a : b, PROXY, address("2001:db8:77:1", i))).toBe(401);
  expect(await unsignedLogIn(a, PROXY, address("2001:db8:77:1", 10))).toBe(429);
  expect(await unsignedLogIn(b, PROXY, { "x-forwarded-for": "2001:db8:77:1:ffff:ffff:ffff:ffff" })).toBe(429);
  expect(await unsignedLogIn(a, PROXY, address("2001:db8:77:2", 0))).toBe(401);
});

it(`limits GET /api/operations?sender= and /verify?proof= to ${LOOKUP_LIMIT} a minute per client, across both servers`, async () => {
  const from = "127.0.0.16";
  const sender = getAddress(ALICE.address);
  const operations = (server: AppServer) => call(server, `/api/operations?sender=${sender}`, { from });
  const verify = (server: AppServer) => call(server, "/verify?proof=pm1.not-a-proof", { from });
  for (let sent = 0; sent < LOOKUP_LIMIT; sent += 20) {
    const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? verify(sent % 40 ? a : b) : operations(sent % 40 ? b : a))));
    expect(batch.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
  }

  const api = await operations(a);
  expectLimited(api, /Too many lookups: at most 240 per minute/);
  expect(api.headers["content-type"]).toMatch(/^application\/json/);
  const page = await verify(b);
  expectLimited(page, /Too many lookups: at most 240 per minute/);
  expect(page.headers["content-type"]).toMatch(/^text\/html/);

  // The page without a proof calls nothing upstream, and POSTs are counted apart.
  expect((await call(a, "/verify", { from })).status).toBe(200);
  expect(await unsignedLogIn(b, from)).toBe(401);
  // Another client is counted on its own.
  expect((await call(b, `/api/operations?sender=${sender}`, { from: "127.0.0.17" })).status).toBe(200);
});
