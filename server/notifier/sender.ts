/**
 * The notifier's sender: pg-boss workers take delivery jobs (server/notifier/queue.ts) a batch at a
 * time and send each delivery once through the Telegram client, at times reserved from the pace all
 * notifiers share (./pace.ts). Safe with any number of senders on one database.
 *
 * A batch runs in one transaction that locks its delivery rows across the sends: a row that is no
 * longer `queued` is skipped, so a replayed, retried or doubled job cannot send twice. The rows'
 * outcomes and the jobs' completion commit together; a delivery to try again later (a failure that
 * may pass, by the rule in ./retries.ts, or a chat told too recently) gets a new job that starts
 * then, in the same commit. The one way left to send twice is a crash after Telegram's answer and
 * before that commit: the rows are still queued, the jobs expire, and pg-boss retries them. At
 * most workers × batchSize messages are in that window at any moment.
 */
import PgBoss from "pg-boss";
import type pg from "pg";
import { createPace, type Pace } from "./pace";
import { DELIVERY_QUEUE, FAILED_QUEUE, PGBOSS_SCHEMA, QUEUE_OPTIONS, executeSqlOn, insertLaterDeliveryJobs, type DeliveryJob } from "./queue";
import { nextRetrySeconds, RETRY_RULE } from "./retries";
import type { SendFailure, TelegramClient } from "./telegram";

export type StartSenderParameters = {
  pool: pg.Pool;
  telegram: TelegramClient;
  /** NOTIFY_RATE_SCALE: multiplies Telegram's limits, for the stand-in (1 against Telegram). */
  rateScale?: number;
  /** NOTIFY_RETRY_SCALE: how much faster the retry rule's clock runs, for tests (1 in production). */
  retryScale?: number;
  /** pg-boss workers in this process, each with its own transaction and connection (2 by default). */
  workers?: number;
  /** Jobs a worker takes at a time, sent side by side (25 by default). */
  batchSize?: number;
  /** How often pg-boss looks for expired jobs (a sender killed with jobs in hand), in seconds; one sender does it per interval. */
  maintenanceIntervalSeconds?: number;
  log?: (line: string) => void;
};

export type Sender = { stop(): Promise<void> };

/** A batch's sends (their waits for the pace included) end within its jobs' time (expireInSeconds), with 5 s left to commit; a job that expires is retried. */
const SEND_TIMEOUT_MS = (QUEUE_OPTIONS.expireInSeconds - 5) * 1000;
/** The time a send has at least (auto-retry's 5xx pauses need more; a 2xx takes milliseconds). */
const LATEST_SEND_MS = 5_000;

