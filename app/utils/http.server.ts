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
