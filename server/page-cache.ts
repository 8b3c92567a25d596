/**
 * The page cache in front of Remix: a rendered page is kept until the read model changes, and
 * served again without running its loader or React at all.
 *
 * Why: rendering a chapter page costs ~2–3 ms of CPU (React and Remix, SQL is ~0.6 ms), and pages
 * change only when the indexer applies an event or the app records a pending operation. A page
 * served from here costs a map lookup and a socket write, so a 2-core machine serves thousands of
 * pages a second instead of a few hundred (README, "Measured"; docs/decisions/0005).
 *
 * What is cached: a GET (or HEAD, answered from a GET's render) without a session (a well-formed
 * session cookie), not a loader data request (`.data`), whose response is a 200 that opts in with
 * `Surrogate-Control: max-age=N` (the Edge Architecture header for reverse-proxy caches;
 * app/utils/page-cache-headers.ts) and sets no cookie. Entries are keyed by path and query as
 * `target` spells them (one spelling per page, whatever the request line said), plus the
 * request's language when `language` is given (pages differ by nothing else about a request
 * without a session), and tagged with the render's `Surrogate-Key` (what the page shows:
 * app/utils/page-tags.ts). When the read model moves on (server/read-model-changes.ts), `advance`
 * drops the entries of the tags the change touched, or every entry. `max-age` bounds the age of
 * what changes without a version: the status bar's server-rendered text (the bar refreshes itself
 * in the browser) and the 15-minute window of pending operations. Concurrent misses of one page
 * render it once.
 *
 * Its parts, one idea each, in server/page-cache/: entry.ts (what a render becomes: kept headers,
 * gzip, ETag), entries.ts (the store: bytes, recency, tags), changes.ts (which renders in flight
 * may still be kept), reply.ts (answering from an entry), timing.ts (a miss's Server-Timing).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Changes, type Dropped } from "./page-cache/changes";
import { Entries } from "./page-cache/entries";
import { cacheableFor, createEntry, keptHeaders, renderTags, UNTAGGED, type Entry } from "./page-cache/entry";
import { entryResponse, reply, withCacheState } from "./page-cache/reply";
import { missTiming } from "./page-cache/timing";

/** Renders a request (`begins` when it starts after waiting for its client's turn). */
type Render = (request: Request, begins?: () => void) => Promise<Response>;

