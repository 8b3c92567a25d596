/**
 * The page cache in front of Remix: a rendered page is kept until the read model changes, and
 * served again without running its loader or React at all.
 *
 * Why: rendering a chapter page costs ~2–3 ms of CPU (React and Remix, SQL is ~0.6 ms), and pages
 * change only when the indexer applies an event or the app records a pending operation. A page
 * served from here costs a map lookup and a socket write, so a 2-core machine serves thousands of
 * pages a second instead of a few hundred (README, "Measured"; docs/decisions/0005).
 *
 * What is cached: a GET (or HEAD, answered from a GET's render) without a session (a well-formed session cookie), not a loader
 * data request (`.data`), whose response is a 200 that opts in with `Surrogate-Control:
 * max-age=N` (the Edge Architecture header for reverse-proxy caches;
 * app/utils/page-cache-headers.ts) and sets no cookie. Entries are keyed by path and query as
 * `target` spells them (one spelling per page, whatever the request line said), plus
 * the request's language when `language` is given (pages differ by nothing else about a request
 * without a session), and tagged with the render's `Surrogate-Key` (what the page shows: app/utils/page-tags.ts). When the
 * read model moves on (server/read-model-changes.ts), `advance` drops the entries of the tags the
 * change touched, or every entry. `max-age` bounds the age of what changes without a version:
 * the status bar's server-rendered text (the bar refreshes itself in the browser) and the
 * 15-minute window of pending operations.
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
/**
 * Compression of a miss, which waits for it: level 3 in one pass (a chunk as large as the page)
 * costs half of zlib's default (level 6, 16 KB chunks: 0.45 against 0.96 ms of CPU for a 57 KB
 * chapter page) for 6% more bytes (15.2 against 14.3 KB).
 */
const GZIP_LEVEL = 3;
const gzipPage = (html: Buffer) => gzip(html, { level: GZIP_LEVEL, chunkSize: Math.max(16 * 1024, html.length) });

/** A request header that asks a miss's answer for the CPU its render cost (`X-Server-Timing: cpu`). */
export const CPU_TIMING_HEADER = "x-server-timing";

/** Response headers not kept in an entry: hop-by-hop, per-response, or the cache's own. */
const DROPPED_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "server-timing",
  "surrogate-control",
  "surrogate-key",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

type Entry = {
  /** Kept response headers, lower-case names, plus etag and vary. */
  headers: Record<string, string>;
  gzip: Buffer;
  etag: string;
  /** What the page shows (its Surrogate-Key), or UNTAGGED: dropped by every change. */
  tags: readonly string[];
  expiresAt: number;
  bytes: number;
};

/** The tag of pages that said nothing of what they show: any change drops them. */
const UNTAGGED = "*";
/** How many past changes are remembered for renders still in flight (a render older than them is not kept). */
const CHANGES_KEPT = 256;

/** What a change of the read model drops: the pages of these tags, or every page. */
export type Dropped = ReadonlySet<string> | "all";

export type CacheState = "hit" | "miss" | "bypass";

export type PageCacheOptions = {
  /** Upper bound of the entries' gzip bytes; the least recently served go first. */
  maxBytes: number;
  /** True for a Cookie header that makes a request personal (a session): never cached. */
  personal(cookie: string): boolean;
  /** The headers an entry keeps, from a render's (lower-case names) and its HTML; as they are by default. */
  storedHeaders?(headers: Record<string, string>, html: Buffer): Record<string, string>;
  /** Query parameters that make a URL one person's (an auth redirect's tokens): never cached. */
  personalParams?: readonly string[];
  /**
   * The one spelling of a request target (path and query) that its page is kept and rendered
   * under, so every spelling the app takes for the same page shares one entry and one render; as
   * it came by default.
   */
  target?(target: string): string;
  /** The language a request's page is rendered in, from its Cookie and Accept-Language headers: part of the key. */
  language?(cookie: string | null | undefined, acceptLanguage: string | null | undefined): string;
  /** Pages larger than this (uncompressed) are not kept. */
  maxPageBytes?: number;
  now?(): number;
};

export type PageCacheStats = {
  hits: number;
  misses: number;
  bypasses: number;
  stored: number;
  evicted: number;
  /** Entries dropped by changes of the read model. */
  dropped: number;
  entries: number;
  bytes: number;
};

