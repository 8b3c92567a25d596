/**
 * Signed-in pages from the page cache (issue 29, docs/decisions/0016-pages-shared-by-kind.md).
 *
 * A page a stranger is served from the cache (server/page-cache.ts) depends on who asks only
 * through what the read model says of the viewer, reduced to the chapters the page shows
 * (app/ground/shared-viewer.ts). So a signed-in request for such a page is answered from an entry
 * shared by every viewer of its kind: keyed by the page's key and the kind, rendered once for a
 * viewer with the kind's facts and a placeholder address, without the session. The browser reads
 * whose page it is from the account cookie. The viewer's own render answers instead when:
 *
 * - the session's account is not yet known to this server: it is read once (its turn at the
 *   render gate, as any render's), then kept until a change of the read model names the account
 *   (an event about it, a session of it revoked: app/models/sessions.server.ts) or every page,
 *   or for VIEWER_TTL_MS;
 * - the account cookie is missing or names another account (it is set then, on that answer);
 * - the page turned out to show a chapter the viewer stands in a relation to that the shared
 *   render did not know of (a page is taken to show none until a render of it says which);
 * - the shared page shows the viewer's address (their own row, their own member page): what
 *   it shows of oneself, only one's own render shows. That render is kept too, for that viewer
 *   alone (keyed by its address and facts), as long as the page would be;
 * - the shared render is not one to share: a scope other than expected, or its HTML carries the
 *   placeholder address more than once (something rendered it); or not cacheable (`/me`, a
 *   redirect, an error): the page is then left to its viewers' own renders.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { permissionsOf } from "../app/calls";
import { accountFromCookies, ACCOUNT_COOKIE, kindKey, reducedFacts, scopeOf, SHARED_VIEWER_ADDRESS } from "../app/ground/shared-viewer";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, sessionTokenFromCookieHeader } from "../app/utils/session-cookie.server";
import type { Viewer } from "../app/utils/viewer";
import type { PageCache } from "./page-cache";
import type { Dropped } from "./page-cache/changes";
import { cacheableFor, type Entry } from "./page-cache/entry";

/** How long a session's viewer is kept without a change that names it. */
const VIEWER_TTL_MS = 60_000;
/** Sessions and pages remembered; past it, all are forgotten (and read again). */
const MAX_REMEMBERED = 100_000;
/** What a shared page tells caches between the server and the browser: it is this person's. */
const PRIVATE = { "cache-control": "private, no-cache", vary: "Accept-Encoding, Cookie, Accept-Language" };

/** What a signed-in request needs from the server: its session's viewer, and its two renders. */
export type ViewerRequest = {
  token: string;
  /** The session's viewer from the database (null: no live session), in the client's turn. */
  lookup(token: string): Promise<Viewer | null>;
  /** The viewer's own render, with its session; with its viewer, when known, for the load context (no second read of it). */
  own(viewer?: Viewer): Promise<Response>;
  /** The render shared by a kind: `request` carries no session; `viewer` goes in the load context. */
  shared(request: Request, viewer: Viewer, begins?: () => void): Promise<Response>;
};

type Known = { viewer: Viewer | null; until: number; address: string };

export class ViewerPages {
  /** Session token → its viewer (null: no live session) while current. */
  readonly #sessions = new Map<string, Known>();
  /** `account:<address>` → the tokens of its sessions here. */
  readonly #tokensOf = new Map<string, Set<string>>();
  /** Page key → the chapters the page shows. */
  readonly #scopes = new Map<string, ReadonlySet<string>>();
  /** Page keys whose shared render no cache may keep: their viewers' own renders answer them. */
  readonly #unshared = new Map<string, true>();

  constructor(
    readonly cache: PageCache,
    readonly now: () => number = Date.now,
  ) {}

