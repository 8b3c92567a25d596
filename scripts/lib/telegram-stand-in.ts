/**
 * A local stand-in for the Telegram Bot API, for `npm run dev`, the tests and bench:notify (Telegram
 * cannot be reached from here). The notifier talks to it through TELEGRAM_API_URL only.
 *
 *   const telegram = await startTelegramStandIn({ token });
 *   // TELEGRAM_API_URL=telegram.url … then telegram.messages, telegram.block(chatId), telegram.stop()
 *
 * It answers `getMe` and `sendMessage` at /bot<token>/<method> as Telegram does (JSON body or form),
 * records each message with its time, and keeps Telegram's limits, multiplied by `rateScale`: a
 * bucket of 30 messages a second overall (holding one second's worth) and one message a second per
 * chat. A message over a limit is not recorded and gets 429 with `parameters.retry_after` (whole
 * seconds, as Telegram sends them). On demand: 403 for a blocked chat, the next N requests
 * answered 500 or 429, and an outage (every connection cut unanswered, as a network outage looks to
 * the client). GET /messages lists what was sent, for a person trying the product.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInMessage = { chatId: string; text: string; at: number };

export type TelegramStandIn = {
  /** The Bot API base URL, for TELEGRAM_API_URL. */
  url: string;
  /** Every message accepted, in order. */
  messages: StandInMessage[];
  /** Requests answered 429 because a limit was exceeded (not the ones asked for with `limitNext`). */
  rateLimited: number;
  /** Every sendMessage request received, whatever the answer (not those cut by an outage). */
  requests: number;
  /** Requests cut unanswered by an outage. */
  cut: number;
  /** Requests being read or answered right now. */
  pending: number;
  /** 403 "bot was blocked by the user" for this chat from now on. */
  block(chatId: bigint | string): void;
  /** The next `count` sendMessage requests (to `chatId` only, if given) answer 500. */
  failNext(count: number, chatId?: bigint | string): void;
  /** The next `count` sendMessage requests (to `chatId` only, if given) answer 429 with `retry_after` seconds. */
  limitNext(count: number, retryAfter: number, chatId?: bigint | string): void;
  /** From now on every request's connection is cut unanswered, until `recover()`. */
  goDown(): void;
  recover(): void;
  /** How the limits let `count` messages to distinct chats through at the quickest, in seconds, from a full bucket. */
  minimumSeconds(count: number): number;
  stop(): Promise<void>;
};

export const STAND_IN_LIMITS = { messagesPerSecond: 30, perChatPerSecond: 1 } as const;

type Forced = { count: number; chatId?: string; retryAfter?: number };

export async function startTelegramStandIn({ token, rateScale = 1, port = 0 }: { token: string; rateScale?: number; port?: number }): Promise<TelegramStandIn> {
  const rate = STAND_IN_LIMITS.messagesPerSecond * rateScale;
  const capacity = rate;
  const chatIntervalMs = 1000 / (STAND_IN_LIMITS.perChatPerSecond * rateScale);
  let tokens = capacity;
  let refilledAt = performance.now();
  const lastByChat = new Map<string, number>();
  const blocked = new Set<string>();
  const failures: Forced[] = [];
  const limits: Forced[] = [];
  let down = false;

  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: number, description: string, parameters?: object) =>
    answer(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });
  const take = (queue: Forced[], chatId: string): Forced | undefined => {
    const forced = queue.find((f) => f.count > 0 && (f.chatId === undefined || f.chatId === chatId));
    if (forced) forced.count -= 1;
    return forced;
  };

  const sendMessage = (res: ServerResponse, params: Record<string, unknown>) => {
    state.requests += 1;
    const chatId = String(params.chat_id ?? "");
    const text = typeof params.text === "string" ? params.text : "";
    if (!/^-?\d+$/.test(chatId) || text === "") return error(res, 400, "Bad Request: chat_id and text are required");
    if (blocked.has(chatId)) return error(res, 403, "Forbidden: bot was blocked by the user");
    if (take(failures, chatId)) return error(res, 500, "Internal Server Error");
    const forced = take(limits, chatId);
    if (forced) return error(res, 429, `Too Many Requests: retry after ${forced.retryAfter}`, { retry_after: forced.retryAfter });

    const now = performance.now();
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
    const chatWaitMs = (lastByChat.get(chatId) ?? -Infinity) + chatIntervalMs - now;
    if (tokens < 1 || chatWaitMs > 0) {
      state.rateLimited += 1;
      const waitS = Math.max(chatWaitMs, tokens < 1 ? ((1 - tokens) / rate) * 1000 : 0) / 1000;
      const retryAfter = Math.max(1, Math.ceil(waitS));
      return error(res, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
    }
    tokens -= 1;
    lastByChat.set(chatId, now);
    const at = Date.now();
    state.messages.push({ chatId, text, at });
    answer(res, 200, {
      ok: true,
      result: { message_id: state.messages.length, from: BOT, chat: { id: Number(chatId), type: "private" }, date: Math.floor(at / 1000), text },
    });
  };

  const server = createServer((req, res) => {
    if (down) {
      state.cut += 1;
      req.socket.destroy();
      return;
    }
    state.pending += 1;
    res.once("close", () => (state.pending -= 1));
    void readParams(req).then(
      (params) => {
        const url = new URL(req.url ?? "/", "http://stand-in");
        if (req.method === "GET" && url.pathname === "/messages") return answer(res, 200, state.messages);
        const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
        if (!match) return error(res, 404, "Not Found");
        if (decodeURIComponent(match[1]!) !== token) return error(res, 401, "Unauthorized");
        if (match[2] === "getMe") return answer(res, 200, { ok: true, result: BOT });
        if (match[2] === "sendMessage") return sendMessage(res, params);
        return error(res, 404, "Not Found: method not found");
      },
      () => error(res, 400, "Bad Request: the body is not JSON"),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  const state: TelegramStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: [],
    rateLimited: 0,
    requests: 0,
    cut: 0,
    pending: 0,
    goDown: () => void (down = true),
    recover: () => void (down = false),
    block: (chatId) => void blocked.add(String(chatId)),
    failNext: (count, chatId) => void failures.push({ count, chatId: chatId === undefined ? undefined : String(chatId) }),
    limitNext: (count, retryAfter, chatId) => void limits.push({ count, retryAfter, chatId: chatId === undefined ? undefined : String(chatId) }),
    minimumSeconds: (count) => Math.max(0, count - capacity) / rate,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}

const BOT = { id: 1, is_bot: true, first_name: "Party", username: "party_stand_in_bot" };

/** The request's parameters: a JSON body, a form body, or the query string, as the Bot API takes them. */
async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) return body === "" ? {} : (JSON.parse(body) as Record<string, unknown>);
  const query = new URL(req.url ?? "/", "http://stand-in").searchParams;
  const form = type.includes("application/x-www-form-urlencoded") ? new URLSearchParams(body) : new URLSearchParams();
  return Object.fromEntries([...query, ...form]);
}
