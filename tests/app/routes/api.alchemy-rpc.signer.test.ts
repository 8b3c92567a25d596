/**
 * The Account Kit signer pass-through: unknown paths 404, the local answer is a plain 501, and in
 * production the key goes only into the upstream request, never into the answer.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

const KEY = "secret-alchemy-key-123";
let upstream: Server;
let seen: { url?: string; auth?: string; body?: string } = {};

async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) process.env[k] = v;
  return import("../../../app/routes/api.alchemy-rpc.signer.$.js");
}

beforeAll(async () => {
  upstream = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen = { url: req.url, auth: req.headers.authorization, body };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ userId: "u1", orgId: "o1" }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  process.env.DATABASE_URL ??= "postgres://unused@127.0.0.1:1/unused";
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

const post = (path: string, body: string) =>
  new Request(`https://party.test/api/alchemy-rpc/signer/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

describe("/api/alchemy-rpc/signer/*", () => {
  it("answers 404 for a path the signer does not use and 501 on the local chain", async () => {
    const route = await load({ PARTY_ENV: "local" });
    expect((await route.action({ request: post("v1/nope", "{}"), params: { "*": "v1/nope" }, context: {} })).status).toBe(404);
    const local = await route.action({ request: post("v1/whoami", "{}"), params: { "*": "v1/whoami" }, context: {} });
    expect(local.status).toBe(501);
    expect(((await local.json()) as { message: string }).message).toMatch(/not available here/);
  });

  it("forwards in production with the key as a bearer token, and never returns the key", async () => {
    const route = await load({ PARTY_ENV: "production", ALCHEMY_API_KEY: KEY, PARTY_ADDRESS: "0x0000000000000000000000000000000000000001", PARTY_START_BLOCK: "1" });
    const { address } = upstream.address() as { address: string; port: number };
    expect(address).toBe("127.0.0.1");
    // The service URL is fixed; point fetch at the local stand-in for this test.
    const realFetch = globalThis.fetch;
    const port = (upstream.address() as { port: number }).port;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      realFetch(String(input).replace("https://api.g.alchemy.com", `http://127.0.0.1:${port}`), init)) as typeof fetch;
    try {
      const response = await route.action({ request: post("v1/whoami", '{"stampedRequest":{}}'), params: { "*": "v1/whoami" }, context: {} });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(KEY);
      expect(JSON.parse(text)).toEqual({ userId: "u1", orgId: "o1" });
      expect(seen).toEqual({ url: "/signer/v1/whoami", auth: `Bearer ${KEY}`, body: '{"stampedRequest":{}}' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