  /**
   * The read model is at `version` now (undefined: not known): the page cache drops what changed
   * (PageCache.advance), and the viewers it names are forgotten (all of them, and the scopes, for
   * "all" or an unknown version).
   */
  advance(version: string | undefined, dropped: Dropped) {
    this.cache.advance(version, dropped);
    if (dropped === "all" || version === undefined) {
      this.#sessions.clear();
      this.#tokensOf.clear();
      this.#scopes.clear();
      this.#unshared.clear();
      return;
    }
    for (const tag of dropped) {
      for (const token of this.#tokensOf.get(tag) ?? []) this.#sessions.delete(token);
      this.#tokensOf.delete(tag);
    }
  }

  /** The fast path: a known viewer's shared page, straight from its entry; false leaves the request to `serve`. */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const cookie = req.headers.cookie;
    const token = sessionTokenFromCookieHeader(cookie);
    const viewer = token === undefined ? undefined : this.#known(token)?.viewer;
    if (!viewer || accountFromCookies(cookie) !== viewer.address) return false;
    const page = this.cache.pageKey(req.method, req.url, cookie, req.headers["accept-language"]);
    if (page === undefined) return false;
    const kind = kindOf(viewer, this.#scope(page));
    const entry = this.cache.entry(`${page} ~${kind}`);
    if (entry !== undefined && fits(entry, viewer, kind)) return this.cache.answer(req, res, entry, PRIVATE);
    const mine = this.cache.entry(ownKey(page, viewer));
    return mine !== undefined && this.cache.answer(req, res, mine, PRIVATE);
  }

  /** A signed-in request's answer: the page its kind shares when it may, else its own render. */
  async serve(request: Request, raw: string | undefined, io: ViewerRequest): Promise<Response> {
    const cookie = request.headers.get("cookie");
    // Writes, loader data and the like: the viewer's own, as always.
    const page = this.cache.pageKey(request.method, raw, cookie, request.headers.get("accept-language"));
    if (page === undefined) return io.own();
    const viewer = await this.#viewer(io);
    // Not known now (the database did not answer): the viewer's own render says so, and the cookie stays.
    if (viewer === undefined) return io.own();
    if (!viewer) return withAccountCookie(await io.own(), cookie, undefined);
    if (accountFromCookies(cookie) !== viewer.address) return withAccountCookie(await io.own(viewer), cookie, viewer.address);
    // The viewer's own render, kept for it alone when the page may be kept (a page that shows it).
    const own = async () => {
      const answer = await this.cache.fill(request, ownKey(page, viewer), () => io.own(viewer));
      for (const [name, value] of Object.entries(PRIVATE)) answer.headers.set(name, value);
      return answer;
    };
    if (this.#unshared.has(page)) return io.own(viewer);
    const reduced = reducedFacts(viewer, this.#scope(page));
    const kind = kindKey(reduced);
    const shared: Viewer = { ...reduced, may: permissionsOf(reduced) };
    const render = async (r: Request, begins?: () => void) => {
      const response = await io.shared(r, shared, begins);
      // A page no cache may keep (/me, a redirect, an error) is never shared: its viewers' own renders answer it from now on.
      if (cacheableFor(response) === undefined) this.#remember(this.#unshared, page, true);
      return response;
    };
    const answer = await this.cache.fillShared(withoutSession(request), `${page} ~${kind}`, render, {
      fits: (entry) => fits(entry, viewer, kind),
      // Kept when the chapters the page turned out to show make the viewer the same kind, and nothing rendered the placeholder.
      accept: (html, tags) => {
        const shows = scopeOf(tags);
        this.#remember(this.#scopes, page, shows);
        return kindKey(reducedFacts(viewer, shows)) === kind && occurrences(html, SHARED_VIEWER_ADDRESS) <= 1;
      },
    });
    if (!answer) return this.#unshared.has(page) ? io.own(viewer) : own();
    for (const [name, value] of Object.entries(PRIVATE)) answer.headers.set(name, value);
    return answer;
  }

  /** The session's viewer (null: no live session): known, or read in the client's turn and kept; undefined when it cannot be read now. */
  async #viewer(io: ViewerRequest): Promise<Viewer | null | undefined> {
    const known = this.#known(io.token);
    if (known) return known.viewer;
    // The database cannot say now: nothing is kept.
    const viewer = await io.lookup(io.token).catch(() => undefined);
    if (viewer === undefined) return undefined;
    const address = viewer?.address.toLowerCase() ?? "";
    this.#remember(this.#sessions, io.token, { viewer, address, until: this.now() + VIEWER_TTL_MS });
    if (viewer) {
      const tag = `account:${address}`;
      const tokens = this.#tokensOf.get(tag);
      if (tokens) tokens.add(io.token);
      else this.#tokensOf.set(tag, new Set([io.token]));
    }
    return viewer;
  }

  #known(token: string): Known | undefined {
    const known = this.#sessions.get(token);
    if (known && known.until <= this.now()) {
      this.#sessions.delete(token);
      return undefined;
    }
    return known;
  }

  /**
   * The chapters the page shows, as its last render said (or its entry for strangers says). Not
   * known yet, a page is taken to show none: right for most viewers, and each render and each
   * entry is checked against what it shows (`accept`, `fits`).
   */
  #scope(page: string): ReadonlySet<string> {
    const known = this.#scopes.get(page);
    if (known) return known;
    const entry = this.cache.entry(page);
    return entry ? entryScope(entry) : NO_CHAPTER;
  }

