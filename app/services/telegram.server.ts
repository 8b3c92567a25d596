/**
 * Telegram accounts linked by members (app.telegram_links), from the Telegram login widget's data
 * sent in a signed `register_telegram` command. The data is checked as Telegram specifies
 * (https://core.telegram.org/widgets/login#checking-authorization): the data-check-string is the
 * present fields except `hash` as sorted `key=value` lines joined by "\n", and `hash` must be its
 * hex HMAC-SHA-256 keyed by SHA-256(bot token).
 *
 * A link is private until the member shows it (`set_telegram_visibility`); the member page reads
 * only {@link getVisibleTelegramUsername}. One Telegram account is linked to one address: linking
 * it from another address moves the link there (the latest proof of control wins). The member
 * removes it with `unlink_telegram`.
 *
 * On the local chain telegram.org cannot be reached: {@link standInTelegramLogin} makes the
 * widget's data for a made-up account, hashed with the local bot token as Telegram hashes it, so
 * the same checks run on it.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import { db } from "../../db/client.server";
import { env } from "../ground/env.server";
import { unavailableResponse } from "../../db/query.server";
import { telegramLinks } from "../../db/app-schema";
import { TELEGRAM_PARAMS } from "../utils/command-typed-data";
import type { Executor } from "../models/sessions.server";
import { getNotifications, type Notifications } from "../models/notifications.server";
import { message, type MessageValues } from "../i18n/message";
import { refused, type Refused } from "../utils/http.server";

export type TelegramField = (typeof TELEGRAM_PARAMS)[number];
export const REQUIRED_TELEGRAM_FIELDS = ["id", "username", "auth_date", "hash"] as const satisfies readonly TelegramField[];

/** Login data older than this is refused (24 h). */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clock skew allowed for an auth_date in the future. */
const TELEGRAM_AUTH_MAX_FUTURE_SECONDS = 5 * 60;
const INT64_MAX = (1n << 63n) - 1n;

/** The widget's fields as received: only the ones that are set (non-empty). */
export type TelegramLoginData = Partial<Record<TelegramField, string>>;

export type TelegramLogin = {
  telegramId: bigint;
  username: string;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  authDate: number;
};

/** A value, or a 400 (`refusals.telegram.<key>`: English for the JSON API, the key for the page). */
export type Checked<T> = { ok: true; value: T } | Refused;
const bad = (key: string, values?: MessageValues): Refused => refused(400, message(`refusals.telegram.${key}`, values));

/** The command's params (in TELEGRAM_PARAMS order) as widget data; an empty string is "not set". */
export function telegramDataFromParams(params: readonly string[]): Checked<TelegramLoginData> {
  if (params.length > TELEGRAM_PARAMS.length) {
    return bad("tooManyParams", { max: TELEGRAM_PARAMS.length, fields: TELEGRAM_PARAMS.join(", ") });
  }
  const data: TelegramLoginData = {};
  TELEGRAM_PARAMS.forEach((field, i) => {
    const value = params[i];
    if (value !== undefined && value !== "") data[field] = value;
  });
  return { ok: true, value: data };
}

/** The data-check-string: every present field but `hash`, as `key=value`, sorted, joined by "\n". */
export function telegramDataCheckString(data: TelegramLoginData): string {
  return Object.entries(data)
    .filter(([key, value]) => key !== "hash" && value !== undefined && value !== "")
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");
}

/** The hash Telegram computes for `data` with the bot's token (lowercase hex). */
export function telegramHash(data: TelegramLoginData, botToken: string): string {
  const secret = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secret).update(telegramDataCheckString(data)).digest("hex");
}

/**
 * Checks widget data: required fields (400 `<field> is not set`, SPEC 5), their form, the hash
 * (400 on mismatch, compared in constant time) and the age of auth_date (400 past 24 h).
 */
export function verifyTelegramLogin(data: TelegramLoginData, botToken: string, nowSeconds = Math.floor(Date.now() / 1000)): Checked<TelegramLogin> {
  for (const field of REQUIRED_TELEGRAM_FIELDS) {
    if (!data[field]) return bad("notSet", { field });
  }
  const { id = "", username = "", auth_date = "", hash = "" } = data;
  if (!/^[0-9]{1,19}$/.test(id) || BigInt(id) > INT64_MAX || BigInt(id) === 0n) {
    return bad("id");
  }
  if (!/^[0-9]{1,12}$/.test(auth_date)) return bad("authDate");
  if (username.length > 64) return bad("usernameLong");

  const expected = Buffer.from(telegramHash(data, botToken), "hex");
  const given = /^[0-9a-fA-F]{64}$/.test(hash) ? Buffer.from(hash, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return bad("hash");
  }

  const authDate = Number(auth_date);
  if (nowSeconds - authDate > TELEGRAM_AUTH_MAX_AGE_SECONDS) {
    return bad("old");
  }
  if (authDate - nowSeconds > TELEGRAM_AUTH_MAX_FUTURE_SECONDS) {
    return bad("authFuture");
  }
  return {
    ok: true,
    value: {
      telegramId: BigInt(id),
      username,
      firstName: data.first_name ?? null,
      lastName: data.last_name ?? null,
      photoUrl: data.photo_url ?? null,
      authDate,
    },
  };
}

export type TelegramLink = { address: Address; telegramId: bigint; username: string; visible: boolean };

const LINK_COLUMNS = { address: telegramLinks.address, telegramId: telegramLinks.telegramId, username: telegramLinks.username, visible: telegramLinks.visible };
const toLink = (row: { address: string; telegramId: bigint; username: string; visible: boolean } | undefined): TelegramLink | undefined =>
  row ? { ...row, address: getAddress(row.address) } : undefined;

