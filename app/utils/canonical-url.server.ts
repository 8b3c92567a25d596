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
 */
import { redirect } from "@remix-run/node";
import { RETURN_PARAMS } from "../wallet/return-params";

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

/** Throws a 301 to the canonical URL when a GET or HEAD asked for the page under another one. */
export function canonicalUrl(request: Request, path: string, query: QueryValues = {}): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  const returned = Object.fromEntries(RETURN_PARAMS.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)]] : [])));
  const canonical = canonicalPath(path, { ...query, ...returned });
  // Compared as URLSearchParams writes it: `after=1:2` and `after=1%3A2` are one spelling.
  const asked = new URLSearchParams(url.search).toString();
  if (url.pathname + (asked ? `?${asked}` : "") !== canonical) throw redirect(canonical, 301);
}
