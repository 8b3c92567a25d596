/**
 * The production web server (server/index.ts) over the demo stack. Its page cache
 * (server/page-cache.ts): pages come from the cache until an indexed event or an app-table change moves the
 * version, and never when they are personal, loader data or errors. The status bar's own feed
 * stays live while a page is served from the cache. And the client address it hands the POST
 * guard.
 */
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { getAddress, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "../../app/utils/session-cookie.server.js";
import { startStack, type Stack } from "../setup/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.appUrl}${path}`, { headers, redirect: "manual" });
  return { status: response.status, cache: response.headers.get("x-cache"), headers: response.headers, body: await response.text() };
}

/** The raw bytes as sent, without fetch's transparent decoding; from `localAddress` when given. */
function raw(
  path: string,
  headers: Record<string, string>,
  { method = "GET", body, localAddress }: { method?: string; body?: string; localAddress?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${stack.appUrl}${path}`, { headers, method, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const applicants = (html: string) => [...html.matchAll(/<tr data-applicant="([^"]*)"/g)].map((m) => m[1]);

it("serves a page rendered once until an indexed event changes the read model", async () => {
  const first = await get("/chapters/2");
  expect([first.status, first.cache]).toEqual([200, "miss"]);
  expect(first.headers.has("surrogate-control")).toBe(false);
  const second = await get("/chapters/2");
  expect([second.status, second.cache, second.body]).toEqual([200, "hit", first.body]);
  expect(second.headers.get("etag")).toBe(first.headers.get("etag"));

  // Browsers get the stored gzip as it is; a client without gzip gets the same page inflated.
  const gzipped = await raw("/chapters/2", { "accept-encoding": "gzip" });
  expect(gzipped.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzipped.body).toString()).toBe(first.body);
  const identity = await raw("/chapters/2", {});
  expect([identity.headers["content-encoding"], identity.body.toString()]).toEqual([undefined, first.body]);
  const notModified = await fetch(`${stack.appUrl}/chapters/2`, { headers: { "if-none-match": first.headers.get("etag")! } });
  expect(notModified.status).toBe(304);

  const applicant = privateKeyToAccount(generatePrivateKey());
  await stack.testClient.setBalance({ address: applicant.address, value: parseEther("1") });
  await stack.send(applicant, "applyForChapterMembership", [2n]);
  await stack.waitForIndexer();

  const after = await get("/chapters/2");
  expect([after.status, after.cache]).toEqual([200, "miss"]);
  expect(applicants(after.body)).toContain(applicant.address.toLowerCase());
  expect(applicants(first.body)).not.toContain(applicant.address.toLowerCase());
  expect((await get("/chapters/2")).cache).toBe("hit");
});

it("an event on chapter 7 replaces chapter 7's cached page and leaves chapter 8's, and the pages it does not touch", async () => {
  const member = (await stack.query<{ account: string }>(`select account from ${stack.viewsSchema}.members where chapter_id = 8 limit 1`))[0]!.account;
  const pages = ["/chapters/7", "/chapters/8", `/members/${member}`, "/info", "/party"];
  const before = new Map<string, string>();
  for (const path of pages) {
    await get(path);
    const cached = await get(path);
    expect([path, cached.cache]).toEqual([path, "hit"]);
    before.set(path, cached.body);
  }

  const applicant = privateKeyToAccount(generatePrivateKey());
  await stack.testClient.setBalance({ address: applicant.address, value: parseEther("1") });
  await stack.send(applicant, "applyForChapterMembership", [7n]);
  await stack.waitForIndexer();

  const after = Object.fromEntries(await Promise.all(pages.map(async (path) => [path, await get(path)] as const)));
  // The application shows on chapter 7's page and in the party's pending count: those were rendered again.
  expect(after["/chapters/7"]!.cache).toBe("miss");
  expect(applicants(after["/chapters/7"]!.body)).toContain(applicant.address.toLowerCase());
  expect(after["/party"]!.cache).toBe("miss");
  // Chapter 8, a member of it and the info list show nothing the event changed: the same cached bytes.
  for (const path of ["/chapters/8", `/members/${member}`, "/info"]) {
    expect([path, after[path]!.cache, after[path]!.body === before.get(path)]).toEqual([path, "hit", true]);
  }

  // A change the server cannot account for (the app's counter moved without saying what changed) drops every page.
  await stack.query("update app.page_version set n = n + 1");
  await stack.waitForPageCache();
  expect((await get("/chapters/8")).cache).toBe("miss");
});

it("a pending operation the app records invalidates the pages that show it, not the others", async () => {
  for (const path of ["/chapters/3", "/chapters/4"]) {
    await get(path);
    expect((await get(path)).cache).toBe("hit");
  }

  const account = getAddress(privateKeyToAccount(generatePrivateKey()).address);
  const hash = toHex(randomBytes(32));
  const counter = async () => (await stack.query<{ n: string }>("select n::text as n from app.page_version"))[0]!.n;
  const before = await counter();
  await stack.query(
    `insert into app.pending_operations (user_op_hash, sender, operation, subject, status, verified_at)
     values ($1, $2, 'applyForChapterMembership', $3::jsonb, 'signed', now())`,
    [hash, account, JSON.stringify({ chapterId: "3", account })],
  );
  expect(BigInt(await counter())).toBe(BigInt(before) + 1n);
  await stack.waitForPageCache();

  const after = await get("/chapters/3");
  expect(after.cache).toBe("miss");
  expect(after.body).toContain(`data-operation="applyForChapterMembership" data-account="${account}" data-status="signed"`);
  expect((await get("/chapters/4")).cache).toBe("hit");

  // A status poll that changes nothing a page shows, or no row at all, keeps the version.
  const unchanged = await counter();
  await stack.query("update app.pending_operations set updated_at = now() where user_op_hash = $1", [hash]);
  await stack.query("update app.pending_operations set status = 'included' where user_op_hash = 'none'");
  expect(await counter()).toBe(unchanged);
  await stack.query("update app.pending_operations set status = 'included' where user_op_hash = $1", [hash]);
  expect(BigInt(await counter())).toBe(BigInt(unchanged) + 1n);
  await stack.waitForPageCache();
  const included = await get("/chapters/3");
  expect([included.cache, included.body.includes(`data-account="${account}" data-status="included"`)]).toEqual(["miss", true]);
});

it("never caches personal requests, loader data, errors or pages that do not opt in", async () => {
  const personal = { cookie: `${SESSION_COOKIE}=${"A".repeat(43)}` };
  for (let i = 0; i < 2; i++) {
    const signedIn = await get("/chapters/1", personal);
    expect([signedIn.status, signedIn.cache]).toEqual([200, null]);
    const data = await get("/chapters/1.data");
    expect([data.status, data.cache]).toEqual([200, null]);
    const missing = await get("/chapters/999999");
    expect([missing.status, missing.cache]).toEqual([404, "bypass"]);
    const malformed = await get("/members/0x12");
    expect([malformed.status, malformed.cache]).toEqual([400, "bypass"]);
    const verify = await get("/verify");
    expect([verify.status, verify.cache]).toEqual([200, "bypass"]);
  }
});

it("the status bar's feed stays live while the page itself comes from the cache", async () => {
  await get("/party");
  const cached = await get("/party");
  expect(cached.cache).toBe("hit");
  const before = (await (await fetch(`${stack.appUrl}/api/indexer-status`)).json()) as { ready: boolean; indexedBlock: number };
  expect(before.ready).toBe(true);

  // Blocks without party events: the read model (and so the page) stays, the indexer moves on.
  await stack.testClient.mine({ blocks: 3 });
  const head = Number(await stack.publicClient.getBlockNumber({ cacheTime: 0 }));
  await stack.indexer.waitForBlock(BigInt(head), 30_000);
  const deadline = Date.now() + 10_000;
  let status = before;
  while (status.indexedBlock < head && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    status = (await (await fetch(`${stack.appUrl}/api/indexer-status`)).json()) as typeof before;
  }
  expect(status.indexedBlock).toBe(head);
  const still = await get("/party");
  expect([still.cache, still.body]).toEqual(["hit", cached.body]);
});

it("rate-limits POSTs per client socket address (no TRUST_PROXY): another address still passes", async () => {
  const command = (localAddress: string) =>
    raw("/api/command", { "content-type": "application/json" }, { method: "POST", body: "{}", localAddress }).then((r) => r.status);
  const first = await Promise.all(Array.from({ length: 10 }, () => command("127.0.0.1")));
  expect(first.filter((status) => status === 429)).toEqual([]);
  expect(await command("127.0.0.1")).toBe(429);
  expect(await command("127.0.0.2")).not.toBe(429);
});

it("serves public/ files for an hour and the build's files as immutable, as remix-serve did", async () => {
  const icon = await fetch(`${stack.appUrl}/favicon.svg`);
  expect([icon.status, icon.headers.get("content-type"), icon.headers.get("cache-control")]).toEqual([200, "image/svg+xml; charset=utf-8", "public, max-age=3600"]);
  expect(await icon.text()).toMatch(/^<svg /);

  // Every script of the page: immutable, and gzipped unless under 1 KB (hono's compress threshold).
  const home = await get("/");
  const scripts = [...new Set([...home.body.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  expect(scripts.length).toBeGreaterThan(3);
  let gzipped = 0;
  for (const script of scripts) {
    const asset = await raw(script, { "accept-encoding": "gzip" });
    expect([script, asset.status, asset.headers["cache-control"]]).toEqual([script, 200, "public, max-age=31536000, immutable"]);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    if (asset.headers["content-encoding"] === "gzip") gzipped++;
    else expect([script, asset.body.length < 1024]).toEqual([script, true]);
  }
  expect(gzipped).toBeGreaterThan(0);
  const missing = await fetch(`${stack.appUrl}/build/nothing-here.js`);
  expect(missing.status).toBe(404);
});
