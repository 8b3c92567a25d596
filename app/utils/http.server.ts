/**
 * Turning bad requests into clear answers: every thrown Response reaches the shared error
 * boundary, which shows the status and message (never a stack trace). A message given as a key
 * (app/i18n/message.ts) is shown in the page's language; its English text is in the body too, for
 * the JSON API (jsonErrors) and anything else that reads it as text.
 */
import type { HeadersFunction } from "@remix-run/node";
import { getAddress, isAddress, type Address } from "viem";
import { tFor } from "../i18n/instance";
import { resolveLanguage } from "../i18n/language";
import { interpolation, message as keyed, type Message, type MessageAnswer } from "../i18n/message";
import "../i18n/i18n.server";

export function invariantResponse(condition: unknown, message: string | Message, init: { status: number } = { status: 400 }): asserts condition {
  if (condition) return;
  if (typeof message === "string") throw new Response(message, { status: init.status, headers: { "content-type": "text/plain; charset=utf-8" } });
  throw messageResponse(message, init.status);
}

/** A keyed message's English: what the JSON API and the logs say. */
export const englishOf = (message: Message): string => tFor("en")(message.key, interpolation(message.values));

/** A keyed message as a JSON body: its English `message` (what the JSON API says), and the key and values a page says it in its language by. */
export const messageBody = (message: Message): MessageAnswer => ({ message: englishOf(message), key: message.key, values: interpolation(message.values) });

/** The Response a keyed message is thrown as: its English, key and values as JSON (the error boundary shows it in the page's language). */
export function messageResponse(message: Message, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(messageBody(message)), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

/** A refusal a service returns rather than throws: its status, its English `message` and the keyed message (`said`) it is made from. */
export type Refused = { ok: false; status: number; message: string; said: Message };

export const refused = (status: number, said: Message): Refused => ({ ok: false, status, message: englishOf(said), said });

/** A refusal as a JSON API answer a page shows: `{ message, key, values }` (app/utils/command-typed-data.ts reads it). */
export const refusedJson = ({ status, said }: Pick<Refused, "status" | "said">, headers: Record<string, string> = {}): Response =>
  json(status, messageBody(said), headers);

/** A route's `headers` that lets a thrown 429's Retry-After (app/utils/post-guard.server.ts) reach the page's response. */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("retry-after");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * A keyed message as plain text in the request's language (app/i18n/language.ts: cookie, else
 * Accept-Language): the production server's own answers, which no page frames and a browser shows as is.
 */
export function localText(request: Request, message: Message, status: number, headers: Record<string, string> = {}): Response {
  const language = resolveLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
  return new Response(tFor(language)(message.key, interpolation(message.values)), {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "content-language": language, ...headers },
  });
}

/** The text of a thrown Response: a keyed message's English, or the plain body. */
export async function messageOf(response: Response): Promise<string> {
  const body = await response.text();
  if (!response.headers.get("content-type")?.startsWith("application/json")) return body;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : body;
  } catch {
    return body;
  }
}

const UINT128_MAX = (1n << 128n) - 1n;
const UINT256_MAX = (1n << 256n) - 1n;

/** What a parser names in its messages: a field of the URL, as the messages' `field.*` keys call it. */
type Field = "chapterId" | "evaluationId" | "infoId" | "address" | "after" | "sender" | "account";

function parseUint(raw: string | undefined | null, field: Field, max: bigint): bigint {
  invariantResponse(raw !== undefined && raw !== null && raw !== "", keyed("errors.param.missing", { field }));
  invariantResponse(/^[0-9]{1,78}$/.test(raw), keyed("errors.param.wholeNumber", { field, got: raw.slice(0, 80) }));
  const value = BigInt(raw);
  invariantResponse(value <= max, keyed("errors.param.outOfRange", { field }));
  return value;
}

export const parseChapterId = (raw: string | undefined | null) => parseUint(raw, "chapterId", UINT128_MAX);
export const parseEvaluationId = (raw: string | undefined | null) => parseUint(raw, "evaluationId", UINT256_MAX);
export const parseInfoId = (raw: string | undefined | null) => parseUint(raw, "infoId", UINT256_MAX);

/** A checksummed address, or a 400 that says what is wrong with it. */
export function parseAddress(raw: string | undefined | null, field: Field = "address"): Address {
  invariantResponse(raw, keyed("errors.param.missing", { field }));
  invariantResponse(isAddress(raw, { strict: false }), keyed("errors.param.address", { field, got: raw.slice(0, 80) }));
  return getAddress(raw);
}

/** Page size from `?limit=`, capped. */
export function parseLimit(raw: string | null, { fallback, max }: { fallback: number; max: number }): number {
  if (raw === null || raw === "") return fallback;
  invariantResponse(/^[0-9]{1,6}$/.test(raw) && Number(raw) >= 1, keyed("errors.param.limit", { max }));
  return Math.min(Number(raw), max);
}

/** The one JSON answer of the API routes: never cached, `{ message }` on failure. */
export function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** 405 naming the methods allowed: "Only POST is allowed here", "Only GET and POST are allowed here". */
export function methodNotAllowed(...allowed: string[]): Response {
  const names = allowed.length === 1 ? `${allowed[0]} is` : `${allowed.slice(0, -1).join(", ")} and ${allowed.at(-1)} are`;
  return json(405, { message: `Only ${names} allowed here` }, { allow: allowed.join(", ") });
}

/** Runs a plain-text resource route (the CSV exports, English as their headers); a keyed message answers as its English text. */
export async function textErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Response) || !error.headers.get("content-type")?.startsWith("application/json")) throw error;
    throw new Response(await messageOf(error), { status: error.status, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}

/** Runs an API handler; a thrown Response (a 400 from a parser, a 503 from the database gateway) becomes JSON `{ message }`. */
export async function jsonErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return json(error.status, { message: await messageOf(error) });
    throw error;
  }
}
