/**
 * The notifier's sender: pg-boss workers take delivery jobs (server/notifier/queue.ts) a batch at a
 * time and send each delivery once through the Telegram client. Safe with any number of senders on
 * one database.
 *
 * A batch runs in one transaction that locks its delivery rows across the sends: a row that is no
 * longer `queued` is skipped, so a replayed, retried or doubled job cannot send twice. The rows'
 * outcomes and the jobs' completion (or failure, for pg-boss to retry with backoff) commit
 * together. The one way left to send twice is a crash after Telegram's answer and before that
 * commit: the rows are still queued, the jobs expire, and their retries send again. At most
 * workers × batchSize messages are in that window at any moment.
 */
import PgBoss from "pg-boss";
import type pg from "pg";
import { DELIVERY_QUEUE, FAILED_QUEUE, PGBOSS_SCHEMA, QUEUE_OPTIONS, executeSqlOn, type DeliveryJob } from "./queue";
import type { SendFailure, TelegramClient } from "./telegram";

export type StartSenderParameters = {
  pool: pg.Pool;
  telegram: TelegramClient;
  /** pg-boss workers in this process, each with its own transaction and connection (2 by default). */
  workers?: number;
  /** Jobs a worker takes at a time, sent side by side (25 by default). */
  batchSize?: number;
  /** How often pg-boss looks for expired jobs (a sender killed with jobs in hand), in seconds; one sender does it per interval. */
  maintenanceIntervalSeconds?: number;
  log?: (line: string) => void;
};

export type Sender = { stop(): Promise<void> };

/** A send ends within its job's time (expireInSeconds), with 5 s left to commit; a job that expires is retried. */
const SEND_TIMEOUT_MS = (QUEUE_OPTIONS.expireInSeconds - 5) * 1000;

export async function startSender({
  pool,
  telegram,
  workers = 2,
  batchSize = 25,
  maintenanceIntervalSeconds = 10,
  log = (line) => console.log(line),
}: StartSenderParameters): Promise<Sender> {
  const boss = new PgBoss({ db: executeSqlOn(pool), schema: PGBOSS_SCHEMA, schedule: false, maintenanceIntervalSeconds });
  boss.on("error", (error) => log(`notifier: job queue: ${telegram.scrub(error.message)}`));
  await boss.start();
  if (!(await boss.getQueue(DELIVERY_QUEUE))) {
    await boss.stop({ graceful: false, close: false });
    throw new Error(`the job queue ${DELIVERY_QUEUE} is missing: run the app's migrations (db/migrate.ts) first`);
  }

  const workerIds: string[] = [];
  for (let slot = 0; slot < workers; slot++) {
    // priority: false, as no job has one: pg-boss sorts every waiting job on each fetch, and a
    // shorter sort key makes that cheaper (so do bigger batches: fewer fetches).
    const id = await boss.work<DeliveryJob>(DELIVERY_QUEUE, { batchSize, pollingIntervalSeconds: 0.5, priority: false }, async (jobs) => {
      // A full batch means more are waiting: fetch again at once instead of after the polling pause.
      if (jobs.length === batchSize) boss.notifyWorker(workerIds[slot]!);
      // Throwing makes pg-boss fail (to retry) every job of the batch still active: after a
      // rollback, all of them.
      await deliverBatch({ pool, boss, telegram, log }, jobs);
    });
    workerIds.push(id);
  }
  await boss.work<DeliveryJob>(FAILED_QUEUE, { batchSize: 50 }, async (jobs) => {
    await pool.query(
      `update app.notification_deliveries set status = 'failed', error = coalesce(error, 'gave up after retries')
       where key = any($1::text[]) and status = 'queued'`,
      [jobs.map((job) => job.data.key)],
    );
  });

  return {
    async stop() {
      // Lets the batches in hand finish (their rows commit), then hands back what is left.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: SEND_TIMEOUT_MS });
    },
  };
}

type DeliveryRow = { key: string; status: string; chat_id: string; text: string; linked: boolean; bot_blocked_at: Date | null };

/** What became of a job: its delivery's new status (none: untouched), whether Telegram was asked, or a retry later. */
type Outcome = { job: PgBoss.Job<DeliveryJob>; status?: "sent" | "blocked" | "failed"; attempted?: boolean; error?: string; retry?: boolean };

type Context = { pool: pg.Pool; boss: PgBoss; telegram: TelegramClient; log: (line: string) => void };

