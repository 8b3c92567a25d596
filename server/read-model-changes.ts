/**
 * What changed in everything a page shows, for the page cache (server/page-cache.ts): polled in
 * the background (no request waits on it), one statement per poll.
 *
 * - The **version** is the indexer's `party_totals.last_event` (block hash and log index of the
 *   last event applied: it moves with every event and after every reorg) and the app tables'
 *   counter `app.page_version` (pending operations, Telegram links: db/migrations/0004, 0008).
 * - **What moved** since the last poll: the activity rows after the last one seen (one per event;
 *   app/utils/page-tags.ts names the tags each touches), and the app changes after the last
 *   counter value (app.page_changes). The cache drops only those tags' pages.
 * - **Everything** is dropped when the server cannot account for a change: the block of the last
 *   row seen is no longer indexed (a reorg), an event kind that reaches beyond its row, more rows
 *   than one poll reads, a counter bump without its change row, the first version after an unknown
 *   one. With a read model that has no block hashes yet (an older indexer build), every event
 *   drops every page, as before tags.
 *
 * Staleness: a page cached before a change is served until the next poll sees it, at most
 * `intervalMs` after the indexer committed. Loader data requests (`.data`), which the wallet
 * flow uses to show a change it has just seen indexed, never go through the cache.
 */
import pg from "pg";
import { entityTags, eventTags, type ListName } from "../app/utils/page-tags";
import type { Dropped } from "./page-cache/changes";

/** Rows read per poll; more than this since the last poll drops every page. */
const MAX_ROWS = 1000;

export type ReadModelChanges = {
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

type Head = { sortKey: string; blockHash: string };
type EventRow = { kind: string; actor: string | null; subject: string | null; chapterId: string | null; evaluationId: string | null };
type AppEntities = { chapterId?: string; evaluationId?: string; infoId?: string; account?: string; accounts?: string[]; sender?: string; name?: string; lists?: ListName[] };
type ChangesRow = {
  chain: string | null;
  app: string | null;
  head: Head | null;
  /** The block of the last row seen is still indexed (or none was seen). */
  continuous: boolean;
  events: EventRow[];
  appChanges: AppEntities[][];
};

/**
 * The poll: version, newest activity row, continuity, and the rows after the last seen ($1 its sort
 * key, -1 when there was none, null on the first poll; $2 its block hash; $3 the app counter).
 */
function changesQuery(schema: string): string {
  const S = pg.escapeIdentifier(schema);
  return `select (select last_event from ${S}.party_totals where id = 1) as chain,
    (select n::text from app.page_version) as app,
    (select json_build_object('sortKey', sort_key::text, 'blockHash', block_hash) from ${S}.activity order by sort_key desc limit 1) as head,
    ($2::text is null or exists (select 1 from ${S}.activity where sort_key = $1::numeric and block_hash = $2)) as continuous,
    (select coalesce(json_agg(json_build_object('kind', kind, 'actor', actor, 'subject', subject,
        'chapterId', chapter_id::text, 'evaluationId', evaluation_id::text) order by sort_key), '[]')
      from (select * from ${S}.activity where $1::numeric is not null and sort_key > $1::numeric order by sort_key limit ${MAX_ROWS + 1}) e) as events,
    (select coalesce(json_agg(entities order by n), '[]')
      from (select n, entities from app.page_changes where n > $3::bigint order by n limit ${MAX_ROWS + 1}) c) as "appChanges"`;
}

/** The tags the rows since the last poll touch, or "all". */
export function droppedBy(before: { chain: string | null; app: string | null }, row: ChangesRow): Dropped {
  const tags = new Set<string>();
  if (row.chain !== before.chain) {
    if (!row.continuous || row.events.length === 0 || row.events.length > MAX_ROWS) return "all";
    for (const event of row.events) {
      const touched = eventTags(event);
      if (touched === "all") return "all";
      for (const tag of touched) tags.add(tag);
    }
  }
  if (row.app !== before.app) {
    const bumps = before.app === null || row.app === null ? -1n : BigInt(row.app) - BigInt(before.app);
    if (BigInt(row.appChanges.length) !== bumps) return "all";
    for (const entities of row.appChanges) {
      for (const e of entities) {
        const accounts = [e.account, ...(e.accounts ?? []), e.sender];
        for (const tag of entityTags({ chapterId: e.chapterId, evaluationId: e.evaluationId, infoId: e.infoId, accounts, names: [e.name], lists: e.lists })) tags.add(tag);
      }
    }
  }
  return tags;
}

export function followReadModel({
  databaseUrl,
  schema,
  onChange,
  intervalMs = 250,
}: {
  databaseUrl: string;
  schema: string;
  /** Called when the version moves (undefined: the database cannot be read), with what it drops. */
  onChange(version: string | undefined, dropped: Dropped): void;
  intervalMs?: number;
}): ReadModelChanges {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 2000, query_timeout: 2000, idleTimeoutMillis: 0 });
  pool.on("error", () => undefined); // a dropped idle connection: the next poll reconnects
  const query = changesQuery(schema);
  let current: string | undefined;
  let seen: { chain: string | null; app: string | null; head: Head | null } | undefined;
  let tagged = true;
  let running: Promise<string | undefined> | undefined;

  const move = (version: string | undefined, dropped: Dropped) => {
    if (version === current) return;
    current = version;
    onChange(version, dropped);
  };

  const read = async () => {
    if (!tagged) {
      // An older read model (no block hashes): versions only, and every change drops every page.
      const { rows: [row] } = await pool.query<{ chain: string | null; app: string | null }>(versionQuery(schema));
      if (versionOf(row) !== current) move(versionOf(row), "all");
      return;
    }
    const head = seen?.head;
    let row: ChangesRow | undefined;
    try {
      const after = head?.sortKey ?? (seen ? "-1" : null);
      ({ rows: [row] } = await pool.query<ChangesRow>(query, [after, head?.blockHash ?? null, seen?.app ?? null]));
    } catch (error) {
      if ((error as { code?: string }).code !== "42703") throw error; // undefined_column: block_hash
      tagged = false;
      return read();
    }
    const version = versionOf(row);
    if (!row || version === undefined) {
      seen = undefined;
      return move(undefined, "all");
    }
    const before = seen;
    seen = { chain: row.chain, app: row.app, head: row.head };
    if (version === current) return;
    move(version, before ? droppedBy(before, row) : "all");
  };

  const poll = () =>
    (running ??= read()
      .then(
        () => current,
        () => {
          seen = undefined;
          move(undefined, "all");
          return undefined;
        },
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
