/**
 * The text format of a proof: `<prefix>.<base64url(deflate-raw(JSON))>` with prefix "pm1"
 * (membership) or "sv1" (social); the JSON holds the fields and the signature, the kind comes
 * from the prefix. Web APIs only (CompressionStream, atob/btoa), no server imports.
 *
 *   pm1 JSON: { "signer": "0x…", "signedAt": 1717000000, "signature": "0x…" }
 *   sv1 JSON: { "service": "youtube", "displayName": "…", "chapterId": "1", "account": "0x…", "signature": "0x…" }
 */
import { message as keyed, type Message, type MessageValues } from "../../i18n/message";
import { readStreamLimited } from "../../ground/read-limited";
import { proofFromFields } from "./fields";
import type { Proof, ProofKind } from "./proof";

export const PROOF_PREFIXES = { membership: "pm1", social: "sv1" } as const satisfies Record<ProofKind, string>;
/** Longer input is refused before any decoding (a passkey ERC-6492 proof is about 1.5 KB). */
export const MAX_ENCODED_PROOF_LENGTH = 8192;
/** Decompressed JSON larger than this is refused (a deflate bomb stops here). */
export const MAX_PROOF_JSON_BYTES = 16384;

/** Why a proof string does not decode. Verification adds its own reasons (see proofs.server). */
export type ProofDecodeFailure = "malformed" | "unknown-kind" | "decompression" | "bad-json" | "bad-fields";
/** A failure says why in English (`message`) and as a keyed message (`text`, `refusals.proof.*`) for a page in another language. */
export type DecodeProofResult = { ok: true; proof: Proof } | { ok: false; reason: ProofDecodeFailure; message: string; text: Message };

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
  const fail = (reason: ProofDecodeFailure, message: string, key: string, values?: MessageValues): DecodeProofResult => ({
    ok: false,
    reason,
    message,
    text: keyed(`refusals.proof.${key}`, values),
  });
  const tooLong = () => fail("malformed", `The proof is longer than ${MAX_ENCODED_PROOF_LENGTH} characters`, "tooLong", { max: MAX_ENCODED_PROOF_LENGTH });
  if (input.length > MAX_ENCODED_PROOF_LENGTH * 2) return tooLong();
  const encoded = input.replace(/\s+/g, "");
  if (encoded === "") return fail("malformed", "The proof is empty", "empty");
  if (encoded.length > MAX_ENCODED_PROOF_LENGTH) return tooLong();
  const dot = encoded.indexOf(".");
  const prefix = dot < 0 ? "" : encoded.slice(0, dot);
  if (!/^[a-z]{1,8}[0-9]{1,4}$/.test(prefix)) {
    return fail("malformed", 'The proof must start with its kind and a dot: "pm1." (membership proof) or "sv1." (social account verification)', "prefix");
  }
  const kind = (Object.keys(PROOF_PREFIXES) as ProofKind[]).find((k) => PROOF_PREFIXES[k] === prefix);
  if (!kind) {
    const message = `Unknown kind of proof "${prefix}": known are pm1 (membership proof) and sv1 (social account verification)`;
    return fail("unknown-kind", message, "unknownKind", { prefix });
  }
  const body = encoded.slice(dot + 1);
  const bytes = fromBase64Url(body);
  if (!bytes) return fail("malformed", "The proof after the prefix is not base64url (A–Z, a–z, 0–9, - and _)", "notBase64");

  let json: string;
  try {
    const inflated = await inflateLimited(bytes, MAX_PROOF_JSON_BYTES);
    if (inflated === undefined) {
      return fail("decompression", `The proof decompresses to more than ${MAX_PROOF_JSON_BYTES} bytes`, "inflatesTooLarge", { max: MAX_PROOF_JSON_BYTES });
    }
    json = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    return fail("decompression", "The proof does not decompress (it is not deflate-raw data, or it was cut off or altered)", "notDeflate");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return fail("bad-json", "The proof decompresses, but not to JSON", "notJson");
  }
  const checked = proofFromFields(kind, parsed);
  if (!checked.ok) return fail("bad-fields", `The proof's fields are not valid: ${checked.message}`, "badFields", { ...checked.values, check: checked.check });
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
