/**
 * Turning bad requests into clear answers: every thrown Response reaches the shared error
 * boundary, which shows the status and message (never a stack trace).
 */
import { getAddress, isAddress, type Address } from "viem";

export function invariantResponse(condition: unknown, message: string, init: { status: number } = { status: 400 }): asserts condition {
  if (!condition) throw new Response(message, { status: init.status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

const UINT128_MAX = (1n << 128n) - 1n;
const UINT256_MAX = (1n << 256n) - 1n;

function parseUint(raw: string | undefined | null, what: string, max: bigint): bigint {
  invariantResponse(raw !== undefined && raw !== null && raw !== "", `${what} is missing`);
  invariantResponse(/^[0-9]{1,78}$/.test(raw), `${what} must be a whole number, got "${raw.slice(0, 80)}"`);
  const value = BigInt(raw);
  invariantResponse(value <= max, `${what} is out of range`);
  return value;
}

export const parseChapterId = (raw: string | undefined | null) => parseUint(raw, "Chapter id", UINT128_MAX);
export const parseEvaluationId = (raw: string | undefined | null) => parseUint(raw, "Evaluation id", UINT256_MAX);

/** A checksummed address, or a 400 that says what is wrong with it. */
export function parseAddress(raw: string | undefined | null, what = "Address"): Address {
  invariantResponse(raw, `${what} is missing`);
  invariantResponse(isAddress(raw, { strict: false }), `${what} must be 0x followed by 40 hex digits, got "${raw.slice(0, 80)}"`);
  return getAddress(raw);
}

/** Page size from `?limit=`, capped. */
export function parseLimit(raw: string | null, { fallback, max }: { fallback: number; max: number }): number {
  if (raw === null || raw === "") return fallback;
  invariantResponse(/^[0-9]{1,6}$/.test(raw) && Number(raw) >= 1, `limit must be a whole number from 1 to ${max}`);
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

/** Runs an API handler; a thrown Response (a 400 from a parser, a 503 from the database gateway) becomes JSON `{ message }`. */
export async function jsonErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return json(error.status, { message: await error.text() });
    throw error;
  }
}
