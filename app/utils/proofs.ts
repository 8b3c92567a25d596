/**
 * Signed proofs (SPEC 3, 7, 9), shared by the browser and the server: what is signed, and the
 * text format that carries it. Web APIs only (CompressionStream, atob/btoa), no server imports.
 *
 * Two kinds:
 * - Membership proof: EIP-712 typed data `MembershipProof { address signer; uint32 signedAt }`
 *   in the domain { name "Party", version "1", chainId 137, verifyingContract: the party
 *   contract }, signed by the member's account. Accepted for {@link MEMBERSHIP_PROOF_MAX_AGE_SECONDS}.
 * - Chapter social-account verification: a plain-text message (EIP-191 personal_sign) made of
 *   the service, the display name, the chapter id and the account address; for YouTube it
 *   starts with {@link VIDEO_SERVICE_PREFACE}. See {@link socialVerificationMessage}.
 *
 * Encoding: `<prefix>.<base64url(deflate-raw(JSON))>` with prefix "pm1" (membership) or "sv1"
 * (social); the JSON holds the fields and the signature, the kind comes from the prefix.
 *
 * Addresses are lower case here (in proofs and in the signed message): an EIP-55 checksum needs
 * keccak, and this module stays free of viem at run time so that /proofs ships no viem to the
 * browser (viem's barrel shares its chunks with the wallet's). The server checksums for display.
 *
 *   pm1 JSON: { "signer": "0x…", "signedAt": 1717000000, "signature": "0x…" }
 *   sv1 JSON: { "service": "youtube", "displayName": "…", "chapterId": "1", "account": "0x…", "signature": "0x…" }
 */
import { createContext } from "react";
import type { Address, Hex, TypedDataDefinition } from "viem";
import { PARTY_DOMAIN } from "./party-domain";
import { readStreamLimited } from "./read-limited";

export type ProofKind = "membership" | "social";


export const membershipProofTypes = {
  MembershipProof: [
    { name: "signer", type: "address" },
    { name: "signedAt", type: "uint32" },
  ],
} as const;

/** A membership proof is accepted for 30 days after it was signed ... */
export const MEMBERSHIP_PROOF_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** ... and up to 5 minutes ahead of the verifier's clock (clock skew). */
export const PROOF_MAX_FUTURE_SECONDS = 5 * 60;

export const PROOF_PREFIXES = { membership: "pm1", social: "sv1" } as const satisfies Record<ProofKind, string>;
/** Longer input is refused before any decoding (a passkey ERC-6492 proof is about 1.5 KB). */
export const MAX_ENCODED_PROOF_LENGTH = 8192;
/** Decompressed JSON larger than this is refused (a deflate bomb stops here). */
export const MAX_PROOF_JSON_BYTES = 16384;
const MAX_SIGNATURE_BYTES = 4096;

/** The social services a chapter account can be verified for: key → the name in the message. */
export const SOCIAL_SERVICES = {
  youtube: "YouTube",
  x: "X",
  telegram: "Telegram",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
} as const;
export type SocialService = keyof typeof SOCIAL_SERVICES;

/** The fixed preface of a YouTube verification (SPEC 9: an official chapter account). */
export const VIDEO_SERVICE_PREFACE = "This YouTube channel is an official chapter account of the Party.";
export const MAX_DISPLAY_NAME_LENGTH = 100;

export type MembershipProof = { kind: "membership"; signer: Address; signedAt: number; signature: Hex };
export type SocialProof = {
  kind: "social";
  service: SocialService;
  displayName: string;
  /** Decimal uint128. */
  chapterId: string;
  account: Address;
  signature: Hex;
};
export type Proof = MembershipProof | SocialProof;

// ------------------------------------------------------------------------------------------
// What is signed
// ------------------------------------------------------------------------------------------

export type MembershipProofTypedData = TypedDataDefinition<typeof membershipProofTypes, "MembershipProof">;

export function membershipProofTypedData(verifyingContract: Address, message: { signer: Address; signedAt: number }): MembershipProofTypedData {
  return {
    domain: { ...PARTY_DOMAIN, verifyingContract },
    types: membershipProofTypes,
    primaryType: "MembershipProof",
    message: { signer: message.signer, signedAt: message.signedAt },
  };
}

/** The same typed data as eth_signTypedData_v4 takes it (with the EIP712Domain type), for signing by hand. */
export function membershipProofTypedDataJson(verifyingContract: Address, message: { signer: Address; signedAt: number }): string {
  const typedData = membershipProofTypedData(verifyingContract, message);
  return JSON.stringify(
    {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        ...typedData.types,
      },
      primaryType: typedData.primaryType,
      domain: typedData.domain,
      message: typedData.message,
    },
    null,
    2,
  );
}

/**
 * The text the chapter's account signs (personal_sign), one field per line:
 *
 *   This YouTube channel is an official chapter account of the Party.   (YouTube only, then a blank line)
 *   Service: YouTube
 *   Display name: Party Berlin
 *   Chapter: 1
 *   Account: 0xabc…                                                     (lower case)
 */
export function socialVerificationMessage(fields: { service: SocialService; displayName: string; chapterId: string; account: Address }): string {
  const lines = [
    `Service: ${SOCIAL_SERVICES[fields.service]}`,
    `Display name: ${fields.displayName}`,
    `Chapter: ${fields.chapterId}`,
    `Account: ${fields.account.toLowerCase()}`,
  ];
  return (fields.service === "youtube" ? `${VIDEO_SERVICE_PREFACE}\n\n` : "") + lines.join("\n");
}

// ------------------------------------------------------------------------------------------
// Fields
// ------------------------------------------------------------------------------------------

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

// ------------------------------------------------------------------------------------------
// Encoding
// ------------------------------------------------------------------------------------------

