import type { HeadersFunction } from "@remix-run/node";

/**
 * How long the web server's page cache (server/page-cache.ts) may keep a page at one read-model
 * version. The version already covers every indexed event and pending operation; this only bounds
 * what changes with time alone: the server-rendered status bar text (the bar refreshes itself once
 * the page runs) and pending operations falling out of their 15-minute window.
 */
export const PAGE_CACHE_MAX_AGE_S = 300;

/**
 * `export const headers = readModelPageHeaders;` in a page route whose HTML depends only on its
 * URL, the read model and the app's pending operations and Telegram links (never on who asks:
 * requests with a session cookie are not cached whatever the route says). Browsers revalidate
 * every time (an ETag answers with 304); the server's cache keeps the page until the version moves.
 */
export const readModelPageHeaders: HeadersFunction = ({ errorHeaders }) =>
  errorHeaders ?? {
    "Cache-Control": "no-cache",
    "Surrogate-Control": `max-age=${PAGE_CACHE_MAX_AGE_S}`,
  };