/**
 * Links the Telegram account to `address` (replacing its previous link). Visibility is kept when
 * the same Telegram account is linked again, and starts hidden otherwise.
 */
export async function linkTelegram(address: Address, login: TelegramLogin, executor: Executor = db()): Promise<TelegramLink> {
  const account = getAddress(address);
  await executor.delete(telegramLinks).where(and(eq(telegramLinks.telegramId, login.telegramId), ne(telegramLinks.address, account)));
  const [row] = await executor
    .insert(telegramLinks)
    .values({ address: account, ...login, visible: false })
    .onConflictDoUpdate({
      target: telegramLinks.address,
      set: {
        telegramId: login.telegramId,
        username: login.username,
        firstName: login.firstName,
        lastName: login.lastName,
        photoUrl: login.photoUrl,
        authDate: login.authDate,
        visible: sql`case when ${telegramLinks.telegramId} = excluded.telegram_id then ${telegramLinks.visible} else false end`,
        linkedAt: sql`now()`,
        // Linking again is how a member says Telegram may reach them now (they started the bot).
        botBlockedAt: null,
      },
    })
    .returning(LINK_COLUMNS);
  return toLink(row)!;
}

/** Shows or hides the linked username on the member page; undefined when nothing is linked. */
export async function setTelegramVisibility(address: Address, visible: boolean, executor: Executor = db()): Promise<TelegramLink | undefined> {
  const [row] = await executor
    .update(telegramLinks)
    .set({ visible })
    .where(eq(telegramLinks.address, getAddress(address)))
    .returning(LINK_COLUMNS);
  return toLink(row);
}

/** Removes the member's link; what was removed, or undefined when nothing was linked. */
export async function unlinkTelegram(address: Address, executor: Executor = db()): Promise<TelegramLink | undefined> {
  const [row] = await executor.delete(telegramLinks).where(eq(telegramLinks.address, getAddress(address))).returning(LINK_COLUMNS);
  return toLink(row);
}

/** The member's Telegram username, only when they chose to show it (for the member page). */
export async function getVisibleTelegramUsername(address: Address): Promise<string | null> {
  try {
    const [row] = await db()
      .select({ username: telegramLinks.username })
      .from(telegramLinks)
      .where(and(eq(telegramLinks.address, getAddress(address)), eq(telegramLinks.visible, true)))
      .limit(1);
    return row?.username ?? null;
  } catch (error) {
    // An outage is a 503 like the rest of the page.
    throw unavailableResponse(error) ?? error;
  }
}

/** The whole link, whatever its visibility (for the member's own settings; never for other viewers). */
export async function getTelegramLink(address: Address): Promise<TelegramLink | undefined> {
  try {
    const [row] = await db().select(LINK_COLUMNS).from(telegramLinks).where(eq(telegramLinks.address, getAddress(address))).limit(1);
    return toLink(row);
  } catch (error) {
    throw unavailableResponse(error) ?? error;
  }
}

/** /me's Telegram section (app/components/me/telegram.tsx): the member's link as the page shows it, and how a link is made here. */
export type TelegramSectionProps = {
  link: { username: string; visible: boolean } | null;
  login: TelegramLoginMethod;
};

export async function telegramSettings(address: Address): Promise<TelegramSectionProps> {
  const link = await getTelegramLink(address);
  return { link: link ? { username: link.username, visible: link.visible } : null, login: telegramLoginMethod() };
}

/** /me's Notifications section (app/components/me/notifications.tsx): the member's choices and last messages, and the bot to start when Telegram refused the chat. */
export type NotificationsSectionProps = Notifications & {
  /** The signed-in account: the form says whose choices it sets. */
  account: string;
  /** https://t.me/<TELEGRAM_BOT_NAME>, where the member starts the bot; null without a bot name. */
  botUrl: string | null;
};

export async function notificationsSection(address: Address): Promise<NotificationsSectionProps> {
  const { TELEGRAM_BOT_NAME } = env();
  return { account: address, ...(await getNotifications(address)), botUrl: TELEGRAM_BOT_NAME ? `https://t.me/${TELEGRAM_BOT_NAME}` : null };
}

/** How /me links Telegram: the real widget for the bot, the local stand-in, or not at all (no bot configured). */
export type TelegramLoginMethod = { kind: "widget"; botName: string } | { kind: "stand-in" } | null;

export function telegramLoginMethod(): TelegramLoginMethod {
  const { PARTY_ENV, TELEGRAM_BOT_NAME, TELEGRAM_BOT_TOKEN } = env();
  if (PARTY_ENV === "local") return { kind: "stand-in" };
  return TELEGRAM_BOT_NAME && TELEGRAM_BOT_TOKEN ? { kind: "widget", botName: TELEGRAM_BOT_NAME } : null;
}

/** Telegram's rule for usernames: 5 to 32 characters, letters, digits and underscores, starting with a letter. */
const TELEGRAM_USERNAME = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

/**
 * The login widget's data for a made-up Telegram account `username` (the local stand-in): the
 * fields Telegram sends, with its hash made with `botToken`. The id follows from the username, so
 * the same name is the same Telegram account every time.
 */
export function standInTelegramLogin(username: string, botToken: string, nowSeconds = Math.floor(Date.now() / 1000)): Checked<TelegramLoginData> {
  if (!TELEGRAM_USERNAME.test(username)) {
    return bad("username");
  }
  const id = (BigInt(`0x${createHash("sha256").update(username.toLowerCase()).digest("hex").slice(0, 12)}`) + 1n).toString();
  const data: TelegramLoginData = { id, first_name: username, username, auth_date: String(nowSeconds) };
  return { ok: true, value: { ...data, hash: telegramHash(data, botToken) } };
}
