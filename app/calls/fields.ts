/**
 * The zod schemas of single arguments, shared by the forms, the action and the builders' types.
 * Each field writes its own messages ("is required", "must be …", app/locales/en/calls.ts) so that
 * a 400 can say "args.chapterId: must be a whole number from 1 to 2^128-1" instead of zod's
 * generic texts, and a form can say it in the page's language (./issue.ts).
 */
import { getAddress, isAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { guard, problem, type Problem } from "./issue";
import { SCORE_MAX, SCORE_MIN } from "./score";
import { isBytes32 } from "../ground/hex";

/** What a field says of a value it rejects: one of ours, or (server-only fields) plain English. */
type Expected = Problem | string;
const said = (expected: Expected): Problem => (typeof expected === "string" ? { message: expected } : expected);
const REQUIRED = problem("required");

/** A field that is required, and whose `parse` returns undefined for a value it rejects. */
export function field<T>(expected: Expected, parse: (value: unknown) => T | undefined) {
  return z.unknown().transform((value, ctx): T => {
    const out = isAbsent(value) ? undefined : parse(value);
    if (out !== undefined) return out;
    ctx.addIssue({ code: z.ZodIssueCode.custom, ...(isAbsent(value) ? REQUIRED : said(expected)) });
    return z.NEVER;
  });
}

/** The same, but absent is allowed (and gives undefined). */
export function optionalField<T>(expected: Expected, parse: (value: unknown) => T | undefined) {
  return z.unknown().transform((value, ctx): T | undefined => {
    if (isAbsent(value)) return undefined;
    const out = parse(value);
    if (out === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, ...said(expected) });
    return out;
  });
}

// JSON null and an empty form input both mean "not filled in".
const isAbsent = (value: unknown) => value === undefined || value === null || value === "";

/** A whole number from a bigint, a safe-integer number or a decimal string (as forms send it). */
function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : undefined;
  if (typeof value === "string" && /^-?[0-9]{1,78}$/.test(value.trim())) return BigInt(value.trim());
  return undefined;
}

// "2^128-1" reads better than 39 digits in an error message.
const isPowerBound = (n: bigint) => n > 0xffffffffn && ((n + 1n) & n) === 0n;
export const between = (min: bigint, max: bigint): Problem =>
  isPowerBound(max)
    ? problem("wholeNumberUpTo", { min: Number(min), bits: (max + 1n).toString(2).length - 1 })
    : problem("wholeNumber", { min: Number(min), max: Number(max) });
const inRange = (min: bigint, max: bigint) => (value: unknown) => {
  const n = toBigInt(value);
  return n !== undefined && n >= min && n <= max ? n : undefined;
};

/** Ids: bigint end to end. */
export const bigUint = (min: bigint, max: bigint) => field(between(min, max), inRange(min, max));
/** Small integers (uint8, int8, uint16): numbers, as viem types them. */
export const smallInt = (min: number, max: number) =>
  field(between(BigInt(min), BigInt(max)), (v) => {
    const n = inRange(BigInt(min), BigInt(max))(v);
    return n === undefined ? undefined : Number(n);
  });

/** Chapter ids start at 1 (0 means "no chapter" in the contract). */
export const chapterId = bigUint(1n, (1n << 128n) - 1n);
export const evaluationId = bigUint(1n, (1n << 256n) - 1n);
export const score = smallInt(SCORE_MIN, SCORE_MAX);
export const coordinate = smallInt(0, 65535);
export const uint8 = smallInt(0, 255);

const ADDRESS = problem("address");
const toAddress = (v: unknown): Address | undefined => (typeof v === "string" && isAddress(v.trim(), { strict: false }) ? getAddress(v.trim()) : undefined);
export const address = field(ADDRESS, toAddress);

export const toBytes32 = (v: unknown): Hex | undefined =>
  typeof v === "string" && isBytes32(v.trim()) ? (v.trim().toLowerCase() as Hex) : undefined;
export const BYTES32 = problem("bytes32");
export const bytes32 = field(BYTES32, toBytes32);
/** A 32-byte hash named in the message: "must be a user operation hash (0x followed by 64 hex digits)". */
export const hash32 = (what: string) => field(problem("hash32", { what }), toBytes32);

export const boolean = field(problem("boolean"), (v) => (v === true || v === "true" ? true : v === false || v === "false" ? false : undefined));

export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The contract accepts 1 to 64 bytes. */
export const eventName = field(problem("eventName"), (v) =>
  typeof v === "string" && utf8Length(v) >= 1 && utf8Length(v) <= 64 ? v : undefined,
);

/**
 * Lists from JSON arrays, or from form data: repeated fields, a JSON-encoded array, or one text
 * field separated by commas or white space (an empty one is an empty list).
 */
export function list<T extends z.ZodTypeAny>(item: T, what: "listOfAddresses" | "listOfChapters" | "listOfOwners", max: number) {
  return z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      if (!v.trim().startsWith("[")) return v.split(/[\s,]+/).filter(Boolean);
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    // The length first, as zod's own .max would: a list too long is named so before its entries.
    guard(
      (v) => Array.isArray(v) && v.length <= max,
      (v) => (v === undefined ? REQUIRED : Array.isArray(v) ? problem("tooMany", { count: max }) : problem(what)),
    ).pipe(z.array(item)),
  );
}

export const MAX_BATCH = 200;
export const addresses = list(address, "listOfAddresses", MAX_BATCH);
