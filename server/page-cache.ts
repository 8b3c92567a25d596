/**
 * The page cache in front of Remix: a rendered page is kept until the read model changes, and
 * served again without running its loader or React at all.
 *
 * Why: rendering a chapter page costs ~5–10 ms of CPU (React and Remix, SQL is ~1 ms), and pages
 * change only when the indexer applies an event or the app records a pending operation. A page
 * served from here costs a map lookup and a socket write, so a 2-core machine serves thousands of
 * pages a second instead of a hundred or two (README, "Measured"; docs/decisions/0005).
 *
 * What is cached: a GET (or HEAD, answered from a GET's render) without a session (a well-formed session cookie), not a loader
 * data request (`.data`), whose response is a 200 that opts in with `Surrogate-Control:
 * max-age=N` (the Edge Architecture header for reverse-proxy caches;
 * app/utils/page-cache-headers.ts) and sets no cookie. Entries are keyed by path and query and tagged with the version they were rendered at
 * (server/read-model-version.ts): a new version drops them all. `max-age` bounds the age of
 * what changes without a version: the status bar's server-rendered text (the bar refreshes itself
 * in the browser) and the 15-minute window of pending operations.
 *
 * Entries hold the gzip of the page only (about a sixth of the HTML): clients that accept gzip,
 * every browser, get those bytes as they are; others get them inflated. A strong ETag lets a
 * browser revalidate with a 304. Concurrent misses of one page render it once.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gunzipSync, gzip as gzipCallback } from "node:zlib";

const gzip = promisify(gzipCallback);

/** Response headers not kept in an entry: hop-by-hop, per-response, or the cache's own. */
const DROPPED_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "surrogate-control",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

type Entry = {
  /** Kept response headers, lower-case names, plus etag and vary. */
  headers: Record<string, string>;
  gzip: Buffer;
  etag: string;
  version: string;
  expiresAt: number;
  bytes: number;
};

export type CacheState = "hit" | "miss" | "bypass";

export type PageCacheOptions = {
  /** The version pages are rendered at now; undefined: not known, every request bypasses. */
  version(): string | undefined;
  /** Upper bound of the entries' gzip bytes; the least recently served go first. */
  maxBytes: number;
  /** True for a Cookie header that makes a request personal (a session): never cached. */
  personal(cookie: string): boolean;
  /** The headers an entry keeps, from a render's (lower-case names) and its HTML; as they are by default. */
  storedHeaders?(headers: Record<string, string>, html: Buffer): Record<string, string>;
  /** Query parameters that make a URL one person's (an auth redirect's tokens): never cached. */
  personalParams?: readonly string[];
  /** Pages larger than this (uncompressed) are not kept. */
  maxPageBytes?: number;
  now?(): number;
};

export type PageCacheStats = { hits: number; misses: number; bypasses: number; stored: number; evicted: number; entries: number; bytes: number };

export class PageCache {
  readonly #options: Required<PageCacheOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Promise<Entry | undefined>>();
  #bytes = 0;
  #version: string | undefined;
  #stats = { hits: 0, misses: 0, bypasses: 0, stored: 0, evicted: 0 };

  constructor(options: PageCacheOptions) {
    this.#options = { maxPageBytes: 4 * 1024 * 1024, now: Date.now, storedHeaders: (headers) => headers, personalParams: [], ...options };
  }

  stats(): PageCacheStats {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#bytes };
  }

