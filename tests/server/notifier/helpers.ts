/**
 * The notifier tests' parts: Telegram links and deliveries written as the app and the follower
 * write them, and what became of them.
 */
import pg from "pg";
import { enqueueDeliveries, type Delivery } from "../../../server/notifier/deliveries.js";

/** A stand-in token shaped like a real one, so a leak of it is easy to find in any output. */
export const NOTIFIER_TEST_TOKEN = "7654321098:AAH-notifier-test-token_9f8e7d6c5b4a";

/** A made-up account address (lower case, as deliveries carry it) for recipient `n`. */
export function recipient(n: number): string {
  return `0x${n.toString(16).padStart(40, "0")}`;
}

/** Links Telegram chat `chatId` to `address`, as register_telegram does. */
export async function linkTelegram(pool: pg.Pool, address: string, chatId: bigint): Promise<void> {
  await pool.query(
    `insert into app.telegram_links (address, telegram_id, username, auth_date) values ($1, $2, $3, 0)
     on conflict (address) do update set telegram_id = excluded.telegram_id, bot_blocked_at = null`,
    [address, chatId.toString(), `user${chatId}`],
  );
}

/** One delivery to recipient `n` (chat 1000 + n) with a text naming its key, so the stand-in's record maps back to it. */
export function delivery(n: number, event = "e1"): Delivery {
  const key = `info:${event}:${recipient(n)}`;
  return { key, address: recipient(n), chatId: BigInt(1000 + n), kind: "info", text: `message ${key}` };
}

/** Enqueues as the follower does: in a transaction of its own. */
export async function enqueue(pool: pg.Pool, deliveries: readonly Delivery[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const added = await enqueueDeliveries(client, deliveries);
    await client.query("commit");
    return added;
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

export type DeliveryState = { key: string; status: string; attempts: number; error: string | null };

export async function deliveryStates(pool: pg.Pool): Promise<Map<string, DeliveryState>> {
  const { rows } = await pool.query<DeliveryState>("select key, status, attempts, error from app.notification_deliveries order by key");
  return new Map(rows.map((row) => [row.key, row]));
}

/** How many deliveries are in each status. */
export async function statusCounts(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ status: string; n: number }>("select status, count(*)::int as n from app.notification_deliveries group by status");
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** A message sent (or a send time handed out) to a chat, in ms. */
export type Sent = { at: number; chatId: string };

/** The most messages within any one second (a window starting at each message); `sent` in time order. */
export function busiestSecond(sent: readonly Sent[]): number {
  let most = 0;
  for (let first = 0, last = 0; first < sent.length; first++) {
    while (last < sent.length && sent[last]!.at < sent[first]!.at + 1000) last++;
    most = Math.max(most, last - first);
  }
  return most;
}

/** The shortest time between two messages to one chat, in ms; `sent` in time order. */
export function closestInOneChat(sent: readonly Sent[]): number {
  const lastAt = new Map<string, number>();
  let closest = Infinity;
  for (const m of sent) {
    const previous = lastAt.get(m.chatId);
    if (previous !== undefined) closest = Math.min(closest, m.at - previous);
    lastAt.set(m.chatId, m.at);
  }
  return closest;
}
