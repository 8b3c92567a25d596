/**
 * How the page cache (server/page-cache.ts) answers from an entry: a 304 when the browser's ETag
 * matches, the kept gzip as it is to a client that accepts gzip (every browser), inflated for the
 * others, no body for a HEAD; `X-Cache` says hit, miss or bypass.
 */
import { gunzipSync } from "node:zlib";
import type { Entry } from "./entry";

export type CacheState = "hit" | "miss" | "bypass";

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

/** Status, headers and body of the answer from `entry`, for Node's response or a fetch Response. */
export function reply(entry: Entry, state: CacheState, method: string, acceptEncoding: string | null | undefined, ifNoneMatch: string | null | undefined) {
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

/** The answer from `entry` as a Response; a miss passes the HTML it has and its Server-Timing. */
export function entryResponse(request: Request, entry: Entry, state: CacheState, html?: Buffer, timing?: string): Response {
  const gzipped = acceptsGzip(request.headers.get("accept-encoding"));
  const answer = reply(entry, state, request.method, gzipped ? "gzip" : "identity", request.headers.get("if-none-match"));
  // The miss already has the HTML: no need to inflate what was just compressed.
  const body = answer.body && !gzipped && html ? html : answer.body;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, String(value));
  if (timing) headers.set("server-timing", timing);
  // A Buffer is a Uint8Array, which Response takes (the DOM typings want an ArrayBuffer-backed one).
  return new Response((body ?? null) as BodyInit | null, { status: answer.status, headers });
}

/** A render passed through uncached: its Surrogate-Control stays here, X-Cache says why. */
export function withCacheState(response: Response, state: CacheState): Response {
  const headers = new Headers(response.headers);
  headers.delete("surrogate-control");
  headers.set("x-cache", state);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
