/**
 * Content identifiers (IPFS CIDs) to and from the multihash parts the contract stores: hashCode,
 * hashSize and hashDigest. The digest is left-aligned in bytes32 (right-padded with zeros)
 * when shorter than 32 bytes; the size says how many bytes count. The app parses what a person
 * types; the indexer formats what the contract emitted.
 */
import { bytesToHex, hexToBytes } from "viem";
import { base32Encode, base58Decode, base58Encode, multibaseDecode, readVarint, writeVarint } from "./multibase";
import type { ContentId } from "./types";

const SHA2_256 = 0x12;
const RAW_CODEC = 0x55;

/** A multihash (code, size, digest) to the contract's parts; undefined when it does not fit. */
export function multihashToContentId(bytes: Uint8Array): ContentId | undefined {
  const code = readVarint(bytes, 0);
  const size = code && readVarint(bytes, code[1]);
  if (!code || !size) return undefined;
  const digest = bytes.subarray(size[1]);
  // uint8 hashCode and at most 32 digest bytes: what the contract's fields can hold.
  if (code[0] > 0xff || size[0] < 1 || size[0] > 32 || digest.length !== size[0]) return undefined;
  return { hashCode: code[0], hashSize: size[0], hashDigest: bytesToHex(digest, { size: 32 }) };
}

/** "Qm…" (CIDv0) or a multibase CIDv1 ("bafy…", "z…", "f01…"); undefined when not one. */
export function parseCid(text: string): ContentId | undefined {
  const cid = text.trim();
  if (/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(cid)) {
    const bytes = base58Decode(cid);
    return bytes ? multihashToContentId(bytes) : undefined;
  }
  const bytes = multibaseDecode(cid);
  const version = bytes && readVarint(bytes, 0);
  if (!bytes || !version || version[0] !== 1) return undefined;
  const codec = readVarint(bytes, version[1]);
  return codec ? multihashToContentId(bytes.subarray(codec[1])) : undefined;
}

/** CIDv0 (base58btc) for sha2-256 of 32 bytes, as IPFS gives for files; otherwise CIDv1 with the raw codec in base32. */
export function formatCid({ hashCode, hashSize, hashDigest }: ContentId): string {
  const digest = hexToBytes(hashDigest).slice(0, hashSize);
  const multihash = [...writeVarint(hashCode), ...writeVarint(hashSize), ...digest];
  if (hashCode === SHA2_256 && hashSize === 32) return base58Encode(Uint8Array.from(multihash));
  return "b" + base32Encode(Uint8Array.from([...writeVarint(1), ...writeVarint(RAW_CODEC), ...multihash]));
}
