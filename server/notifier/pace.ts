/**
 * One pace for every notifier on a database: Telegram's limits for a bot (30 messages a second
 * overall, one a second per chat) kept in PostgreSQL (db/migrations/0016_notifier_pace.sql), so
 * any number of replicas together stay within them instead of each sending at the full rate and
 * waiting out 429s.
 *
 * A batch reserves its messages' send times in one statement: the next free times of the shared
 * clock row (`app.telegram_pace`, one row updated atomically: evenly spaced times, as Telegram
 * counts over any second), and for each chat the time its previous message leaves free
 * (`app.telegram_chat_pace`). A chat whose last message is too recent gets no time (its message
 * waits for a later batch); its reserved time is left unused, which only slows sending. Times are
 * the database's clock, handed back as waits, so the notifiers' own clocks do not matter.
 */
import type pg from "pg";
import { TELEGRAM_LIMITS } from "./telegram";

/**
 * Spacing kept wider than Telegram's limits, so that a message that leaves a little late (its
 * process was not scheduled for a moment) and lands beside one sent on time still stays within
 * them: 5% overall (more would cost throughput, bench:notify), 25% per chat (costs nothing: a
 * member gets few messages).
 */
const OVERALL_MARGIN = 1.05;
const PER_CHAT_MARGIN = 1.25;

export type Pace = {
  /** Seconds between two messages to one chat: how long a message to a busy chat waits. */
  chatIntervalSeconds: number;
  /**
   * Reserves a send time for one message to each of `chatIds` (distinct); for each, the
   * milliseconds to wait before sending, or undefined when the chat's last message is too recent.
   */
  reserve(chatIds: readonly string[]): Promise<Map<string, number | undefined>>;
};

/** Seconds between two messages overall and to one chat, at a rate scale. */
export function paceSpacing(rateScale = 1) {
  return {
    spacingSeconds: OVERALL_MARGIN / (TELEGRAM_LIMITS.messagesPerSecond * rateScale),
    chatIntervalSeconds: PER_CHAT_MARGIN / (TELEGRAM_LIMITS.perChatPerSecond * rateScale),
  };
}

/** `rateScale` (NOTIFY_RATE_SCALE) multiplies the limits, for the stand-in; 1 against Telegram. */
export function createPace({ pool, rateScale = 1 }: { pool: pg.Pool; rateScale?: number }): Pace {
  const { spacingSeconds, chatIntervalSeconds } = paceSpacing(rateScale);
  return {
    chatIntervalSeconds,
    async reserve(chatIds) {
      const slots = await reserveSlots(pool, chatIds, spacingSeconds, chatIntervalSeconds);
      return new Map(slots.map((slot) => [slot.chatId, slot.claimed ? Math.max(0, slot.waitMs) : undefined]));
    },
  };
}

export type Slot = { chatId: string; /** The send time, on the database's clock (epoch ms). */ atMs: number; waitMs: number; claimed: boolean };

/** The one statement behind `reserve`; its send times as the database set them (tests read the schedule from them). */
export async function reserveSlots(pool: pg.Pool, chatIds: readonly string[], spacingSeconds: number, chatIntervalSeconds: number): Promise<Slot[]> {
  if (chatIds.length === 0) return [];
  // Its own short transaction (never the batch's, which would hold the clock row across its
  // sends): the row lock lasts one statement.
  const { rows } = await pool.query<{ chat_id: string; at_ms: number; wait_ms: number; claimed: boolean }>(
    `with pace as (
       update app.telegram_pace set next_at = greatest(next_at, clock_timestamp()) + $2::int * $3::float8 * interval '1 second'
       returning next_at - $2::int * $3::float8 * interval '1 second' as first_at
     ), slots as (
       select w.chat_id, p.first_at + (w.n - 1) * $3::float8 * interval '1 second' as at
       from unnest($1::bigint[]) with ordinality as w(chat_id, n), pace p
     ), claimed as (
       insert into app.telegram_chat_pace as c (chat_id, next_at)
       select chat_id, at + $4::float8 * interval '1 second' from slots
       on conflict (chat_id) do update set next_at = excluded.next_at
       where c.next_at <= excluded.next_at - $4::float8 * interval '1 second'
       returning c.chat_id
     )
     select s.chat_id::text, extract(epoch from s.at)::float8 * 1000 as at_ms,
       extract(epoch from s.at - clock_timestamp())::float8 * 1000 as wait_ms, c.chat_id is not null as claimed
     from slots s left join claimed c on c.chat_id = s.chat_id`,
    [chatIds, chatIds.length, spacingSeconds, chatIntervalSeconds],
  );
  return rows.map((row) => ({ chatId: row.chat_id, atMs: row.at_ms, waitMs: row.wait_ms, claimed: row.claimed }));
}
