/**
 * The notifier's one gateway to the Telegram Bot API: grammY's `Api` at TELEGRAM_API_URL, behind
 * its auto-retry (waits out a 429's `retry_after`, retries a 5xx twice). It keeps no pace of its
 * own: the sender sends each message at a time reserved from the pace all notifiers share
 * (./pace.ts). What is left after auto-retry comes back as a `SendFailure` for the sender to
 * record, never as grammY's error: a network error's cause carries the request URL, which carries
 * the token.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { Api, GrammyError, HttpError } from "grammy";

/** Telegram's limits for a bot (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this); the notifier sends to private chats only. */
export const TELEGRAM_LIMITS = { messagesPerSecond: 30, perChatPerSecond: 1 } as const;

/** Why a message was not sent: `blocked` (403: the member blocked the bot or never started it), `refused` (400: retrying cannot help), `retry` (anything else: later). */
export type SendFailure = { kind: "blocked" | "refused" | "retry"; message: string };

export type TelegramClient = {
  /** Sends `text` to a private chat; undefined when Telegram took it. */
  send(chatId: bigint, text: string, signal?: AbortSignal): Promise<SendFailure | undefined>;
  /** getMe: the bot's username, or why not: `refused` when Telegram turned the token down (retrying will not help). */
  check(): Promise<{ ok: true; username: string } | { ok: false; refused: boolean; message: string }>;
  /** `text` with the token taken out: for anything that may reach a log or a table. */
  scrub(text: string): string;
};

export type CreateTelegramClientParameters = {
  token: string;
  /** The Bot API's base URL (TELEGRAM_API_URL), without a trailing slash. */
  apiRoot: string;
};

export function createTelegramClient({ token, apiRoot }: CreateTelegramClientParameters): TelegramClient {
  const api = new Api(token, { apiRoot: apiRoot.replace(/\/+$/, ""), timeoutSeconds: 15 });
  api.config.use(
    // Two retries: on a 5xx auto-retry pauses 3, 6 and (before giving up) 12 s, within the time a
    // send has (server/notifier/sender.ts); the sender tries the delivery again later. A network
    // error goes straight back to the sender: auto-retry would retry it without limit (its
    // maxRetryAttempts does not count them), holding the row's lock and a connection meanwhile.
    autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 30, rethrowHttpErrors: true }),
  );

  const secrets = [token, encodeURIComponent(token)].filter((s) => s.length > 0);
  const scrub = (text: string) => secrets.reduce((out, secret) => out.split(secret).join("<bot token>"), text);

  const failure = (error: unknown): SendFailure => {
    if (error instanceof GrammyError) {
      const kind = error.error_code === 403 ? "blocked" : error.error_code === 400 ? "refused" : "retry";
      return { kind, message: scrub(`Telegram answered ${error.error_code}: ${error.description}`) };
    }
    if (error instanceof HttpError) {
      const cause = error.error instanceof Error ? `: ${error.error.message}` : "";
      return { kind: "retry", message: scrub(`${error.message}${cause}`) };
    }
    return { kind: "retry", message: scrub(error instanceof Error ? error.message : String(error)) };
  };

  return {
    async send(chatId, text, signal) {
      const chat = Number(chatId);
      if (!Number.isSafeInteger(chat)) return { kind: "refused", message: `chat id ${chatId} is not a Telegram chat id` };
      try {
        await api.sendMessage(chat, text, { link_preview_options: { is_disabled: true } }, grammySignal(signal));
        return undefined;
      } catch (error) {
        return failure(error);
      }
    },
    async check() {
      try {
        const me = await api.getMe(grammySignal(AbortSignal.timeout(10_000)));
        return { ok: true, username: me.username };
      } catch (error) {
        const refused = error instanceof GrammyError && error.error_code < 500 && error.error_code !== 429;
        return { ok: false, refused, message: failure(error).message };
      }
    },
    scrub,
  };
}

/** grammY types its signals as the abort-controller polyfill's; at run time it takes Node's own. */
const grammySignal = (signal: AbortSignal | undefined) => signal as unknown as Parameters<Api["getMe"]>[0];
