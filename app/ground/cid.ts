/**
 * Content identifiers (IPFS CIDs) to and from the multihash parts the contract stores: hashCode,
 * hashSize and hashDigest. The digest is left-aligned in bytes32 (right-padded with zeros)
 * when shorter than 32 bytes; the size says how many bytes count. The app parses what a person
 * types; the indexer formats what the contract emitted.
 */
import { bytesToHex, hexToBytes, type Hex } from "viem";
import { base32Encode, base58Decode, base58Encode, multibaseDecode, readVarint, writeVarint } from "./multibase";

/** A multihash as the contract stores it: function code, digest length, digest (right-padded). */
export type ContentId = { hashCode: number; hashSize: number; hashDigest: Hex };

const SHA2_256 = 0x12;
const RAW_CODEC = 0x55;
const DAG_PB_CODEC = 0x70;

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

/** Why a CID cannot go on chain: a key of the `calls` messages. */
export type CidProblem = "cid" | "cidRaw" | "cidCodec" | "cidHash";

/**
 * "Qm…" (CIDv0) or a multibase CIDv1 ("bafy…", "z…", "f01…") as the contract's parts, or why not.
 * Only the multihash goes on chain, and the app reads it back as a CIDv0 (dag-pb, sha2-256): a
 * CIDv1 of the dag-pb codec names the same block and is converted; one of another codec (raw, as
 * `ipfs add --cid-version=1` makes) would be read back as a block that does not exist, so it is
 * refused with what to do instead (docs/decisions/0011-documents.md).
 */
export function readCid(text: string): { ok: true; id: ContentId } | { ok: false; problem: CidProblem } {
  const cid = text.trim();
  const bad = { ok: false, problem: "cid" } as const;
  let multihash: Uint8Array | undefined;
  if (/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(cid)) {
    multihash = base58Decode(cid);
  } else {
    const bytes = multibaseDecode(cid);
    const version = bytes && readVarint(bytes, 0);
    if (!bytes || !version || version[0] !== 1) return bad;
    const codec = readVarint(bytes, version[1]);
    if (!codec) return bad;
    multihash = bytes.subarray(codec[1]);
    const id = multihashToContentId(multihash);
    if (!id) return bad;
    if (codec[0] === RAW_CODEC) return { ok: false, problem: "cidRaw" };
    if (codec[0] !== DAG_PB_CODEC) return { ok: false, problem: "cidCodec" };
  }
  const id = multihash && multihashToContentId(multihash);
  if (!id) return bad;
  if (id.hashCode !== SHA2_256 || id.hashSize !== 32) return { ok: false, problem: "cidHash" };
  return { ok: true, id };
}

/** The parts of a CID that can go on chain; undefined otherwise (readCid says why). */
export function parseCid(text: string): ContentId | undefined {
  const read = readCid(text);
  return read.ok ? read.id : undefined;
}

/** CIDv0 (base58btc) for sha2-256 of 32 bytes, as IPFS gives for files; otherwise CIDv1 with the raw codec in base32. */
export function formatCid({ hashCode, hashSize, hashDigest }: ContentId): string {
  const digest = hexToBytes(hashDigest).slice(0, hashSize);
  const multihash = [...writeVarint(hashCode), ...writeVarint(hashSize), ...digest];
  if (hashCode === SHA2_256 && hashSize === 32) return base58Encode(Uint8Array.from(multihash));
  return "b" + base32Encode(Uint8Array.from([...writeVarint(1), ...writeVarint(RAW_CODEC), ...multihash]));
}