/** A shared page's conditions (PageCache.fillShared): whether an entry may answer this viewer, and whether a render may be kept. */
export type Shared = { fits(entry: Entry): boolean; accept(html: Buffer, tags: readonly string[]): boolean };

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
  readonly #entries: Entries;
  readonly #changes = new Changes();
  readonly #flights = new Map<string, Promise<Entry | undefined>>();
  /** The version pages are rendered at; undefined (not known yet, database down): every request bypasses. */
  #version: string | undefined;
  #stats = { hits: 0, misses: 0, bypasses: 0 };

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
    this.#entries = new Entries(this.#options.maxBytes, this.#options.now);
    // Cookie: a request with a session gets a page of its own (never an entry); with `language`,
    // Cookie and Accept-Language pick the page's language as well.
    this.#vary = options.language ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding, Cookie";
  }

  stats(): PageCacheStats {
    return { ...this.#stats, ...this.#entries.counts, entries: this.#entries.size, bytes: this.#entries.bytes };
  }

  /**
   * The read model is at `version` now: drops the pages that show what changed (and untagged
   * ones), or every page; `undefined` (not known) drops every page and bypasses until a version.
   */
  advance(version: string | undefined, dropped: Dropped) {
    if (version === this.#version && dropped !== "all" && dropped.size === 0) return;
    this.#version = version;
    const all = version === undefined || dropped === "all";
    this.#changes.record(all ? "all" : dropped);
    if (all) this.#entries.clear();
    else this.#entries.drop([UNTAGGED, ...dropped]);
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
    if (cookie && this.#options.personal(cookie)) return undefined;
    return this.pageKey(method, raw, cookie, acceptLanguage);
  }

  /**
   * The key of the page a request asks for, whoever asks: `key` for a request without a session;
   * with one, the base that a kind of viewer's key extends (server/viewer-pages.ts).
   */
  pageKey(
    method: string | undefined,
    raw: string | undefined,
    cookie: string | null | undefined,
    acceptLanguage?: string | null,
  ): string | undefined {
    if ((method !== "GET" && method !== "HEAD") || !raw) return undefined;
    const url = this.#options.target(raw);
    const query = url.indexOf("?");
    if ((query === -1 ? url : url.slice(0, query)).endsWith(".data")) return undefined;
    if (query !== -1 && this.#options.personalParams.length > 0) {
      const names = new URLSearchParams(url.slice(query + 1));
      if (this.#options.personalParams.some((name) => names.has(name))) return undefined;
    }
    const language = this.#options.language(cookie, acceptLanguage);
    return language ? `${url} ${language}` : url;
  }

  /** The current entry under `key`, if any (a shared page's, or a page's tags: server/viewer-pages.ts). */
  entry(key: string): Entry | undefined {
    return this.#current(key);
  }

  /** Answers a raw request from `entry`, with `headers` over its own: true, or false for a method no entry answers. */
  answer(req: IncomingMessage, res: ServerResponse, entry: Entry, headers: Record<string, string> = {}): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    this.#stats.hits++;
    const answer = reply(entry, "hit", req.method, req.headers["accept-encoding"], req.headers["if-none-match"]);
    res.writeHead(answer.status, { ...answer.headers, ...headers });
    res.end(answer.body);
    return true;
  }

  /**
   * The fast path, on Node's own request before any framework: answers from a current entry and
   * returns true, or returns false and leaves the request alone.
   */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.key(req.method, req.url, req.headers.cookie, req.headers["accept-language"]);
    if (key === undefined) return false;
    const entry = this.#current(key);
    return entry !== undefined && this.answer(req, res, entry);
  }

  /**
   * The miss path for a request that has a key: renders it with `render`, keeps the result when
   * it is cacheable, and answers. Concurrent misses of one key wait for the first one's render.
   * The request is rendered under its key's target, so the entry is the page of every spelling
   * that shares the key, whichever came first. A `render` that may wait before it renders (for its
   * client's turn: server/render-gate.ts) calls `begins` when it starts: the miss's Server-Timing
   * then says the wait apart from the render (server/page-cache/timing.ts).
   */
  async fill(asked: Request, key: string, render: Render): Promise<Response> {
    return (await this.#fill(asked, key, render))!;
  }

  /**
   * `fill` for a page shared by a kind of signed-in viewer (server/viewer-pages.ts): kept only when
   * `accept` takes the render (its HTML and tags), and answered only then; undefined otherwise (also
   * when another request's render of the key was not kept), for the caller to render the page for
   * its viewer alone. Its entries know the addresses they show (`mentions`).
   */
  async fillShared(asked: Request, key: string, render: Render, shared: Shared): Promise<Response | undefined> {
    return this.#fill(asked, key, render, shared);
  }

  async #fill(asked: Request, key: string, render: Render, shared?: Shared): Promise<Response | undefined> {
    // A shared page never answers a viewer it shows: their own render does.
    const usable = (entry: Entry) => !shared || shared.fits(entry);
    // Appended to the origin, not resolved: a target `//x` is a path here too.
    const target = `${new URL(asked.url).origin}${key.split(" ", 1)[0]}`;
    const request = target === asked.url ? asked : new Request(target, { method: asked.method, headers: asked.headers, signal: asked.signal });
    const current = this.#current(key);
    if (current) {
      if (!usable(current)) return undefined;
      this.#stats.hits++;
      return entryResponse(request, current, "hit");
    }
    if (this.#version === undefined) {
      if (shared) return undefined;
      this.#stats.bypasses++;
      return withCacheState(await render(request), "bypass");
    }

    const flight = this.#flights.get(key);
    if (flight) {
      const entry = await flight;
      if (entry && usable(entry)) {
        this.#stats.hits++;
        return entryResponse(request, entry, "hit");
      }
      if (shared) return undefined;
      this.#stats.bypasses++;
      return withCacheState(await render(request), "bypass");
    }

    let settle!: (entry: Entry | undefined) => void;
    this.#flights.set(key, new Promise((resolve) => (settle = resolve)));
    let kept: Entry | undefined;
    try {
      const generation = this.#changes.generation;
      const timing = missTiming(request);
      // Only a GET fills the cache: a HEAD's render has no body to keep.
      const response = await render(request.method === "HEAD" ? new Request(request.url, { headers: request.headers }) : request, timing.begins);
      const maxAge = cacheableFor(response);
      if (maxAge === undefined) {
        if (shared) return undefined;
        this.#stats.bypasses++;
        return withCacheState(response, "bypass");
      }
      const html = Buffer.from(await response.arrayBuffer());
      const serverTiming = timing.header();
      if (shared && (html.length > this.#options.maxPageBytes || !shared.accept(html, renderTags(response)))) return undefined;
      if (html.length > this.#options.maxPageBytes) {
        this.#stats.bypasses++;
        return withCacheState(new Response(html, response), "bypass");
      }
      const entry = await createEntry(key, html, {
        headers: { ...this.#options.storedHeaders(keptHeaders(response), html), vary: this.#vary },
        tags: renderTags(response),
        expiresAt: this.#options.now() + maxAge * 1000,
        mentions: shared !== undefined,
      });
      this.#stats.misses++;
      if (this.#changes.unchangedSince(generation, entry.tags)) kept = this.#entries.store(key, entry);
      if (!usable(entry)) return undefined;
      return entryResponse(request, entry, "miss", html, serverTiming);
    } finally {
      settle(kept);
      this.#flights.delete(key);
    }
  }

  /** A current entry for `key` while the version is known, marked as most recently used. */
  #current(key: string): Entry | undefined {
    return this.#version === undefined ? undefined : this.#entries.current(key);
  }
}
