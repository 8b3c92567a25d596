/**
 * The checks of a proof's fields, each naming the field and what is wrong with it; `proofFromFields`
 * checks them all. A failure says it in English (`message`) and as the messages' key
 * `refusals.proofField.<check>` with its values, for a page in another language (/verify).
 */
import type { Address, Hex } from "viem";
import { message, type Message, type MessageValues } from "../../i18n/message";
import { SOCIAL_SERVICES, type Proof, type ProofKind, type SocialService } from "./proof";

export const MAX_DISPLAY_NAME_LENGTH = 100;
const MAX_SIGNATURE_BYTES = 4096;

/** What is wrong with a field: the key under `refusals.proofField` (app/locales/<language>/refusals.ts). */
export type FieldProblem =
  | "object"
  | "unexpected"
  | "missing"
  | "address"
  | "signatureHex"
  | "signatureSize"
  | "signedAt"
  | "service"
  | "displayNameRequired"
  | "displayNameLong"
  | "displayNameLine"
  | "displayNameSpaces"
  | "chapterId";

export type FieldFailure = { ok: false; field: string; message: string; check: FieldProblem; values?: MessageValues };
export type FieldCheck<T> = { ok: true; value: T } | FieldFailure;

const bad = (field: string, check: FieldProblem, message: string, values?: MessageValues): FieldFailure => ({ ok: false, field, message, check, values });

/** A failure as the keyed message a page says in its language (`message` is its English, the JSON API's). */
export const fieldMessage = ({ check, values }: Pick<FieldFailure, "check" | "values">): Message => message(`refusals.proofField.${check}`, values);

const UINT128_MAX = (1n << 128n) - 1n;
const UINT32_MAX = 2 ** 32 - 1;

/** The address in lower case, or undefined when it is not 0x and 40 hex digits. */
export function normaliseAddress(value: unknown): Address | undefined {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) ? (value.toLowerCase() as Address) : undefined;
}

export function checkAddress(value: unknown, field: string): FieldCheck<Address> {
  const address = normaliseAddress(value);
  if (!address) return bad(field, "address", `${field} must be an address (0x and 40 hex digits)`, { name: field });
  return { ok: true, value: address };
}

function checkSignature(value: unknown): FieldCheck<Hex> {
  if (typeof value !== "string" || !/^0x(?:[0-9a-fA-F]{2})+$/.test(value)) return bad("signature", "signatureHex", "signature must be 0x followed by hex bytes");
  const bytes = (value.length - 2) / 2;
  if (bytes < 64 || bytes > MAX_SIGNATURE_BYTES) {
    return bad("signature", "signatureSize", `signature must be 64 to ${MAX_SIGNATURE_BYTES} bytes, got ${bytes}`, { max: MAX_SIGNATURE_BYTES, got: bytes });
  }
  return { ok: true, value: value.toLowerCase() as Hex };
}

export function checkSignedAt(value: unknown): FieldCheck<number> {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > UINT32_MAX) {
    return bad("signedAt", "signedAt", `signedAt must be a whole number of seconds from 0 to ${UINT32_MAX}`, { max: UINT32_MAX });
  }
  return { ok: true, value };
}

export function checkService(value: unknown): FieldCheck<SocialService> {
  if (typeof value !== "string" || !Object.hasOwn(SOCIAL_SERVICES, value)) {
    const services = Object.keys(SOCIAL_SERVICES).join(", ");
    return bad("service", "service", `service must be one of ${services}`, { services });
  }
  return { ok: true, value: value as SocialService };
}

/** One line of printable text: no control or line-separator characters, no surrounding spaces. */
export function checkDisplayName(value: unknown): FieldCheck<string> {
  if (typeof value !== "string" || value.length === 0) return bad("displayName", "displayNameRequired", "displayName is required");
  if (value.length > MAX_DISPLAY_NAME_LENGTH) {
    return bad("displayName", "displayNameLong", `displayName must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`, { max: MAX_DISPLAY_NAME_LENGTH });
  }
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value)) return bad("displayName", "displayNameLine", "displayName must be one line without control characters");
  if (value.trim() !== value) return bad("displayName", "displayNameSpaces", "displayName must not start or end with spaces");
  return { ok: true, value };
}

export function checkChapterId(value: unknown): FieldCheck<string> {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,38}$/.test(value) || BigInt(value) > UINT128_MAX) {
    return bad("chapterId", "chapterId", "chapterId must be a whole number from 1 to 2^128-1");
  }
  return { ok: true, value };
}

/** The proof from its JSON fields (kind from the prefix), or the first field that is wrong. */
export function proofFromFields(kind: ProofKind, json: unknown): FieldCheck<Proof> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return bad("", "object", "the JSON must be an object");
  const fields = json as Record<string, unknown>;
  const expected = kind === "membership" ? ["signer", "signedAt", "signature"] : ["service", "displayName", "chapterId", "account", "signature"];
  const extra = Object.keys(fields).find((key) => !expected.includes(key));
  if (extra !== undefined) return bad(extra, "unexpected", `unexpected field "${extra.slice(0, 40)}"`, { name: extra.slice(0, 40) });
  const missing = expected.find((key) => fields[key] === undefined);
  if (missing !== undefined) return bad(missing, "missing", `${missing} is missing`, { name: missing });

  if (kind === "membership") {
    const signer = checkAddress(fields.signer, "signer");
    if (!signer.ok) return signer;
    const signedAt = checkSignedAt(fields.signedAt);
    if (!signedAt.ok) return signedAt;
    const signature = checkSignature(fields.signature);
    if (!signature.ok) return signature;
    return { ok: true, value: { kind, signer: signer.value, signedAt: signedAt.value, signature: signature.value } };
  }
  const service = checkService(fields.service);
  if (!service.ok) return service;
  const displayName = checkDisplayName(fields.displayName);
  if (!displayName.ok) return displayName;
  const chapterId = checkChapterId(fields.chapterId);
  if (!chapterId.ok) return chapterId;
  const account = checkAddress(fields.account, "account");
  if (!account.ok) return account;
  const signature = checkSignature(fields.signature);
  if (!signature.ok) return signature;
  return {
    ok: true,
    value: { kind, service: service.value, displayName: displayName.value, chapterId: chapterId.value, account: account.value, signature: signature.value },
  };
}