  /** The cache key of a request, or undefined when the request may never be served from here. */
  key(method: string | undefined, url: string | undefined, cookie: string | null | undefined): string | undefined {
    if ((method !== "GET" && method !== "HEAD") || !url) return undefined;
    const query = url.indexOf("?");
    if ((query === -1 ? url : url.slice(0, query)).endsWith(".data")) return undefined;
    if (cookie && this.#options.personal(cookie)) return undefined;
    if (query !== -1 && this.#options.personalParams.length > 0) {
      const names = new URLSearchParams(url.slice(query + 1));
      if (this.#options.personalParams.some((name) => names.has(name))) return undefined;
    }
    return url;
  }

  /**
   * The fast path, on Node's own request before any framework: answers from a current entry and
   * returns true, or returns false and leaves the request alone.
   */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.key(req.method, req.url, req.headers.cookie);
    if (key === undefined) return false;
    const entry = this.#current(key);
    if (!entry) return false;
    this.#stats.hits++;
    const { status, headers, body } = this.#reply(entry, "hit", req.method!, req.headers["accept-encoding"], req.headers["if-none-match"]);
    res.writeHead(status, headers);
    res.end(body);
    return true;
  }

  /**
   * The miss path for a request that has a key: renders it with `render`, keeps the result when
   * it is cacheable, and answers. Concurrent misses of one key wait for the first one's render.
   */
  async fill(request: Request, key: string, render: (request: Request) => Promise<Response>): Promise<Response> {
    const version = this.#options.version();
    // Also drops the entries of an older version.
    const current = this.#current(key);
    if (current) {
      this.#stats.hits++;
      return this.#response(request, current, "hit");
    }
    if (version === undefined) {
      this.#stats.bypasses++;
      return withCacheState(await render(request), "bypass");
    }

    const flightKey = `${version}\n${key}`;
    const flight = this.#flights.get(flightKey);
    if (flight) {
      const entry = await flight;
      if (entry) {
        this.#stats.hits++;
        return this.#response(request, entry, "hit");
      }
      this.#stats.bypasses++;
      return withCacheState(await render(request), "bypass");
    }

    let settle!: (entry: Entry | undefined) => void;
    this.#flights.set(flightKey, new Promise((resolve) => (settle = resolve)));
    let entry: Entry | undefined;
    try {
      // Only a GET fills the cache: a HEAD's render has no body to keep.
      const response = await render(request.method === "HEAD" ? new Request(request.url, { headers: request.headers }) : request);
      const maxAge = cacheableFor(response);
      if (maxAge === undefined) {
        this.#stats.bypasses++;
        return withCacheState(response, "bypass");
      }
      const html = Buffer.from(await response.arrayBuffer());
      if (html.length > this.#options.maxPageBytes) {
        this.#stats.bypasses++;
        return withCacheState(new Response(html, response), "bypass");
      }
      const rendered: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!DROPPED_HEADERS.has(name)) rendered[name] = value;
      });
      const headers = this.#options.storedHeaders(rendered, html);
      const compressed = await gzip(html);
      entry = {
        // Cookie: a request with a session gets a page of its own (never this entry).
        headers: { ...headers, vary: "Accept-Encoding, Cookie" },
        gzip: compressed,
        etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
        version,
        expiresAt: this.#options.now() + maxAge * 1000,
        bytes: compressed.length + key.length,
      };
      this.#stats.misses++;
      this.#store(key, entry);
      return this.#response(request, entry, "miss", html);
    } finally {
      settle(entry);
      this.#flights.delete(flightKey);
    }
  }

  /** A current entry for `key`, marked as most recently used; drops every entry of an old version. */
  #current(key: string): Entry | undefined {
    const version = this.#options.version();
    if (version !== this.#version) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#version = version;
    }
    if (version === undefined) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#options.now()) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry;
  }

  #store(key: string, entry: Entry) {
    // Rendered at a version that is gone by now: never servable, so not kept.
    if (this.#current(key) !== undefined || entry.version !== this.#version) return;
    if (entry.bytes > this.#options.maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#stats.stored++;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes;
      this.#stats.evicted++;
    }
  }

  #reply(entry: Entry, state: CacheState, method: string, acceptEncoding: string | null | undefined, ifNoneMatch: string | null | undefined) {
    const headers: Record<string, string | number> = { ...entry.headers, etag: entry.etag, "x-cache": state };
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag)) {
      return { status: 304, headers, body: undefined };
    }
    const gzipped = acceptsGzip(acceptEncoding);
    const body = gzipped ? entry.gzip : gunzipSync(entry.gzip);
    if (gzipped) headers["content-encoding"] = "gzip";
    headers["content-length"] = body.length;
    return { status: 200, headers, body: method === "HEAD" ? undefined : body };
  }

  #response(request: Request, entry: Entry, state: CacheState, html?: Buffer): Response {
    const gzipped = acceptsGzip(request.headers.get("accept-encoding"));
    const reply = this.#reply(entry, state, request.method, gzipped ? "gzip" : "identity", request.headers.get("if-none-match"));
    // The miss already has the HTML: no need to inflate what was just compressed.
    const body = reply.body && !gzipped && html ? html : reply.body;
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) headers.set(name, String(value));
    // A Buffer is a Uint8Array, which Response takes (the DOM typings want an ArrayBuffer-backed one).
    return new Response((body ?? null) as BodyInit | null, { status: reply.status, headers });
  }
}

/** Seconds a response may be kept (Surrogate-Control max-age), or undefined when it may not. */
export function cacheableFor(response: Response): number | undefined {
  if (response.status !== 200 || response.headers.has("set-cookie")) return undefined;
  const control = response.headers.get("surrogate-control");
  if (!control || /(^|,)\s*no-store\s*(,|$)/i.test(control)) return undefined;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*(\d+)\s*(?:,|$)/i.exec(control);
  const seconds = maxAge ? Number(maxAge[1]) : 0;
  return seconds > 0 ? seconds : undefined;
}

/** True when Accept-Encoding allows gzip (an explicit `gzip` or `*` without q=0). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "x-gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function withCacheState(response: Response, state: CacheState): Response {
  const headers = new Headers(response.headers);
  headers.delete("surrogate-control");
  headers.set("x-cache", state);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
