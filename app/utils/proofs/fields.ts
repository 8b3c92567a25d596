/** The checks of a proof's fields, each naming the field and what is wrong with it; `proofFromFields` checks them all. */
import type { Address, Hex } from "viem";
import { SOCIAL_SERVICES, type Proof, type ProofKind, type SocialService } from "./proof";

export const MAX_DISPLAY_NAME_LENGTH = 100;
const MAX_SIGNATURE_BYTES = 4096;

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const UINT128_MAX = (1n << 128n) - 1n;
const UINT32_MAX = 2 ** 32 - 1;

/** The address in lower case, or undefined when it is not 0x and 40 hex digits. */
export function normaliseAddress(value: unknown): Address | undefined {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) ? (value.toLowerCase() as Address) : undefined;
}

export function checkAddress(value: unknown, field: string): FieldCheck<Address> {
  const address = normaliseAddress(value);
  if (!address) return { ok: false, field, message: `${field} must be an address (0x and 40 hex digits)` };
  return { ok: true, value: address };
}

function checkSignature(value: unknown): FieldCheck<Hex> {
  if (typeof value !== "string" || !/^0x(?:[0-9a-fA-F]{2})+$/.test(value)) return { ok: false, field: "signature", message: "signature must be 0x followed by hex bytes" };
  const bytes = (value.length - 2) / 2;
  if (bytes < 64 || bytes > MAX_SIGNATURE_BYTES) return { ok: false, field: "signature", message: `signature must be 64 to ${MAX_SIGNATURE_BYTES} bytes, got ${bytes}` };
  return { ok: true, value: value.toLowerCase() as Hex };
}

export function checkSignedAt(value: unknown): FieldCheck<number> {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > UINT32_MAX) {
    return { ok: false, field: "signedAt", message: `signedAt must be a whole number of seconds from 0 to ${UINT32_MAX}` };
  }
  return { ok: true, value };
}

export function checkService(value: unknown): FieldCheck<SocialService> {
  if (typeof value !== "string" || !Object.hasOwn(SOCIAL_SERVICES, value)) {
    return { ok: false, field: "service", message: `service must be one of ${Object.keys(SOCIAL_SERVICES).join(", ")}` };
  }
  return { ok: true, value: value as SocialService };
}

/** One line of printable text: no control or line-separator characters, no surrounding spaces. */
export function checkDisplayName(value: unknown): FieldCheck<string> {
  const fail = (message: string): FieldCheck<string> => ({ ok: false, field: "displayName", message });
  if (typeof value !== "string" || value.length === 0) return fail("displayName is required");
  if (value.length > MAX_DISPLAY_NAME_LENGTH) return fail(`displayName must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`);
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value)) return fail("displayName must be one line without control characters");
  if (value.trim() !== value) return fail("displayName must not start or end with spaces");
  return { ok: true, value };
}

export function checkChapterId(value: unknown): FieldCheck<string> {
  const fail: FieldCheck<string> = { ok: false, field: "chapterId", message: "chapterId must be a whole number from 1 to 2^128-1" };
  if (typeof value !== "string" || !/^[1-9][0-9]{0,38}$/.test(value) || BigInt(value) > UINT128_MAX) return fail;
  return { ok: true, value };
}

/** The proof from its JSON fields (kind from the prefix), or the first field that is wrong. */
export function proofFromFields(kind: ProofKind, json: unknown): FieldCheck<Proof> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { ok: false, field: "", message: "the JSON must be an object" };
  const fields = json as Record<string, unknown>;
  const expected = kind === "membership" ? ["signer", "signedAt", "signature"] : ["service", "displayName", "chapterId", "account", "signature"];
  const extra = Object.keys(fields).find((key) => !expected.includes(key));
  if (extra !== undefined) return { ok: false, field: extra, message: `unexpected field "${extra.slice(0, 40)}"` };
  const missing = expected.find((key) => fields[key] === undefined);
  if (missing !== undefined) return { ok: false, field: missing, message: `${missing} is missing` };

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
