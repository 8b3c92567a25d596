/**
 * The version of everything a page shows, for the page cache (server/page-cache.ts): the indexer's
 * `party_totals.last_event` (block hash and log index of the last event applied, so it changes with
 * every event and after every reorg) and the app tables' change counter `app.page_version`
 * (db/migrations/0004: pending operations, Telegram links). Polled in the background, so no
 * request waits on it; undefined while the database (or a read model with that column) is not
 * there, and the cache is then bypassed.
 *
 * Staleness: a page cached at version V is served until the poll sees another version, at most
 * `intervalMs` after the indexer committed. Loader data requests (`.data`), which the wallet
 * flow uses to show a change it has just seen indexed, never go through the cache.
 */
import pg from "pg";

export type ReadModelVersion = {
  /** The last version read, or undefined when the last poll failed. */
  current(): string | undefined;
  /** Polls now (the next timer poll still comes). */
  refresh(): Promise<string | undefined>;
  stop(): Promise<void>;
};

/** The one statement that reads the version (the tests use it to wait for a server to catch up). */
export function versionQuery(schema: string): string {
  return `select (select last_event from ${pg.escapeIdentifier(schema)}.party_totals where id = 1) as chain,
    (select n::text from app.page_version) as app`;
}

/** The version from versionQuery's row; undefined without the app's counter (migrations not run). */
export function versionOf(row: { chain: string | null; app: string | null } | undefined): string | undefined {
  return row && row.app !== null ? `${row.chain ?? "-"}/${row.app}` : undefined;
}

export function pollReadModelVersion({
  databaseUrl,
  schema,
  intervalMs = 250,
}: {
  databaseUrl: string;
  schema: string;
  intervalMs?: number;
}): ReadModelVersion {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 2000, query_timeout: 2000, idleTimeoutMillis: 0 });
  pool.on("error", () => undefined); // a dropped idle connection: the next poll reconnects
  const query = versionQuery(schema);
  let current: string | undefined;
  let running: Promise<string | undefined> | undefined;

  const poll = () =>
    (running ??= pool
      .query<{ chain: string | null; app: string | null }>(query)
      .then(
        ({ rows: [row] }) => (current = versionOf(row)),
        () => (current = undefined),
      )
      .finally(() => (running = undefined)));

  const timer = setInterval(() => void poll(), intervalMs);
  timer.unref();
  void poll();

  return {
    current: () => current,
    refresh: poll,
    async stop() {
      clearInterval(timer);
      await running;
      await pool.end();
    },
  };
}