  #remember<V>(map: Map<string, V>, key: string, value: V) {
    if (map.size >= MAX_REMEMBERED && !map.has(key)) {
      map.clear();
      if (map === (this.#sessions as Map<string, unknown>)) this.#tokensOf.clear();
    }
    map.set(key, value);
  }
}

const NO_CHAPTER: ReadonlySet<string> = new Set();

/** The key of a viewer's own render of a page: its address and all of its facts. */
const ownKey = (page: string, viewer: Viewer) => `${page} @${viewer.address.toLowerCase()} ${kindKey(viewer)}`;

/**
 * A shared entry answers a viewer when the chapters it shows make the viewer the kind it was
 * rendered for, and it does not show the viewer's address.
 */
const fits = (entry: Entry, viewer: Viewer, kind: string) => !entry.mentions?.has(lowerAddress(viewer)) && kindOf(viewer, entryScope(entry)) === kind;

/**
 * What a hit asks of a viewer and an entry, worked out once: a known session's viewer object and
 * a page's scope stay the same objects between changes, and an entry's tags never change.
 */
const kinds = new WeakMap<Viewer, WeakMap<ReadonlySet<string>, string>>();
function kindOf(viewer: Viewer, scope: ReadonlySet<string>): string {
  let byScope = kinds.get(viewer);
  if (!byScope) kinds.set(viewer, (byScope = new WeakMap()));
  let kind = byScope.get(scope);
  if (kind === undefined) byScope.set(scope, (kind = kindKey(reducedFacts(viewer, scope))));
  return kind;
}
const scopes = new WeakMap<Entry, ReadonlySet<string>>();
function entryScope(entry: Entry): ReadonlySet<string> {
  let scope = scopes.get(entry);
  if (!scope) scopes.set(entry, (scope = scopeOf(entry.tags)));
  return scope;
}
const lowered = new WeakMap<Viewer, string>();
function lowerAddress(viewer: Viewer): string {
  let address = lowered.get(viewer);
  if (address === undefined) lowered.set(viewer, (address = viewer.address.toLowerCase()));
  return address;
}

function occurrences(html: Buffer, needle: string): number {
  let count = 0;
  for (let at = html.indexOf(needle, 0, "latin1"); at !== -1; at = html.indexOf(needle, at + 1, "latin1")) count++;
  return count;
}

/** The request as the shared render gets it: every cookie but the session's (the language's stays). */
function withoutSession(request: Request): Request {
  const headers = new Headers(request.headers);
  const cookies = (headers.get("cookie") ?? "").split(";").filter((part) => part.split("=", 1)[0]!.trim() !== SESSION_COOKIE);
  if (cookies.length > 0) headers.set("cookie", cookies.join(";"));
  else headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** The account cookie, set to the session's account (or cleared without a session) when the request's says otherwise. */
function withAccountCookie(response: Response, cookie: string | null, address: string | undefined): Response {
  const current = accountFromCookies(cookie);
  if (current === address || (!current && !address) || response.headers.has("set-cookie")) return response;
  const value = address
    ? `${ACCOUNT_COOKIE}=${address}; Max-Age=${SESSION_MAX_AGE_SECONDS}; Path=/; Secure; SameSite=Lax`
    : `${ACCOUNT_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Lax`;
  try {
    response.headers.append("set-cookie", value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.append("set-cookie", value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
