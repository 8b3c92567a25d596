/**
 * Who hears of a batch of notices, in one statement: each notice's audience from the read model
 * (the chapter's active executives, its members, one account...), kept only where that account
 * has linked Telegram, Telegram has not refused the chat (bot_blocked_at), the account chose the
 * notice's kind on /me (no choice: the defaults), and the account is not the one who acted (nobody
 * needs to be told what they did). With each, the language of its messages (./messages.ts).
 *
 * Audiences are read from the read model as it is now, not as it was at the event's block: a
 * chapter's executives are those of today, which is who can act on the news.
 */
import type pg from "pg";
import { DEFAULT_NOTIFICATION_KINDS } from "../../app/utils/notification-kinds";
import type { Notice } from "./follower-notices";

export type Recipient = {
  /** The notice's index in the batch. */
  notice: number;
  /** Lower case, as the read model writes addresses. */
  address: string;
  chatId: bigint;
  /** The language the member uses the app in (app.notification_settings.language); null: English. */
  language: string | null;
};

/** The recipients of `notices`; `views` is the read model's schema, escaped. */
export async function recipientsOf(client: pg.PoolClient | pg.Client, views: string, notices: readonly Notice[]): Promise<Recipient[]> {
  if (notices.length === 0) return [];
  const { rows } = await client.query<{ notice: number; address: string; chatId: string; language: string | null }>(
    `with n as (
       select * from unnest($1::int[], $2::text[], $3::text[], $4::numeric[], $5::text[], $6::text[], $7::numeric[])
         as n(i, kind, audience, chapter_id, account, actor, block)
     ),
     audience as (
       select n.i, x.account as address from n
         join ${views}.chapter_executives x on x.chapter_id = n.chapter_id and x.active
         where n.audience = 'executives'
       union all
       select n.i, n.account from n where n.audience = 'account' and n.account is not null
       union all
       select n.i, m.account from n
         join ${views}.members m on m.chapter_id = n.chapter_id and m.status = 'member'
         where n.audience = 'members'
       union all
       select n.i, lower(t.address) from n cross join app.telegram_links t where n.audience = 'everyone'
       union all
       select n.i, a.account from n
         join ${views}.applications a on a.chapter_id = n.chapter_id and a.status = 'rejected'
           and a.decided_by is null and a.decided_block = n.block
         where n.audience = 'closed-applicants'
     )
     select distinct on (a.i, a.address) a.i as notice, a.address, t.telegram_id::text as "chatId", s.language
     from audience a
     join n on n.i = a.i
     join app.telegram_links t on lower(t.address) = a.address and t.bot_blocked_at is null
     left join app.notification_settings s on s.address = a.address
     where a.address is distinct from n.actor and n.kind = any(coalesce(s.kinds, $8::text[]))
     order by a.i, a.address`,
    [
      notices.map((_, i) => i),
      notices.map((n) => n.kind),
      notices.map((n) => n.audience),
      notices.map((n) => n.event.chapterId),
      notices.map((n) => n.account ?? null),
      notices.map((n) => n.event.actor),
      notices.map((n) => n.event.blockNumber),
      DEFAULT_NOTIFICATION_KINDS,
    ],
  );
  return rows.map((r) => ({ notice: r.notice, address: r.address, chatId: BigInt(r.chatId), language: r.language }));
}

/** The chapters the notices name, by id, for their messages. */
export async function chaptersOf(
  client: pg.PoolClient | pg.Client,
  views: string,
  ids: readonly (string | null)[],
): Promise<Map<string, { id: string; locationText: string | null }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const { rows } = await client.query<{ id: string; locationText: string | null }>(
    `select id::text as id, location_text as "locationText" from ${views}.chapters where id = any($1::numeric[])`,
    [wanted],
  );
  return new Map(rows.map((c) => [c.id, c]));
}
