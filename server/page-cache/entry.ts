/**
 * A page cache entry (server/page-cache.ts) and how a render becomes one: the response headers it
 * keeps, the page's gzip (the only copy kept: about a sixth of the HTML) and its strong ETag (a
 * hash of the HTML, for a browser's 304).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";

export type Entry = {
  /** Kept response headers, lower-case names, plus vary. */
  headers: Record<string, string>;
  gzip: Buffer;
  etag: string;
  /** What the page shows (its Surrogate-Key), or UNTAGGED: dropped by every change. */
  tags: readonly string[];
  expiresAt: number;
  bytes: number;
  /** A shared page's (server/viewer-pages.ts): every address it shows, lower case. */
  mentions?: ReadonlySet<string>;
};

/** The tag of pages that said nothing of what they show: any change drops them. */
export const UNTAGGED = "*";

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

const gzip = promisify(gzipCallback);
/**
 * Compression of a miss, which waits for it: level 3 in one pass (a chunk as large as the page)
 * costs half of zlib's default (level 6, 16 KB chunks: 0.45 against 0.96 ms of CPU for a 57 KB
 * chapter page) for 6% more bytes (15.2 against 14.3 KB).
 */
const GZIP_LEVEL = 3;
const gzipPage = (html: Buffer) => gzip(html, { level: GZIP_LEVEL, chunkSize: Math.max(16 * 1024, html.length) });

/** Seconds a response may be kept (Surrogate-Control max-age), or undefined when it may not. */
export function cacheableFor(response: Response): number | undefined {
  if (response.status !== 200 || response.headers.has("set-cookie")) return undefined;
  const control = response.headers.get("surrogate-control");
  if (!control || /(^|,)\s*no-store\s*(,|$)/i.test(control)) return undefined;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*(\d+)\s*(?:,|$)/i.exec(control);
  const seconds = maxAge ? Number(maxAge[1]) : 0;
  return seconds > 0 ? seconds : undefined;
}

/** A render's headers that an entry may keep, lower-case names. */
export function keptHeaders(response: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name)) kept[name] = value;
  });
  return kept;
}

/** What a render says it shows (its Surrogate-Key), or UNTAGGED when it says nothing. */
export function renderTags(response: Response): readonly string[] {
  const tags = (response.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean);
  return tags.length > 0 ? tags : [UNTAGGED];
}

/** The entry of a page under `key`: its gzip, its ETag, and what it weighs in the cache. */
export async function createEntry(
  key: string,
  html: Buffer,
  { headers, tags, expiresAt, mentions = false }: Pick<Entry, "headers" | "tags" | "expiresAt"> & { mentions?: boolean },
): Promise<Entry> {
  const compressed = await gzipPage(html);
  return {
    ...(mentions ? { mentions: addressesIn(html) } : {}),
    headers,
    gzip: compressed,
    etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
    tags,
    expiresAt,
    bytes: compressed.length + key.length,
  };
}

const ADDRESS = /0x[0-9a-f]{40}(?![0-9a-f])/gi;

/** Every address a page shows or carries in its data, lower case. */
export function addressesIn(html: Buffer): Set<string> {
  const found = new Set<string>();
  for (const [address] of html.toString("latin1").matchAll(ADDRESS)) found.add(address.toLowerCase());
  return found;
}