export async function startSender({
  pool,
  telegram,
  rateScale = 1,
  retryScale = 1,
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
  const context: Context = { pool, boss, telegram, pace: createPace({ pool, rateScale }), retryScale, log };

  const workerIds: string[] = [];
  for (let slot = 0; slot < workers; slot++) {
    // priority: false, as no job has one: pg-boss sorts every waiting job on each fetch, and a
    // shorter sort key makes that cheaper (so do bigger batches: fewer fetches).
    const id = await boss.work<DeliveryJob>(DELIVERY_QUEUE, { batchSize, pollingIntervalSeconds: 0.5, priority: false }, async (jobs) => {
      // A full batch means more are waiting: fetch again at once instead of after the polling pause.
      if (jobs.length === batchSize) boss.notifyWorker(workerIds[slot]!);
      // Throwing makes pg-boss fail (to retry) every job of the batch still active: after a
      // rollback, all of them.
      await deliverBatch(context, jobs);
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

type DeliveryRow = {
  key: string;
  status: string;
  chat_id: string;
  text: string;
  linked: boolean;
  bot_blocked_at: Date | null;
  attempts: number;
  /** Seconds since the delivery was written, by the database's clock. */
  age_s: number;
};

/**
 * What became of a job: its delivery's new status (none: untouched), whether Telegram was asked,
 * or a new job `laterSeconds` after this batch's transaction began.
 */
type Outcome = {
  job: PgBoss.Job<DeliveryJob>;
  status?: "sent" | "blocked" | "failed";
  attempted?: boolean;
  error?: string;
  laterSeconds?: number;
  /** Failed after a day of tries (./retries.ts), rather than refused. */
  gaveUp?: boolean;
};

type Context = { pool: pg.Pool; boss: PgBoss; telegram: TelegramClient; pace: Pace; retryScale: number; log: (line: string) => void };

async function deliverBatch({ pool, boss, telegram, pace, retryScale, log }: Context, jobs: PgBoss.Job<DeliveryJob>[]): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const began = performance.now();
    const deadline = began + SEND_TIMEOUT_MS;
    /** Seconds from now, as a delay from the transaction's start (pg-boss counts from its now()). */
    const fromNow = (seconds: number) => seconds + (performance.now() - began) / 1000;
    const { rows } = await client.query<DeliveryRow>(
      // SKIP LOCKED: a row locked by another batch is being sent there; this job is retried later
      // and then finds the row settled.
      `select d.key, d.status, d.chat_id, d.text, (l.address is not null and lower(l.address) = d.address) as linked, l.bot_blocked_at,
              d.attempts, extract(epoch from now() - d.created_at)::float8 as age_s
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

    const outcomes: Outcome[] = [];
    // One message per chat goes to the pace; another to the same chat in this batch waits its turn.
    const toSend = new Map<string, { job: PgBoss.Job<DeliveryJob>; row: DeliveryRow }>();
    const claimed = new Set<string>();
    for (const job of jobs) {
      const key = job.data.key;
      const row = locked.get(key);
      if (!row) {
        outcomes.push(exists.has(key) ? { job, laterSeconds: fromNow(RETRY_RULE.firstDelaySeconds / retryScale), error: "the delivery is being sent by another job" } : { job });
      } else if (row.status !== "queued" || claimed.has(key)) {
        // Settled, or the same key twice in one batch (a replayed job): one of them does the work.
        outcomes.push({ job });
      } else if (!row.linked) {
        claimed.add(key);
        outcomes.push({ job, status: "failed", error: "Telegram is no longer linked to this account" });
      } else if (row.bot_blocked_at) {
        claimed.add(key);
        outcomes.push({ job, status: "blocked", error: "the member blocked the bot" });
      } else if (toSend.has(row.chat_id)) {
        claimed.add(key);
        outcomes.push({ job, laterSeconds: fromNow(pace.chatIntervalSeconds) });
      } else {
        claimed.add(key);
        toSend.set(row.chat_id, { job, row });
      }
    }

    const waits = await pace.reserve([...toSend.keys()]);
    const sends = await Promise.all(
      [...toSend.values()].map(async ({ job, row }): Promise<Outcome> => {
        const waitMs = waits.get(row.chat_id);
        // The chat was told too recently (by another batch): its turn comes after the chat's interval.
        if (waitMs === undefined) return { job, laterSeconds: fromNow(pace.chatIntervalSeconds) };
        // A time too late for this batch (many replicas sending at once): a later batch sends it.
        if (performance.now() + waitMs > deadline - LATEST_SEND_MS) return { job, laterSeconds: fromNow(waitMs / 1000) };
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        const signal = AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now())));
        const failure = await telegram.send(BigInt(row.chat_id), row.text, signal);
        return outcomeOf(job, row, failure, retryScale, fromNow);
      }),
    );
    outcomes.push(...sends);

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
    const later = outcomes.filter((o) => o.laterSeconds !== undefined);
    const attemptedLater = later.filter((o) => o.attempted);
    if (attemptedLater.length > 0) {
      await client.query(
        `update app.notification_deliveries d set attempts = d.attempts + 1, error = o.error
         from unnest($1::text[], $2::text[]) as o(key, error) where d.key = o.key`,
        [attemptedLater.map((o) => o.job.data.key), attemptedLater.map((o) => o.error)],
      );
    }
    const db = { db: executeSqlOn(client) };
    await insertLaterDeliveryJobs(client, later.map((o) => ({ key: o.job.data.key, afterSeconds: o.laterSeconds! })));
    await completeJobs(boss, outcomes.map((o) => o.job.id), db);
    await client.query("commit");

    for (const o of outcomes) {
      if (o.status === "blocked" && o.attempted) log(`notifier: ${o.job.data.key}: the member blocked the bot (${o.error})`);
      else if (o.status === "failed" && o.gaveUp) log(`notifier: ${o.job.data.key}: given up, a day after it was written (${o.error})`);
      else if (o.status === "failed" && o.attempted) log(`notifier: ${o.job.data.key}: refused (${o.error})`);
    }
    logRetries(attemptedLater, log);
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    await client.query("rollback").catch(() => undefined);
    throw new Error(telegram.scrub(broken.message));
  } finally {
    // A connection that failed mid-transaction is not given back to the pool.
    client.release(broken);
  }
}

function outcomeOf(job: PgBoss.Job<DeliveryJob>, row: DeliveryRow, failure: SendFailure | undefined, retryScale: number, fromNow: (seconds: number) => number): Outcome {
  if (!failure) return { job, status: "sent", attempted: true };
  if (failure.kind === "blocked") return { job, status: "blocked", attempted: true, error: failure.message };
  if (failure.kind === "refused") return { job, status: "failed", attempted: true, error: failure.message };
  const seconds = nextRetrySeconds({ attempts: row.attempts + 1, ageSeconds: row.age_s, scale: retryScale });
  if (seconds === undefined) return { job, status: "failed", attempted: true, error: failure.message, gaveUp: true };
  return { job, laterSeconds: fromNow(seconds), attempted: true, error: failure.message };
}

/** One line per reason: an outage makes every delivery of a batch fail alike. */
function logRetries(outcomes: Outcome[], log: (line: string) => void): void {
  const byError = new Map<string, Outcome[]>();
  for (const o of outcomes) byError.set(o.error ?? "", [...(byError.get(o.error ?? "") ?? []), o]);
  for (const [error, group] of byError) {
    const first = group[0]!.job.data.key;
    const more = group.length > 1 ? ` and ${group.length - 1} more` : "";
    log(`notifier: ${first}${more}: will retry (${error})`);
  }
}

/**
 * pg-boss's complete() for many jobs in the caller's transaction. Its JavaScript takes
 * (name, ids, data, options); its types.d.ts has no overload with ids and options together.
 */
function completeJobs(boss: PgBoss, ids: string[], db: PgBoss.ConnectionOptions): Promise<unknown> {
  const complete = boss.complete.bind(boss) as (name: string, ids: string[], data: object | null, options: PgBoss.ConnectionOptions) => Promise<unknown>;
  return complete(DELIVERY_QUEUE, ids, null, db);
}
