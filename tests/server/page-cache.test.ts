/**
 * server/page-cache.ts (and its parts in server/page-cache/) on its own: what is kept, for how
 * long, what drops it, and what a client gets back. The renderer here is a plain function
 * returning Responses (tests/server/index.test.ts runs the cache in the production server over a
 * real read model).
 */
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { sessionTokenFromCookieHeader } from "../../app/utils/session-cookie.server.js";
import { PageCache } from "../../server/page-cache.js";
import type { Dropped } from "../../server/page-cache/changes.js";
import { cacheableFor } from "../../server/page-cache/entry.js";
import { acceptsGzip } from "../../server/page-cache/reply.js";
import { CPU_TIMING_HEADER } from "../../server/page-cache/timing.js";

/** A well-formed session token (32 bytes, base64url). */
const TOKEN = randomBytes(32).toString("base64url");

const PAGE = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", "surrogate-control": "max-age=300" };

function setup({ maxBytes = 1 << 20 } = {}) {
  const state = { version: "v1" as string | undefined, now: 1_000_000, renders: [] as string[] };
  const cache = new PageCache({
    maxBytes,
    personal: (cookie) => sessionTokenFromCookieHeader(cookie) !== undefined,
    now: () => state.now,
  });
  cache.advance("v1", "all");
  /** The read model moves to `version`, dropping these tags' pages (or all). */
  const advance = (version: string | undefined, dropped: Dropped = "all") => {
    state.version = version;
    cache.advance(version, dropped);
  };
  const render =
    (html: (path: string) => string = (path) => `<html>${path} at ${state.version} #${state.renders.length - 1}</html>`, headers: Record<string, string> = PAGE, status = 200) =>
    async (request: Request) => {
      const path = new URL(request.url).pathname;
      state.renders.push(path);
      return new Response(html(path), { status, headers });
    };
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    cache.fill(new Request(`http://app.test${path}`, { method, headers }), cache.key(method, path, headers.cookie)!, render());
  return { cache, state, render, get, advance };
}

describe("keys: what may be served from the cache at all", () => {
  const { cache } = setup();
  it("GET and HEAD of any path and query, without the session cookie", () => {
    expect(cache.key("GET", "/chapters/1?limit=5", undefined)).toBe("/chapters/1?limit=5");
    expect(cache.key("HEAD", "/", "theme=dark")).toBe("/");
    expect(cache.key("GET", "/", `a=1; __Host-sessionx=${TOKEN}`)).toBe("/");
    // A malformed session cookie is no session to the app either: the page is the anonymous one.
    expect(cache.key("GET", "/", "__Host-session=abc")).toBe("/");
  });
  it("never a URL with an auth redirect's parameters (personalParams)", () => {
    const cache = new PageCache({ maxBytes: 1 << 20, personal: () => false, personalParams: ["bundle", "orgId"] });
    expect(cache.key("GET", "/evaluations?chapter=1&orgId=O", undefined)).toBeUndefined();
    expect(cache.key("GET", "/?bundle=", undefined)).toBeUndefined();
    expect(cache.key("GET", "/?bundlex=1", undefined)).toBe("/?bundlex=1");
  });
  it("one key for every spelling `target` makes one, and a miss renders under that spelling", async () => {
    const renders: string[] = [];
    const cache = new PageCache({ maxBytes: 1 << 20, personal: () => false, target: (raw) => raw.replace(/\?&*$/, "") });
    cache.advance("v1", "all");
    expect(cache.key("GET", "/members?&&", undefined)).toBe("/members");
    const render = async (request: Request) => (renders.push(request.url), new Response("<html></html>", { headers: PAGE }));
    const first = await cache.fill(new Request("http://app.test/members?&"), cache.key("GET", "/members?&", undefined)!, render);
    const second = await cache.fill(new Request("http://app.test/members?"), cache.key("GET", "/members?", undefined)!, render);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache"), renders]).toEqual(["miss", "hit", ["http://app.test/members"]]);
    expect(cache.stats().entries).toBe(1);
  });
  it("never a write, a personal request or a loader data request", () => {
    expect(cache.key("POST", "/chapters/1", undefined)).toBeUndefined();
    expect(cache.key("GET", "/chapters/1", `a=1; __Host-session=${TOKEN}`)).toBeUndefined();
    expect(cache.key("GET", "/chapters/1.data?_routes=routes%2Fchapters", undefined)).toBeUndefined();
    expect(cache.key("GET", "/_root.data", undefined)).toBeUndefined();
  });
});

