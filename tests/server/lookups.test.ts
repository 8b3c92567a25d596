/**
 * Issue #26, against the production server (server/index.ts over the build, PARTY_ENV=production,
 * a database with the app's tables) with a stand-in for Alchemy, its bundler: the lookups that
 * call out cannot be used to flood it.
 * - GET /api/operations/:hash brings a record up to date from the bundler (the wallet polls it):
 *   polls of one operation make one upstream call a second however many there are, and each
 *   client gets the lookup limit (240 a minute), like GET /api/operations?sender=.
 * - The Alchemy signer proxy takes POSTs alone: a GET is a 405 and reaches no one.
 */
import { Agent, request as httpRequest } from "node:http";
import { getAddress, keccak256, toHex } from "viem";
import { freePort } from "../../scripts/lib/free-port.js";
import { ALICE } from "../fixtures/accounts.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";
import { startFakeUpstream, type FakeUpstream, type UpstreamHandler } from "../setup/fake-upstream.js";
import { startStack, type Stack } from "../setup/stack.js";

/** The "lookup" bucket (app/utils/post-guard.server.ts). */
const LOOKUP_LIMIT = 240;
const HASH = keccak256(toHex("issue 26 lookups"));

let stack: Stack;
let alchemy: FakeUpstream;
let app: AppServer;

type Call = { id: number; method: string };
/** Answers `eth_getUserOperationReceipt` with null (no receipt yet), anything else with a string. */
const noReceipt: UpstreamHandler = ({ body }) => {
  const one = (call: Call) => ({ jsonrpc: "2.0", id: call.id, result: call.method === "eth_getUserOperationReceipt" ? null : `alchemy ${call.method}` });
  return { json: Array.isArray(body) ? (body as Call[]).map(one) : one(body as Call) };
};

beforeAll(async () => {
  stack = await startStack({ seed: false, indexer: false, app: false, database: true });
  // A registered operation the bundler has no receipt for: every read asks the bundler.
  await stack.query(
    `insert into app.pending_operations (user_op_hash, sender, operation, subject, status) values ($1, $2, 'applyForChapterMembership', '{"chapterId":"1"}', 'signed')`,
    [HASH, getAddress(ALICE.address)],
  );
  alchemy = await startFakeUpstream(noReceipt);
  app = await startAppServer({
    env: {
      DATABASE_URL: stack.databaseUrl,
      INDEXER_URL: `http://127.0.0.1:${await freePort()}`,
      CHAIN_RPC_URL: stack.rpcUrl,
      PARTY_ENV: "production",
      PARTY_ADDRESS: stack.address,
      PARTY_START_BLOCK: "0",
      ALCHEMY_API_KEY: "alchemyTestKey_lookups",
      ALCHEMY_RPC_URL: alchemy.url,
      RPC_PROXY_TIMEOUT_MS: "2000",
    },
  });
}, 240_000);
afterAll(async () => {
  for (const agent of agents.values()) agent.destroy();
  await app?.stop();
  await alchemy?.close();
  await stack?.stop();
});

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** Each client's kept-alive connections, as a browser keeps them. */
const agents = new Map<string, Agent>();

/** One request from the loopback address `from` (the client the server sees). */
function call(path: string, { from, method = "GET" }: { from: string; method?: string }) {
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new Agent({ keepAlive: true, maxSockets: 20 })));
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(`${app.url}${path}`, { method, localAddress: from, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

const receiptCalls = () =>
  alchemy.requests.flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]) as Call[]).filter((c) => c.method === "eth_getUserOperationReceipt").length;

describe("GET /api/operations/:hash", () => {
  it("polls of one operation from many clients at once make one bundler call a second at most, however many they are", async () => {
    // When each receipt call reaches the bundler: the answer is kept FACTS_TTL_MS (1 s) after it
    // settles, so the next call comes at least that long after this one reached it. The server
    // renders at most 8 requests at once, so the polls spread over seconds on a busy machine.
    const reached: number[] = [];
    alchemy.setHandler((request) => {
      if ((request.body as Call).method === "eth_getUserOperationReceipt") reached.push(Date.now());
      return noReceipt(request);
    });
    const polls = 300;
    const replies = await Promise.all(Array.from({ length: polls }, (_, i) => call(`/api/operations/${HASH}`, { from: `127.0.1.${1 + (i % 30)}` })));
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.slice(0, 100)}`)).toEqual([]);
    expect(JSON.parse(replies[0]!.body)).toMatchObject({ userOpHash: HASH, status: "signed" });
    expect(reached.length).toBeGreaterThanOrEqual(1);
    expect(reached.length).toBeLessThan(polls / 2);
    const gaps = reached.slice(1).map((at, i) => at - reached[i]!);
    expect(gaps.filter((gap) => gap < 990)).toEqual([]);
    alchemy.setHandler(noReceipt);
  }, 180_000);

  it(`answers each client at most ${LOOKUP_LIMIT} times a minute: then 429 with Retry-After and the reason`, async () => {
    const from = "127.0.2.1";
    for (let sent = 0; sent < LOOKUP_LIMIT; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => call(`/api/operations/${HASH}`, { from })));
      expect(batch.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    }
    const limited = await call(`/api/operations/${HASH}`, { from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(limited.body)).toEqual({ message: expect.stringMatching(/Too many lookups: at most 240 per minute/) });
    // The lookups are one bucket: the list is limited for this client too, another client is not.
    expect((await call(`/api/operations?sender=${getAddress(ALICE.address)}`, { from })).status).toBe(429);
    expect((await call(`/api/operations/${HASH}`, { from: "127.0.2.2" })).status).toBe(200);
  }, 180_000);
});

describe("/api/alchemy-rpc/signer/*", () => {
  it("a GET is a 405 naming POST, and reaches neither the signer service nor the limit of its POSTs", async () => {
    const from = "127.0.3.1";
    for (let i = 0; i < 12; i++) {
      const reply = await call("/api/alchemy-rpc/signer/v1/whoami", { from });
      expect([reply.status, reply.headers.allow]).toEqual([405, "POST"]);
      expect(JSON.parse(reply.body)).toEqual({ message: "Only POST is allowed here" });
    }
  });
});
