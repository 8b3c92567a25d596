/**
 * One URL per page. A cached page's loader calls `canonicalUrl` with what it read from the request
 * (its path built from parsed ids, the query parameters it uses with their parsed values); any
 * other spelling of the same page — `/chapters/01`, an upper-case address, `?utm=1`, parameters
 * in another order, an empty `?q=` — answers a 301 to the canonical URL instead of being
 * rendered. The web server's page cache (server/page-cache.ts) keeps only 200s, so a page has one
 * entry and no client can fill the cache with spellings of it.
 *
 * The canonical form: path as given, query parameters that have a value, sorted by name
 * (`NextPage` writes its links the same way). An auth redirect's parameters (RETURN_PARAMS: the
 * browser reads and strips them) are kept as they came; the web server never caches a URL that has
 * them.
 *
 * What is compared is the request's target as `requestTarget` spells it, and the page cache keys
 * on that same spelling: two targets it spells alike (`/?&` and `/`, `?q=%30x12&` and `?q=0x12`)
 * are one page to the loader and one entry to the cache, so no spelling the loader accepts can
 * take an entry of its own.
 */
import { redirect } from "@remix-run/node";
import { RETURN_PARAMS } from "../ground/return-params";

export type QueryValues = Record<string, string | number | bigint | null | undefined>;

/** The canonical path and query, e.g. `/chapters/1?after=0x…&limit=10`. */
export function canonicalPath(path: string, query: QueryValues = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  search.sort();
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A path and query made of these characters only is spelled one way already (no query, escape or dot segment). */
const PLAIN_PATH = /^\/[A-Za-z0-9_~/-]*$/;
/** RFC 3986's unreserved characters: their escapes mean the characters themselves. */
const UNRESERVED = /^[A-Za-z0-9_.~-]$/;

/**
 * The one spelling of a request target (origin-form: path and query): the path as the URL parser
 * reads it (dot segments resolved), its escapes of unreserved characters decoded and the others
 * in upper case (RFC 3986 6.2.2); the query as URLSearchParams writes what it parsed (empty
 * parameters `&&` gone, one escaping). A fragment, which no request should carry, is dropped.
 */
export function requestTarget(target: string): string {
  if (PLAIN_PATH.test(target)) return target;
  let url: URL;
  try {
    // Appended, not resolved against a base: `//x` stays a path, as the web server's adapter reads it.
    url = new URL(`http://target${target.startsWith("/") ? "" : "/"}${target}`);
  } catch {
    // Nothing the request line's parser lets through, but the web server's fast path must not throw.
    return target;
  }
  const path = url.pathname.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const character = String.fromCharCode(parseInt(escape.slice(1), 16));
    return UNRESERVED.test(character) ? character : escape.toUpperCase();
  });
  const query = new URLSearchParams(url.search).toString();
  return query ? `${path}?${query}` : path;
}

/** Throws a 301 to the canonical URL when a GET or HEAD asked for the page under another one. */
export function canonicalUrl(request: Request, path: string, query: QueryValues = {}): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  const returned = Object.fromEntries(RETURN_PARAMS.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)]] : [])));
  const canonical = canonicalPath(path, { ...query, ...returned });
  // Compared as requestTarget spells it: `after=1:2` and `after=1%3A2` are one spelling.
  if (requestTarget(url.pathname + url.search) !== canonical) throw redirect(canonical, 301);
}
