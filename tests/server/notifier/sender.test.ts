/**
 * The sender (server/notifier/sender.ts) on a real database with real pg-boss, through grammY to the
 * Bot API stand-in: each delivery is sent once, whatever is replayed or retried; Telegram's 429, 500
 * and 403 are handled as issue 15 says; a delivery Telegram cannot take is tried again by time, not
 * by count (issue 26), and given up a day after it was written; two senders share the work without
 * sending anything twice.
 */
import pg from "pg";
import { migrate } from "../../../db/migrate.js";
import { startTelegramStandIn, type TelegramStandIn } from "../../../scripts/lib/telegram-stand-in.js";
import { insertDeliveryJobs, QUEUE_OPTIONS } from "../../../server/notifier/queue.js";
import { startSender, type Sender } from "../../../server/notifier/sender.js";
import { createTelegramClient } from "../../../server/notifier/telegram.js";
import { withTestDatabase } from "../../setup/postgres.js";
import { delivery, deliveryStates, enqueue, linkTelegram, NOTIFIER_TEST_TOKEN, recipient, statusCounts } from "./helpers.js";

const database = withTestDatabase();
/** Telegram's limits × 10 on both sides, so a test's few hundred messages take a second, not ten. */
const RATE_SCALE = 10;
/** The retry rule's clock 100 times faster: waits of 0.1 s doubling to 3 s instead of 10 s to 5 minutes. */
const RETRY_SCALE = 100;

let pool: pg.Pool;
let telegram: TelegramStandIn;
let sender: Sender;
const logged: string[] = [];

function newSender(): Promise<Sender> {
  const client = createTelegramClient({ token: NOTIFIER_TEST_TOKEN, apiRoot: telegram.url });
  return startSender({ pool, telegram: client, rateScale: RATE_SCALE, retryScale: RETRY_SCALE, maintenanceIntervalSeconds: 1, log: (line) => logged.push(line) });
}

beforeAll(async () => {
  await migrate(database().url);
  pool = new pg.Pool({ connectionString: database().url, max: 30 });
  // The database is dropped WITH (FORCE) after the file: a connection still open then is told
  // "terminating connection due to administrator command", which must not end the test run.
  pool.on("error", () => undefined);
  telegram = await startTelegramStandIn({ token: NOTIFIER_TEST_TOKEN, rateScale: RATE_SCALE });
  for (let n = 0; n < 400; n++) await linkTelegram(pool, recipient(n), BigInt(1000 + n));
  sender = await newSender();
});
afterAll(async () => {
  await sender?.stop();
  await telegram?.stop();
  await pool?.end();
});

const sentTo = (n: number) => telegram.messages.filter((m) => m.chatId === String(1000 + n));
const settled = async (key: string) => {
  const state = (await deliveryStates(pool)).get(key);
  expect(state?.status).not.toBe("queued");
  return state!;
};

it("installs the queue with the options the sender expects (db/migrations/0012)", async () => {
  const { rows } = await pool.query(
    "select retry_limit, retry_delay, retry_backoff, expire_seconds, dead_letter from pgboss.queue where name = 'notification-delivery'",
  );
  const { retryLimit, retryDelay, retryBackoff, expireInSeconds, deadLetter } = QUEUE_OPTIONS;
  expect(rows).toEqual([
    { retry_limit: retryLimit, retry_delay: retryDelay, retry_backoff: retryBackoff, expire_seconds: expireInSeconds, dead_letter: deadLetter },
  ]);
});

it("sends a delivery once; enqueuing its key again or replaying its job sends nothing more", async () => {
  const first = delivery(1);
  expect(await enqueue(pool, [first])).toBe(1);
  await vi.waitFor(() => settled(first.key), { timeout: 20_000, interval: 50 });
  expect(sentTo(1).map((m) => m.text)).toEqual([first.text]);
  expect((await deliveryStates(pool)).get(first.key)).toMatchObject({ status: "sent", attempts: 1, error: null });

  expect(await enqueue(pool, [first])).toBe(0);
  // A job for the same key again, as a replayed or doubled job would be: it finds the row sent.
  const client = await pool.connect();
  await insertDeliveryJobs(client, [first.key]).finally(() => client.release());
  await vi.waitFor(async () => {
    const { rows } = await pool.query("select count(*)::int as n from pgboss.job where name = 'notification-delivery' and state = 'completed'");
    expect(rows[0].n).toBe(2);
  }, { timeout: 20_000, interval: 50 });
  expect(sentTo(1)).toHaveLength(1);
});

