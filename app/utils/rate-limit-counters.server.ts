/**
 * The rate limit's counters (the guard that reads them: app/utils/post-guard.server.ts): a fixed
 * window per bucket and client address, starting at the client's first request.
 *
 * - `postgresCounters`: app.rate_limits (db/migrations/0005_rate_limits.sql), one upsert per
 *   request, shared by every app process on the database. The database's clock times the windows,
 *   so servers with skewed clocks still agree. Ended windows are deleted at most once a minute
 *   per process, by the reset_at index.
 * - `memoryCounters`: this process's memory, bounded (past `maxKeys` the oldest windows go).
 */
import { sql } from "drizzle-orm";
import { rows } from "../../db/query.server";

/** One counted request: the window's count so far, when it ends, and now (ms since the epoch). */
export type Hit = { count: number; resetAt: number; now: number };

export type RateLimitCounters = {
  /** Counts one request of `client` in `bucket`; `now` (ms) stands in for the counters' clock (tests). */
  hit(bucket: string, client: string, windowMs: number, now?: number): Promise<Hit>;
  /** Forgets every counter (tests). */
  clear(): Promise<void>;
};

const PURGE_EVERY_MS = 60_000;

export function memoryCounters({ maxKeys = 100_000 }: { maxKeys?: number } = {}): RateLimitCounters {
  // In window-start order (a new window is re-inserted), so the first key is the oldest.
  const windows = new Map<string, { resetAt: number; count: number }>();
  let lastPurge = 0;
  return {
    async hit(bucket, client, windowMs, now = Date.now()) {
      if (now - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now;
        for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
      }
      const key = `${bucket} ${client}`;
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.delete(key);
        while (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        window = { resetAt: now + windowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetAt: window.resetAt, now };
    },
    async clear() {
      windows.clear();
    },
  };
}

export type PostgresCounters = RateLimitCounters & {
  /** Deletes the windows that ended before `now` (the database's clock when unset). */
  purge(now?: number): Promise<void>;
};

const at = (now: number | undefined) => (now === undefined ? sql`statement_timestamp()` : sql`${new Date(now).toISOString()}::timestamptz`);

export function postgresCounters(): PostgresCounters {
  let lastPurge = 0;
  const purge = async (now?: number) => {
    await rows(sql`delete from app.rate_limits where reset_at <= ${at(now)}`);
  };
  return {
    async hit(bucket, client, windowMs, now) {
      const start = at(now);
      const [row] = await rows<Hit>(sql`
        insert into app.rate_limits as r (bucket, client, count, reset_at)
        values (${bucket}, ${client}, 1, ${start} + ${windowMs}::int * interval '1 millisecond')
        on conflict (bucket, client) do update set
          count = case when r.reset_at <= ${start} then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= ${start} then excluded.reset_at else r.reset_at end
        returning r.count, (extract(epoch from r.reset_at) * 1000)::float8 as "resetAt", (extract(epoch from ${start}) * 1000)::float8 as now`);
      if (!row) throw new Error("rate_limits: the upsert returned no row");
      const clock = now ?? Date.now();
      if (clock - lastPurge > PURGE_EVERY_MS) {
        lastPurge = clock;
        // Off the request's path; a failed purge is tried again a minute later.
        purge(now).catch(() => undefined);
      }
      return row;
    },
    async clear() {
      await rows(sql`delete from app.rate_limits`);
    },
    purge,
  };
}