export class PageCache {
  readonly #options: Required<PageCacheOptions>;
  readonly #vary: string;
  readonly #entries = new Map<string, Entry>();
  /** Tag → keys of the entries that show it. */
  readonly #tagged = new Map<string, Set<string>>();
  readonly #flights = new Map<string, Promise<Entry | undefined>>();
  #bytes = 0;
  /** The version pages are rendered at; undefined (not known yet, database down): every request bypasses. */
  #version: string | undefined;
  /** Counts changes; a render remembers the one it started at. */
  #generation = 0;
  /** The last CHANGES_KEPT changes, oldest first. */
  readonly #changes: { generation: number; dropped: Dropped }[] = [];
  #stats = { hits: 0, misses: 0, bypasses: 0, stored: 0, evicted: 0, dropped: 0 };

  constructor(options: PageCacheOptions) {
    this.#options = {
      maxPageBytes: 4 * 1024 * 1024,
      now: Date.now,
      storedHeaders: (headers) => headers,
      personalParams: [],
      target: (target) => target,
      language: () => "",
      ...options,
    };
    this.#vary = options.language ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding, Cookie";
  }

  stats(): PageCacheStats {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#bytes };
  }

  /**
   * The read model is at `version` now: drops the pages that show what changed (and untagged
   * ones), or every page; `undefined` (not known) drops every page and bypasses until a version.
   */
  advance(version: string | undefined, dropped: Dropped) {
    if (version === this.#version && dropped !== "all" && dropped.size === 0) return;
    this.#version = version;
    const all = version === undefined || dropped === "all";
    this.#generation++;
    this.#changes.push({ generation: this.#generation, dropped: all ? "all" : dropped });
    if (this.#changes.length > CHANGES_KEPT) this.#changes.shift();
    if (all) {
      this.#stats.dropped += this.#entries.size;
      this.#entries.clear();
      this.#tagged.clear();
      this.#bytes = 0;
      return;
    }
    for (const tag of [UNTAGGED, ...dropped]) {
      for (const key of this.#tagged.get(tag) ?? []) {
        this.#stats.dropped++;
        this.#remove(key);
      }
    }
  }

  /**
   * The cache key of a request (its target as `target` spells it, and its language after a space,
   * which no spelling of a target contains), or undefined when the request may never be served
   * from here.
   */
  key(
    method: string | undefined,
    raw: string | undefined,
    cookie: string | null | undefined,
    acceptLanguage?: string | null,
  ): string | undefined {
    if ((method !== "GET" && method !== "HEAD") || !raw) return undefined;
    const url = this.#options.target(raw);
    const query = url.indexOf("?");
    if ((query === -1 ? url : url.slice(0, query)).endsWith(".data")) return undefined;
    if (cookie && this.#options.personal(cookie)) return undefined;
    if (query !== -1 && this.#options.personalParams.length > 0) {
      const names = new URLSearchParams(url.slice(query + 1));
      if (this.#options.personalParams.some((name) => names.has(name))) return undefined;
    }
    const language = this.#options.language(cookie, acceptLanguage);
    return language ? `${url} ${language}` : url;
  }

  /**
   * The fast path, on Node's own request before any framework: answers from a current entry and
   * returns true, or returns false and leaves the request alone.
   */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.key(req.method, req.url, req.headers.cookie, req.headers["accept-language"]);
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
   * The request is rendered under its key's target, so the entry is the page of every spelling
   * that shares the key, whichever came first. A `render` that may wait before it renders (for its
   * client's turn: server/render-gate.ts) calls `begins` when it starts: the miss's Server-Timing
   * then says the wait (`wait;dur`) apart from the render's own time and CPU.
   */
  async fill(asked: Request, key: string, render: (request: Request, begins?: () => void) => Promise<Response>): Promise<Response> {
    // Appended to the origin, not resolved: a target `//x` is a path here too.
    const target = `${new URL(asked.url).origin}${key.split(" ", 1)[0]}`;
    const request = target === asked.url ? asked : new Request(target, { method: asked.method, headers: asked.headers, signal: asked.signal });
    const current = this.#current(key);
    if (current) {
      this.#stats.hits++;
      return this.#response(request, current, "hit");
    }
    if (this.#version === undefined) {
      this.#stats.bypasses++;
      return withCacheState(await render(request), "bypass");
    }

    const flight = this.#flights.get(key);
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
    this.#flights.set(key, new Promise((resolve) => (settle = resolve)));
    let kept: Entry | undefined;
    try {
      const generation = this.#generation;
      let started = performance.now();
      // The process's CPU only when asked: the call costs ~35 µs on a loaded VM, twice a miss.
      const measureCpu = request.headers.get(CPU_TIMING_HEADER) === "cpu";
      let cpu = measureCpu ? process.cpuUsage() : undefined;
      let waited: number | undefined;
      const begins = () => {
        const now = performance.now();
        waited = now - started;
        started = now;
        if (measureCpu) cpu = process.cpuUsage();
      };
      // Only a GET fills the cache: a HEAD's render has no body to keep.
      const response = await render(request.method === "HEAD" ? new Request(request.url, { headers: request.headers }) : request, begins);
      const maxAge = cacheableFor(response);
      if (maxAge === undefined) {
        this.#stats.bypasses++;
        return withCacheState(response, "bypass");
      }
      const html = Buffer.from(await response.arrayBuffer());
      // What the miss took (its wait for a turn apart), and with the header what its render cost this process (with whatever else ran meanwhile): for benchmarks and profiles.
      const used = cpu && process.cpuUsage(cpu);
      const wait = waited === undefined ? "" : `wait;dur=${waited.toFixed(2)}, `;
      const timing = `${wait}render;dur=${(performance.now() - started).toFixed(2)}${used ? `, cpu;dur=${((used.user + used.system) / 1000).toFixed(2)}` : ""}`;
      if (html.length > this.#options.maxPageBytes) {
        this.#stats.bypasses++;
        return withCacheState(new Response(html, response), "bypass");
      }
      const rendered: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!DROPPED_HEADERS.has(name)) rendered[name] = value;
      });
      const headers = this.#options.storedHeaders(rendered, html);
      const tags = (response.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean);
      const compressed = await gzipPage(html);
      const entry: Entry = {
        // Cookie: a request with a session gets a page of its own (never this entry); with
        // `language`, Cookie and Accept-Language pick the page's language as well.
        headers: { ...headers, vary: this.#vary },
        gzip: compressed,
        etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
        tags: tags.length > 0 ? tags : [UNTAGGED],
        expiresAt: this.#options.now() + maxAge * 1000,
        bytes: compressed.length + key.length,
      };
      this.#stats.misses++;
      if (this.#unchangedSince(generation, entry.tags)) kept = this.#store(key, entry);
      return this.#response(request, entry, "miss", html, timing);
    } finally {
      settle(kept);
      this.#flights.delete(key);
    }
  }

  /**
   * True when no change since `generation` touched these tags: a page rendered then still shows
   * the read model as it is. (A render reads the database after its generation began, so it is
   * at least that new.)
   */
  #unchangedSince(generation: number, tags: readonly string[]): boolean {
    if (generation === this.#generation) return true;
    if (this.#version === undefined) return false;
    const oldest = this.#changes[0];
    if (!oldest || oldest.generation > generation + 1) return false;
    return this.#changes.every(
      ({ generation: g, dropped }) => g <= generation || (dropped !== "all" && !tags.some((tag) => tag === UNTAGGED || dropped.has(tag))),
    );
  }

  /** A current entry for `key`, marked as most recently used. */
  #current(key: string): Entry | undefined {
    if (this.#version === undefined) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#options.now()) {
      this.#remove(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps the entry (unless one is there already or it is too big); returns it when kept. */
  #store(key: string, entry: Entry): Entry | undefined {
    if (this.#current(key) !== undefined || entry.bytes > this.#options.maxBytes) return undefined;
    this.#entries.set(key, entry);
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      if (keys) keys.add(key);
      else this.#tagged.set(tag, new Set([key]));
    }
    this.#bytes += entry.bytes;
    this.#stats.stored++;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#remove(oldest);
      this.#stats.evicted++;
    }
    return entry;
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
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

  #response(request: Request, entry: Entry, state: CacheState, html?: Buffer, timing?: string): Response {
    const gzipped = acceptsGzip(request.headers.get("accept-encoding"));
    const reply = this.#reply(entry, state, request.method, gzipped ? "gzip" : "identity", request.headers.get("if-none-match"));
    // The miss already has the HTML: no need to inflate what was just compressed.
    const body = reply.body && !gzipped && html ? html : reply.body;
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) headers.set(name, String(value));
    if (timing) headers.set("server-timing", timing);
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