/** Why a proof string does not decode. Verification adds its own reasons (see proofs.server). */
export type ProofDecodeFailure = "malformed" | "unknown-kind" | "decompression" | "bad-json" | "bad-fields";
export type DecodeProofResult = { ok: true; proof: Proof } | { ok: false; reason: ProofDecodeFailure; message: string };

/** The JSON of a proof, addresses and signature in lower case (one encoding per proof). */
function payloadOf(proof: Proof): Record<string, unknown> {
  const signature = proof.signature.toLowerCase();
  if (proof.kind === "membership") return { signer: proof.signer.toLowerCase(), signedAt: proof.signedAt, signature };
  const { service, displayName, chapterId, account } = proof;
  return { service, displayName, chapterId, account: account.toLowerCase(), signature };
}

export async function encodeProof(proof: Proof): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(payloadOf(proof)));
  const compressed = await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer();
  return `${PROOF_PREFIXES[proof.kind]}.${toBase64Url(new Uint8Array(compressed))}`;
}

/** Decodes a proof string (surrounding or embedded whitespace is ignored), or says exactly why not. */
export async function decodeProof(input: string): Promise<DecodeProofResult> {
  const fail = (reason: ProofDecodeFailure, message: string): DecodeProofResult => ({ ok: false, reason, message });
  if (input.length > MAX_ENCODED_PROOF_LENGTH * 2) return fail("malformed", `The proof is longer than ${MAX_ENCODED_PROOF_LENGTH} characters`);
  const encoded = input.replace(/\s+/g, "");
  if (encoded === "") return fail("malformed", "The proof is empty");
  if (encoded.length > MAX_ENCODED_PROOF_LENGTH) return fail("malformed", `The proof is longer than ${MAX_ENCODED_PROOF_LENGTH} characters`);
  const dot = encoded.indexOf(".");
  const prefix = dot < 0 ? "" : encoded.slice(0, dot);
  if (!/^[a-z]{1,8}[0-9]{1,4}$/.test(prefix)) {
    return fail("malformed", 'The proof must start with its kind and a dot: "pm1." (membership proof) or "sv1." (social account verification)');
  }
  const kind = (Object.keys(PROOF_PREFIXES) as ProofKind[]).find((k) => PROOF_PREFIXES[k] === prefix);
  if (!kind) return fail("unknown-kind", `Unknown kind of proof "${prefix}": known are pm1 (membership proof) and sv1 (social account verification)`);
  const body = encoded.slice(dot + 1);
  const bytes = fromBase64Url(body);
  if (!bytes) return fail("malformed", "The proof after the prefix is not base64url (A–Z, a–z, 0–9, - and _)");

  let json: string;
  try {
    const inflated = await inflateLimited(bytes, MAX_PROOF_JSON_BYTES);
    if (inflated === undefined) return fail("decompression", `The proof decompresses to more than ${MAX_PROOF_JSON_BYTES} bytes`);
    json = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    return fail("decompression", "The proof does not decompress (it is not deflate-raw data, or it was cut off or altered)");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return fail("bad-json", "The proof decompresses, but not to JSON");
  }
  const checked = proofFromFields(kind, parsed);
  if (!checked.ok) return fail("bad-fields", `The proof's fields are not valid: ${checked.message}`);
  return { ok: true, proof: checked.value };
}

function inflateLimited(bytes: Uint8Array<ArrayBuffer>, limit: number): Promise<Uint8Array | undefined> {
  return readStreamLimited(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")), limit);
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// ------------------------------------------------------------------------------------------
// Signing (the wallet provides it)
// ------------------------------------------------------------------------------------------

export type ProofFields = {
  membership: { verifyingContract: Address; signedAt?: number };
  social: { service: SocialService; displayName: string; chapterId: string };
};
type ProofByKind = { membership: MembershipProof; social: SocialProof };

/**
 * The signing step of /proofs: the wallet signs as its own account and returns the proof (the
 * signer or account is the wallet's address; signedAt defaults to now).
 */
export type SignProof = <K extends ProofKind>(kind: K, fields: ProofFields[K]) => Promise<ProofByKind[K]>;

/** What {@link proofSigner} needs: a viem account (local, smart or JSON-RPC) has all three. */
export type ProofSigningAccount = {
  address: Address;
  signTypedData(typedData: MembershipProofTypedData): Promise<Hex>;
  signMessage(parameters: { message: string }): Promise<Hex>;
};

/** A {@link SignProof} for a viem account: `proofSigner(smartAccount)` for the wallet. */
export function proofSigner(account: ProofSigningAccount, now: () => number = Date.now): SignProof {
  const sign = async (kind: ProofKind, fields: ProofFields[ProofKind]): Promise<Proof> => {
    if (kind === "membership") {
      const { verifyingContract, signedAt = Math.floor(now() / 1000) } = fields as ProofFields["membership"];
      const signer = account.address.toLowerCase() as Address;
      const signature = await account.signTypedData(membershipProofTypedData(verifyingContract, { signer, signedAt }));
      return { kind, signer, signedAt, signature };
    }
    const { service, displayName, chapterId } = fields as ProofFields["social"];
    const accountAddress = account.address.toLowerCase() as Address;
    const signature = await account.signMessage({ message: socialVerificationMessage({ service, displayName, chapterId, account: accountAddress }) });
    return { kind, service, displayName, chapterId, account: accountAddress, signature };
  };
  return sign as SignProof;
}

/**
 * The wallet's {@link SignProof}, provided around the app by the wallet once it is connected
 * (`<ProofSignerContext.Provider value={proofSigner(account)}>`); null until then, and /proofs
 * falls back to signing by hand (pasting a signature).
 */
export const ProofSignerContext = /* @__PURE__ */ createContext<SignProof | null>(null);
