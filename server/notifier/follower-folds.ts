/**
 * Bursts fold: the events of one foldable kind to one recipient about one chapter (200
 * applications to Berlin for its executive) become one message with their count, not one each.
 *
 * A fold opens with the first event and stays open for NOTIFY_FOLD_SECONDS of database time
 * (now() when the follower read the event); every event of the burst read meanwhile adds to its
 * count. The first follower run after the window ends deletes it and writes its one delivery,
 * keyed by its first event, so the key is the one that event alone would have had. Windows are in
 * the database's time rather than the blocks': between events nothing says what time the
 * confirmed head has reached, and a local chain that mines only on demand has no time of its own.
 * Events are read about NOTIFY_CONFIRMATIONS blocks after they happen, at the pace they happened,
 * so a burst on chain is a burst here.
 *
 * Folds change only in the follower's transaction, under the cursor's lock, with the deliveries
 * and the cursor: a crash loses neither an open fold nor the events counted in it.
 */
import type pg from "pg";
import type { NotificationKind } from "../../app/utils/notification-kinds";
import type { Delivery } from "./deliveries";
import { foldedText } from "./follower-notices";
import { textsOnce } from "./messages";

/** One recipient's share of a burst in this batch. */
export type FoldPart = { address: string; kind: NotificationKind; chapterId: string; firstEvent: string; count: number };

/** Gathers the parts of one batch by recipient, kind and chapter, keeping the first event of each. */
export function gatherFolds(parts: readonly Omit<FoldPart, "count">[]): FoldPart[] {
  const folds = new Map<string, FoldPart>();
  for (const part of parts) {
    const key = `${part.address}|${part.kind}|${part.chapterId}`;
    const fold = folds.get(key);
    if (fold) fold.count += 1;
    else folds.set(key, { ...part, count: 1 });
  }
  return [...folds.values()];
}

/** Adds the batch's parts to the open folds, opening a fold (its window from `now`) where none is. */
export async function addToFolds(client: pg.PoolClient | pg.Client, parts: readonly FoldPart[], now: Date, foldSeconds: number): Promise<void> {
  if (parts.length === 0) return;
  await client.query(
    `insert into app.notification_folds (address, kind, chapter_id, first_event, count, window_end)
     select address, kind, chapter_id, first_event, count, $6::timestamptz + make_interval(secs => $7)
     from unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::int[]) as p(address, kind, chapter_id, first_event, count)
     on conflict (address, kind, chapter_id) do update set count = app.notification_folds.count + excluded.count`,
    [parts.map((p) => p.address), parts.map((p) => p.kind), parts.map((p) => p.chapterId), parts.map((p) => p.firstEvent), parts.map((p) => p.count), now, foldSeconds],
  );
}

/**
 * Deletes the folds whose window has ended by `now` and returns their deliveries: to the chat
 * linked now, unless the member unlinked meanwhile or Telegram refused the chat (then nothing),
 * in the member's language now (each text made once per kind, chapter, count and language).
 * `views` is the read model's schema, escaped.
 */
export async function takeClosedFolds(client: pg.PoolClient | pg.Client, views: string, now: Date, origin: string): Promise<Delivery[]> {
  const { rows } = await client.query<{
    address: string;
    kind: NotificationKind;
    chapterId: string;
    firstEvent: string;
    count: number;
    chatId: string;
    locationText: string | null;
    language: string | null;
  }>(
    `with closed as (delete from app.notification_folds where window_end <= $1 returning *)
     select c.address, c.kind, c.chapter_id::text as "chapterId", c.first_event as "firstEvent", c.count,
       t.telegram_id::text as "chatId", ch.location_text as "locationText", s.language
     from closed c
     join app.telegram_links t on lower(t.address) = c.address and t.bot_blocked_at is null
     left join app.notification_settings s on s.address = c.address
     left join ${views}.chapters ch on ch.id = c.chapter_id
     order by c.first_event, c.address`,
    [now],
  );
  const text = textsOnce();
  return rows.map((f) => ({
    key: deliveryKey(f.kind, f.firstEvent, f.address),
    address: f.address,
    chatId: BigInt(f.chatId),
    kind: f.kind,
    text: text(`${f.kind}:${f.chapterId}:${f.count}`, f.language, (t) =>
      foldedText(f.kind)(t, { origin, chapter: { id: f.chapterId, locationText: f.locationText }, count: f.count }),
    ),
  }));
}

/** The key of the delivery of one event (or of the burst it starts) to one recipient. */
export const deliveryKey = (kind: NotificationKind, eventId: string, address: string) => `${kind}:${eventId}:${address}`;