describe("PageCache", () => {
  it("a miss asked for its CPU (X-Server-Timing: cpu, as the views bench asks) says what its render cost this process", async () => {
    const { get } = setup();
    const miss = await get("/chapters/2", { [CPU_TIMING_HEADER]: "cpu" });
    expect(miss.headers.get("x-cache")).toBe("miss");
    expect(miss.headers.get("server-timing")).toMatch(/^render;dur=\d+\.\d\d, cpu;dur=\d+\.\d\d$/);
    const hit = await get("/chapters/2", { [CPU_TIMING_HEADER]: "cpu" });
    expect([hit.headers.get("x-cache"), hit.headers.has("server-timing")]).toEqual(["hit", false]);
  });

  it("a miss that waited for its client's turn says the wait apart: its render's time and CPU start when the render does", async () => {
    const { cache } = setup();
    let spin = 0;
    const miss = await cache.fill(new Request("http://app.test/chapters/3", { headers: { [CPU_TIMING_HEADER]: "cpu" } }), "/chapters/3", async (request, begins) => {
      // A wait of 60 ms of CPU (a busy event loop) before the turn comes: neither render nor cpu.
      for (const until = performance.now() + 60; performance.now() < until; ) spin++;
      begins?.();
      return new Response(`<html>${new URL(request.url).pathname}</html>`, { headers: PAGE });
    });
    const timing = Object.fromEntries(miss.headers.get("server-timing")!.split(", ").map((metric) => [metric.split(";")[0], Number(metric.split("dur=")[1])]));
    expect(Object.keys(timing)).toEqual(["wait", "render", "cpu"]);
    expect([timing.wait! >= 60, timing.render! < 50, timing.cpu! < 50, spin > 0]).toEqual([true, true, true, true]);
  });

  it("renders a page once, then serves it (gzip as stored, identity inflated, 304 for its ETag, HEAD without a body)", async () => {
    const { get, state } = setup();
    const first = await get("/chapters/1");
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(first.headers.has("surrogate-control")).toBe(false);
    // A miss says how long its render took; a hit cost no render.
    expect(first.headers.get("server-timing")).toMatch(/^render;dur=\d+\.\d\d$/);
    const html = await first.text();
    expect(html).toBe("<html>/chapters/1 at v1 #0</html>");

    const gzipped = await get("/chapters/1", { "accept-encoding": "gzip, deflate, br" });
    expect(gzipped.headers.get("x-cache")).toBe("hit");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(gzipped.headers.has("server-timing")).toBe(false);
    expect(gzipped.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(gzipped.headers.get("cache-control")).toBe("no-cache");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(html);

    const identity = await get("/chapters/1", { "accept-encoding": "gzip;q=0, identity" });
    expect([identity.headers.get("content-encoding"), await identity.text()]).toEqual([null, html]);

    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get("/chapters/1", { "if-none-match": `W/"other", ${etag}` });
    expect([revalidated.status, await revalidated.text()]).toEqual([304, ""]);

    const head = await get("/chapters/1", {}, "HEAD");
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, String(html.length), ""]);
    expect(state.renders).toEqual(["/chapters/1"]);
  });

  it("a HEAD that misses renders as a GET: the page kept has its body", async () => {
    const { cache, state } = setup();
    const seen: string[] = [];
    const head = await cache.fill(new Request("http://app.test/chapters/2", { method: "HEAD" }), "/chapters/2", async (request) => {
      seen.push(request.method);
      // Remix answers a HEAD without a body.
      return new Response(request.method === "HEAD" ? null : "<html>page</html>", { headers: PAGE });
    });
    expect([seen, head.status, await head.text()]).toEqual([["GET"], 200, ""]);
    const get = await cache.fill(new Request("http://app.test/chapters/2"), "/chapters/2", () => Promise.reject(new Error("not rendered again")));
    expect([get.headers.get("x-cache"), await get.text()]).toEqual(["hit", "<html>page</html>"]);
    expect(state.renders).toEqual([]);
  });

  it("storedHeaders decides what an entry keeps, from the rendered headers and HTML", async () => {
    const cache = new PageCache({
      maxBytes: 1 << 20,
      personal: () => false,
      storedHeaders: (headers, html) => ({ ...headers, "x-length": String(html.length) }),
    });
    cache.advance("v1", "all");
    const render = async () => new Response("<html>12345</html>", { headers: { ...PAGE, "x-per-response": "a" } });
    await cache.fill(new Request("http://app.test/"), "/", render);
    const hit = await cache.fill(new Request("http://app.test/"), "/", render);
    expect([hit.headers.get("x-cache"), hit.headers.get("x-length"), hit.headers.get("x-per-response")]).toEqual(["hit", "18", "a"]);
  });

  it("a change that cannot be accounted for drops every page; an unknown version bypasses the cache", async () => {
    const { get, cache, advance } = setup();
    await get("/a");
    await get("/b");
    expect(cache.stats()).toMatchObject({ entries: 2, misses: 2 });
    advance("v2", "all");
    expect(await (await get("/a")).text()).toBe("<html>/a at v2 #2</html>");
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 3 });

    advance(undefined);
    const bypassed = await get("/a");
    expect([bypassed.headers.get("x-cache"), bypassed.headers.has("surrogate-control")]).toEqual(["bypass", false]);
    expect(await bypassed.text()).toBe("<html>/a at undefined #3</html>");
    expect(cache.stats()).toMatchObject({ entries: 0, bypasses: 1 });
  });

  it("a page rendered while a change touched what it shows is answered but not kept; other changes keep it", async () => {
    const { cache, advance } = setup();
    const page = (tags: string, during: () => void) => async () => {
      during();
      return new Response(`rendered before the change, maybe: ${tags}`, { headers: { ...PAGE, "surrogate-key": tags } });
    };
    const touched = await cache.fill(new Request("http://app.test/chapters/7"), "/chapters/7", page("chapter:7", () => advance("v2", new Set(["chapter:7"]))));
    expect(await touched.text()).toBe("rendered before the change, maybe: chapter:7");
    const other = await cache.fill(new Request("http://app.test/chapters/8"), "/chapters/8", page("chapter:8 account:0xa", () => advance("v3", new Set(["chapter:7", "account:0xb"]))));
    expect(other.headers.get("x-cache")).toBe("miss");
    expect(cache.stats()).toMatchObject({ entries: 1 });
    expect((await cache.fill(new Request("http://app.test/chapters/8"), "/chapters/8", page("", () => undefined))).headers.get("x-cache")).toBe("hit");
    // Every page goes with a change that cannot be accounted for, and none rendered across it is kept.
    await cache.fill(new Request("http://app.test/x"), "/x", page("chapter:9", () => advance("v4", "all")));
    expect(cache.stats().entries).toBe(0);
  });

  it("a change drops the pages of the tags it touched and the pages that named none, and keeps the rest", async () => {
    const { cache, advance } = setup();
    const fill = (path: string, tags?: string) =>
      cache.fill(new Request(`http://app.test${path}`), path, async () => new Response(`<html>${path}</html>`, { headers: tags ? { ...PAGE, "surrogate-key": tags } : PAGE }));
    await fill("/chapters/7", "chapter:7 account:0xa");
    await fill("/chapters/8", "chapter:8");
    await fill("/members/0xa", "account:0xa");
    await fill("/party", "list:party");
    await fill("/untagged");
    expect(cache.stats().entries).toBe(5);
    advance("v2", new Set(["account:0xa", "list:members"]));
    const states = async () =>
      Object.fromEntries(await Promise.all(["/chapters/7", "/chapters/8", "/members/0xa", "/party", "/untagged"].map(async (p) => [p, (await fill(p)).headers.get("x-cache")])));
    expect(await states()).toEqual({ "/chapters/7": "miss", "/chapters/8": "hit", "/members/0xa": "miss", "/party": "hit", "/untagged": "miss" });
    expect(cache.stats()).toMatchObject({ dropped: 3, entries: 5 });
    // The same version again drops nothing.
    advance("v2", new Set());
    expect(Object.values(await states())).toEqual(["hit", "hit", "hit", "hit", "hit"]);
  });

  it("keeps a page at most Surrogate-Control's max-age", async () => {
    const { get, state } = setup();
    await get("/p");
    state.now += 299_000;
    expect((await get("/p")).headers.get("x-cache")).toBe("hit");
    state.now += 1_000;
    expect((await get("/p")).headers.get("x-cache")).toBe("miss");
    expect(state.renders).toEqual(["/p", "/p"]);
  });

  it("concurrent misses of one page render it once", async () => {
    const { cache, state } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const render = async () => {
      state.renders.push("/busy");
      await gate;
      return new Response("<html>busy</html>", { headers: PAGE });
    };
    const responses = Array.from({ length: 10 }, () => cache.fill(new Request("http://app.test/busy"), "/busy", render));
    release();
    const states = (await Promise.all(responses)).map((r) => r.headers.get("x-cache"));
    expect(state.renders).toEqual(["/busy"]);
    expect(states.sort()).toEqual(["hit", "hit", "hit", "hit", "hit", "hit", "hit", "hit", "hit", "miss"]);
  });

  it("evicts the least recently served pages beyond maxBytes", async () => {
    const { cache, state, get } = setup({ maxBytes: 4 * 1024 });
    // Random, so incompressible: about 1.2 KB each gzipped, three fit.
    const noise = () => randomBytes(1200).toString("base64");
    const fill = (path: string) => cache.fill(new Request(`http://app.test${path}`), path, async () => {
      state.renders.push(path);
      return new Response(noise() + path, { headers: PAGE });
    });
    await fill("/1");
    await fill("/22");
    await get("/1"); // served: now the most recent
    await fill("/333");
    await fill("/4444");
    expect(cache.stats()).toMatchObject({ entries: 3, evicted: 1 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(4 * 1024);
    // "/22" was the least recently served, so it went first; "/1" is still there.
    expect((await fill("/1")).headers.get("x-cache")).toBe("hit");
    expect((await fill("/22")).headers.get("x-cache")).toBe("miss");
  });

  it("does not keep errors, cookies, pages without Surrogate-Control or with no-store", async () => {
    const { cache, state } = setup();
    const cases: [string, Response][] = [
      ["/404", new Response("nope", { status: 404, headers: PAGE })],
      ["/cookie", new Response("hi", { headers: { ...PAGE, "set-cookie": "a=1" } })],
      ["/plain", new Response("plain", { headers: { "content-type": "text/html" } })],
      ["/no-store", new Response("x", { headers: { ...PAGE, "surrogate-control": "no-store, max-age=60" } })],
    ];
    for (const [path, response] of cases) {
      const answered = await cache.fill(new Request(`http://app.test${path}`), path, async () => (state.renders.push(path), response.clone()));
      expect([path, answered.status, answered.headers.get("x-cache"), answered.headers.has("surrogate-control")]).toEqual([path, response.status, "bypass", false]);
      expect(await answered.text()).toBe(await response.text());
    }
    expect(cache.stats()).toMatchObject({ entries: 0, bypasses: 4 });
    // The cookie reaches the client untouched.
    const cookie = await cache.fill(new Request("http://app.test/cookie"), "/cookie", async () => new Response("hi", { headers: { ...PAGE, "set-cookie": "a=1" } }));
    expect(cookie.headers.get("set-cookie")).toBe("a=1");
  });
});

describe("header parsing", () => {
  it("acceptsGzip", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
  it("cacheableFor", () => {
    const with_ = (headers: Record<string, string>, status = 200) => cacheableFor(new Response(null, { status, headers }));
    expect(with_({ "surrogate-control": "max-age=300" })).toBe(300);
    expect(with_({ "surrogate-control": "content=\"ESI/1.0\", max-age=5" })).toBe(5);
    expect(with_({ "surrogate-control": "max-age=0" })).toBeUndefined();
    expect(with_({ "surrogate-control": "max-age=300" }, 404)).toBeUndefined();
    expect(with_({ "cache-control": "public, max-age=300" })).toBeUndefined();
  });
});