async function deliverBatch({ pool, boss, telegram, log }: Context, jobs: PgBoss.Job<DeliveryJob>[]): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const { rows } = await client.query<DeliveryRow>(
      // SKIP LOCKED: a row locked by another batch is being sent there; this job is retried later
      // and then finds the row settled.
      `select d.key, d.status, d.chat_id, d.text, (l.address is not null and lower(l.address) = d.address) as linked, l.bot_blocked_at
       from app.notification_deliveries d
       left join app.telegram_links l on l.telegram_id = d.chat_id
       where d.key = any($1::text[])
       for update of d skip locked`,
      [jobs.map((job) => job.data.key)],
    );
    const locked = new Map(rows.map((row) => [row.key, row]));
    const missing = jobs.map((job) => job.data.key).filter((key) => !locked.has(key));
    // Of the rows not locked here, those that exist are locked by another batch; the rest are gone.
    const exists = new Set(
      missing.length === 0 ? [] : (await client.query<{ key: string }>("select key from app.notification_deliveries where key = any($1::text[])", [missing])).rows.map((r) => r.key),
    );
    const claimed = new Set<string>();

    const outcomes = await Promise.all(
      jobs.map(async (job): Promise<Outcome> => {
        const key = job.data.key;
        const row = locked.get(key);
        if (!row) return exists.has(key) ? { job, retry: true, error: "the delivery is being sent by another job" } : { job };
        // The same key twice in one batch (a replayed job): one of them does the work.
        if (row.status !== "queued" || claimed.has(key)) return { job };
        claimed.add(key);
        if (!row.linked) return { job, status: "failed", error: "Telegram is no longer linked to this account" };
        if (row.bot_blocked_at) return { job, status: "blocked", error: "the member blocked the bot" };
        return outcomeOf(job, await telegram.send(BigInt(row.chat_id), row.text, AbortSignal.timeout(SEND_TIMEOUT_MS)));
      }),
    );

    const settled = outcomes.filter((o) => o.status !== undefined);
    if (settled.length > 0) {
      await client.query(
        `update app.notification_deliveries d
         set status = o.status, attempts = d.attempts + o.attempted, sent_at = case when o.status = 'sent' then now() end, error = o.error
         from unnest($1::text[], $2::text[], $3::int[], $4::text[]) as o(key, status, attempted, error)
         where d.key = o.key`,
        [settled.map((o) => o.job.data.key), settled.map((o) => o.status), settled.map((o) => (o.attempted ? 1 : 0)), settled.map((o) => o.error ?? null)],
      );
    }
    const blocked = outcomes.filter((o) => o.status === "blocked" && o.attempted).map((o) => locked.get(o.job.data.key)!.chat_id);
    if (blocked.length > 0) {
      // The follower sends nothing more to these chats, and /me tells the member, until they link again.
      await client.query("update app.telegram_links set bot_blocked_at = now() where telegram_id = any($1::bigint[]) and bot_blocked_at is null", [blocked]);
    }
    const retried = outcomes.filter((o) => o.retry);
    const attemptedRetries = retried.filter((o) => o.attempted);
    if (attemptedRetries.length > 0) {
      await client.query(
        `update app.notification_deliveries d set attempts = d.attempts + 1, error = o.error
         from unnest($1::text[], $2::text[]) as o(key, error) where d.key = o.key`,
        [attemptedRetries.map((o) => o.job.data.key), attemptedRetries.map((o) => o.error)],
      );
    }
    const db = { db: executeSqlOn(client) };
    for (const o of retried) await boss.fail(DELIVERY_QUEUE, o.job.id, { message: o.error }, db);
    const done = outcomes.filter((o) => !o.retry).map((o) => o.job.id);
    if (done.length > 0) await completeJobs(boss, done, db);
    await client.query("commit");

    for (const o of outcomes) {
      if (o.status === "blocked" && o.attempted) log(`notifier: ${o.job.data.key}: the member blocked the bot (${o.error})`);
      else if (o.status === "failed" && o.attempted) log(`notifier: ${o.job.data.key}: refused (${o.error})`);
      else if (o.retry && o.attempted) log(`notifier: ${o.job.data.key}: will retry (${o.error})`);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    await client.query("rollback").catch(() => undefined);
    throw new Error(telegram.scrub(broken.message));
  } finally {
    // A connection that failed mid-transaction is not given back to the pool.
    client.release(broken);
  }
}

function outcomeOf(job: PgBoss.Job<DeliveryJob>, failure: SendFailure | undefined): Outcome {
  if (!failure) return { job, status: "sent", attempted: true };
  if (failure.kind === "blocked") return { job, status: "blocked", attempted: true, error: failure.message };
  if (failure.kind === "refused") return { job, status: "failed", attempted: true, error: failure.message };
  return { job, retry: true, attempted: true, error: failure.message };
}

/**
 * pg-boss's complete() for many jobs in the caller's transaction. Its JavaScript takes
 * (name, ids, data, options); its types.d.ts has no overload with ids and options together.
 */
function completeJobs(boss: PgBoss, ids: string[], db: PgBoss.ConnectionOptions): Promise<unknown> {
  const complete = boss.complete.bind(boss) as (name: string, ids: string[], data: object | null, options: PgBoss.ConnectionOptions) => Promise<unknown>;
  return complete(DELIVERY_QUEUE, ids, null, db);
}
