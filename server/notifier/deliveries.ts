/**
 * The hand-over between the notifier's two halves: the follower (activity rows → who is told what)
 * writes deliveries here, and the sender (a job queue → the Telegram Bot API) sends each once.
 * A delivery's key is unique per (event or folded burst, recipient): enqueuing it again is a no-op.
 */
import type pg from "pg";
import type { NotificationKind } from "../../app/utils/notification-kinds";
import { insertDeliveryJobs } from "./queue";

export type Delivery = {
  /** Unique per (event or folded burst, recipient), e.g. `application:<activity id>:<address>`. */
  key: string;
  /** The recipient's account (lower-case address). */
  address: string;
  /** The recipient's Telegram chat (their Telegram user id: a private chat with the bot). */
  chatId: bigint;
  kind: NotificationKind;
  /** The message as sent: short, names the chapter by its location, ends with the link to act. */
  text: string;
};

/**
 * Records deliveries in app.notification_deliveries inside the caller's transaction (`client` is
 * in `begin`), skipping keys already there, and returns how many were new. The sender's job
 * queue is fed in the same transaction, so a follower that crashes before its commit leaves
 * neither the rows nor the jobs.
 */
export async function enqueueDeliveries(client: pg.PoolClient | pg.Client, deliveries: readonly Delivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  const result = await client.query<{ key: string }>(
    `insert into app.notification_deliveries (key, address, chat_id, kind, text)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[])
     on conflict (key) do nothing
     returning key`,
    [
      deliveries.map((d) => d.key),
      deliveries.map((d) => d.address),
      deliveries.map((d) => d.chatId.toString()),
      deliveries.map((d) => d.kind),
      deliveries.map((d) => d.text),
    ],
  );
  // A job only for a new row: a key seen before has (or had) its own.
  await insertDeliveryJobs(client, result.rows.map((row) => row.key));
  return result.rows.length;
}
