/**
 * A member's notifications on Telegram, for /me: the kinds they chose (app.notification_settings;
 * no row, or no kinds, means the defaults) and the language their messages are written in,
 * whether Telegram refused their chat (app.telegram_links.bot_blocked_at, set by the notifier's
 * sender), and the last messages sent to them
 * (app.notification_deliveries). Addresses are stored in lower case there, as the notifier writes
 * them; the link's address is checksummed.
 */
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { db } from "../../db/client.server";
import { rows } from "../../db/query.server";
import type { Language } from "../i18n/language";
import type { Executor } from "./sessions.server";
import { DEFAULT_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind } from "../utils/notification-kinds";

/** How many of the last messages /me lists. */
export const RECENT_MESSAGES = 5;

export type DeliveryStatus = "queued" | "sent" | "blocked" | "failed";

export type Notifications = {
  linked: boolean;
  /** Telegram answered 403 for the chat: nothing is sent until the member links Telegram again. */
  blocked: boolean;
  kinds: NotificationKind[];
  /** False while the member has not chosen: `kinds` are the defaults. */
  chosen: boolean;
  recent: { key: string; kind: NotificationKind; text: string; status: DeliveryStatus; /** Unix seconds. */ createdAt: string }[];
};

export async function getNotifications(address: Address): Promise<Notifications> {
  const account = address.toLowerCase();
  const [settings] = await rows<{ linked: boolean; blocked: boolean; kinds: NotificationKind[] | null }>(sql`
    select exists (select 1 from app.telegram_links where address = ${address}) as "linked",
      exists (select 1 from app.telegram_links where address = ${address} and bot_blocked_at is not null) as "blocked",
      (select kinds from app.notification_settings where address = ${account}) as "kinds"`);
  const recent = await rows<Notifications["recent"][number]>(sql`
    select key, kind, text, status, floor(extract(epoch from created_at))::text as "createdAt"
    from app.notification_deliveries where address = ${account}
    order by created_at desc, key desc limit ${RECENT_MESSAGES}`);
  const chosen = settings?.kinds ?? null;
  return {
    linked: settings?.linked ?? false,
    blocked: settings?.blocked ?? false,
    kinds: (chosen ?? DEFAULT_NOTIFICATION_KINDS).filter((kind) => NOTIFICATION_KINDS.includes(kind)),
    chosen: chosen !== null,
    recent,
  };
}

/** Records the member's choice (any subset of the kinds, none included), and `language`, the page's, for the messages. */
export async function chooseNotifications(address: Address, kinds: readonly NotificationKind[], language: Language): Promise<void> {
  const ordered = NOTIFICATION_KINDS.filter((kind) => kinds.includes(kind));
  // As text: the kinds are words without commas, and string_to_array('') is the empty array.
  await rows(sql`
    insert into app.notification_settings (address, kinds, language)
    values (${address.toLowerCase()}, string_to_array(${ordered.join(",")}, ','), ${language})
    on conflict (address) do update set kinds = excluded.kinds, language = excluded.language, updated_at = now()`);
}

/**
 * Records the language the member's messages are written in (linking Telegram: the page's), in
 * `executor`'s transaction. A new row has no kinds: the member stays on the defaults, unchosen.
 */
export async function rememberLanguage(address: Address, language: Language, executor: Executor = db()): Promise<void> {
  await executor.execute(sql`
    insert into app.notification_settings (address, language) values (${address.toLowerCase()}, ${language})
    on conflict (address) do update set language = excluded.language, updated_at = now()`);
}