it("waits out a 429's retry_after, then sends", async () => {
  const limited = delivery(2);
  const before = telegram.requests;
  telegram.limitNext(1, 1);
  await enqueue(pool, [limited]);
  await vi.waitFor(() => settled(limited.key), { timeout: 20_000, interval: 50 });
  expect(telegram.requests - before).toBe(2);
  expect(sentTo(2)).toHaveLength(1);
  expect((await deliveryStates(pool)).get(limited.key)).toMatchObject({ status: "sent", attempts: 1 });
});

it("retries a 500, then sends", async () => {
  const failing = delivery(3);
  telegram.failNext(1, 1003n);
  await enqueue(pool, [failing]);
  await vi.waitFor(() => settled(failing.key), { timeout: 30_000, interval: 50 });
  expect(sentTo(3)).toHaveLength(1);
  expect((await deliveryStates(pool)).get(failing.key)).toMatchObject({ status: "sent" });
});

it("on 403 marks the delivery blocked, records it on the Telegram link, and sends nothing more to that chat", async () => {
  telegram.block(1004n);
  const first = delivery(4, "e1");
  await enqueue(pool, [first]);
  await vi.waitFor(() => settled(first.key), { timeout: 20_000, interval: 50 });
  expect((await deliveryStates(pool)).get(first.key)).toMatchObject({ status: "blocked", attempts: 1, error: "Telegram answered 403: Forbidden: bot was blocked by the user" });
  const { rows } = await pool.query("select bot_blocked_at from app.telegram_links where telegram_id = 1004");
  expect(rows[0].bot_blocked_at).toBeInstanceOf(Date);

  const requests = telegram.requests;
  const second = delivery(4, "e2");
  await enqueue(pool, [second]);
  await vi.waitFor(() => settled(second.key), { timeout: 20_000, interval: 50 });
  expect((await deliveryStates(pool)).get(second.key)).toMatchObject({ status: "blocked", attempts: 0 });
  expect(telegram.requests).toBe(requests);
  expect(logged.some((line) => line.includes(first.key) && line.includes("blocked the bot"))).toBe(true);
});

it("sends nothing to a chat whose member unlinked Telegram after the delivery was queued", async () => {
  const orphan = delivery(5);
  await pool.query("delete from app.telegram_links where address = $1", [recipient(5)]);
  await enqueue(pool, [orphan]);
  await vi.waitFor(() => settled(orphan.key), { timeout: 20_000, interval: 50 });
  expect((await deliveryStates(pool)).get(orphan.key)).toMatchObject({ status: "failed", error: "Telegram is no longer linked to this account" });
  expect(sentTo(5)).toHaveLength(0);
});

it("tries a delivery again by time, not by count, through an outage, and gives it up a day after it was written", async () => {
  const doomed = delivery(6);
  telegram.goDown();
  try {
    await enqueue(pool, [doomed]);
    // More tries than the five retries pg-boss used to allow, and the delivery still waits.
    await vi.waitFor(async () => expect((await deliveryStates(pool)).get(doomed.key)).toMatchObject({ status: "queued", attempts: expect.toSatisfy((n: number) => n >= 8) }), {
      timeout: 40_000,
      interval: 100,
    });
    // A day passes (for this row): its next failure gives it up.
    await pool.query("update app.notification_deliveries set created_at = created_at - interval '1 day' where key = $1", [doomed.key]);
    await vi.waitFor(() => settled(doomed.key), { timeout: 20_000, interval: 100 });
  } finally {
    telegram.recover();
  }
  expect((await deliveryStates(pool)).get(doomed.key)).toMatchObject({ status: "failed", error: expect.stringContaining("sendMessage") });
  expect(sentTo(6)).toHaveLength(0);
  expect(logged.some((line) => line.includes(doomed.key) && line.includes("given up, a day after it was written"))).toBe(true);
});

it("shares the work with a second sender: every message once", async () => {
  const second = await newSender();
  try {
    const batch = Array.from({ length: 300 }, (_, i) => delivery(100 + i, "two-senders"));
    await enqueue(pool, batch);
    await vi.waitFor(async () => expect((await statusCounts(pool)).queued ?? 0).toBe(0), { timeout: 60_000, interval: 100 });
    const texts = telegram.messages.filter((m) => m.text.includes(":two-senders:")).map((m) => m.text);
    expect(texts).toHaveLength(300);
    expect(new Set(texts)).toEqual(new Set(batch.map((d) => d.text)));
    const states = await deliveryStates(pool);
    expect(batch.every((d) => states.get(d.key)?.status === "sent")).toBe(true);
  } finally {
    await second.stop();
  }
});
