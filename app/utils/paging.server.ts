/**
 * The paged lists' loaders: the page size, the cursor, and the page cut from a query that asked
 * for one row more than it shows (so it knows whether there is a next page, for NextPage).
 */
import { parseLimit } from "./http.server";

const DEFAULT_LIMIT = 50;

/** Page size from `?limit=`: 50 unless asked for, at most 200. */
export const pageLimit = (url: URL) => parseLimit(url.searchParams.get("limit"), { fallback: DEFAULT_LIMIT, max: 200 });

/** `limit` as the canonical URL writes it (app/utils/canonical-url.server.ts): absent when it is the default. */
export const limitParam = (limit: number) => (limit === DEFAULT_LIMIT ? undefined : limit);

/** `?<name>=` (a cursor, a filter) as `parse` reads it, or undefined without one. */
export function searchParam<T>(url: URL, name: string, parse: (raw: string) => T): T | undefined {
  const raw = url.searchParams.get(name);
  return raw === null ? undefined : parse(raw);
}

/** The first `limit` rows, and the next page's cursor (from the last row shown) when there are more. */
export function pageOf<T>(rows: readonly T[], limit: number, cursorOf: (last: T) => string): { page: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
