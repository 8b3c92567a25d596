/**
 * The notifier's job queue: pg-boss 10 in the `pgboss` schema (installed by
 * db/migrations/0012_notifier_sender.sql), one job per delivery carrying its key. Jobs are written
 * through the caller's own client, so they commit or roll back with the delivery rows they send.
 */
import PgBoss from "pg-boss";
import type pg from "pg";

export const PGBOSS_SCHEMA = "pgboss";
export const DELIVERY_QUEUE = "notification-delivery";
/**
 * Where pg-boss moves a job whose own retries are spent; the sender marks its delivery failed.
 * pg-boss retries a job only when its batch broke (a database error) or its notifier died with it
 * in hand (the job expired): a send that failed is tried again with a new job, by the rule in
 * ./retries.ts, and never reaches this queue.
 */
export const FAILED_QUEUE = "notification-delivery-failed";

/** The delivery queue's options as db/migrations/0012 creates it (a test compares the two). */
export const QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 30, deadLetter: FAILED_QUEUE } as const;

export type DeliveryJob = { key: string };

/** pg-boss's database adapter over a pool or one client (then inside that client's transaction). */
export function executeSqlOn(db: pg.Pool | pg.PoolClient | pg.Client): PgBoss.Db {
  return { executeSql: (text: string, values: unknown[]) => db.query(text, values) };
}

// Inserting needs only pg-boss's SQL, not a started instance (no polling, no maintenance, no pool).
let inserter: PgBoss | undefined;

/** Adds one delivery job per key, in `client`'s transaction. */
export async function insertDeliveryJobs(client: pg.PoolClient | pg.Client, keys: readonly string[]): Promise<void> {
  await insertJobs(client, keys.map((key) => ({ name: DELIVERY_QUEUE, data: { key } })));
}

/**
 * Adds a delivery job per key that starts `afterSeconds` after `client`'s transaction began (pg-boss
 * adds the interval to the database's now()), in that transaction.
 */
export async function insertLaterDeliveryJobs(client: pg.PoolClient | pg.Client, jobs: readonly { key: string; afterSeconds: number }[]): Promise<void> {
  await insertJobs(
    client,
    jobs.map(({ key, afterSeconds }) => ({ name: DELIVERY_QUEUE, data: { key }, startAfter: `${Math.max(0, afterSeconds).toFixed(3)} seconds` })),
  );
}

async function insertJobs(client: pg.PoolClient | pg.Client, jobs: PgBoss.JobInsert<DeliveryJob>[]): Promise<void> {
  if (jobs.length === 0) return;
  inserter ??= new PgBoss({
    schema: PGBOSS_SCHEMA,
    db: { executeSql: () => Promise.reject(new Error("delivery jobs are inserted through the caller's client only")) },
  });
  await inserter.insert(jobs, { db: executeSqlOn(client) });
}
