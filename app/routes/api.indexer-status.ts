import { getIndexerState } from "../services/indexer-status.server";

/**
 * The status bar's own feed: the indexer's state as JSON (services/indexer-status.server.ts keeps it
 * in memory, refreshed once a second). Pages may come from the page cache with the status they
 * were rendered with; the bar asks here when the page starts and every few seconds after.
 */
export async function loader() {
  return new Response(JSON.stringify(await getIndexerState()), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
