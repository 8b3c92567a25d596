/**
 * The content identifier of an evaluation or info message as a CID string, from the multihash
 * parts the contract stores (hashCode, hashSize, hashDigest): CIDv0 (base58btc) for sha2-256 of
 * 32 bytes, as IPFS gives for files; otherwise CIDv1 with the raw codec in base32.
 */
import { hexToBytes, type Hex } from "viem";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const SHA2_256 = 0x12;
const RAW_CODEC = 0x55;

function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

export function base58btc(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = "1" + out;
  }
  return out;
}

export function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const b of bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

export function contentId({ hashCode, hashSize, hashDigest }: { hashCode: number; hashSize: number; hashDigest: Hex }) {
  const digest = hexToBytes(hashDigest).slice(0, hashSize);
  const multihash = [...varint(hashCode), ...varint(hashSize), ...digest];
  if (hashCode === SHA2_256 && hashSize === 32) return base58btc(Uint8Array.from(multihash));
  return "b" + base32(Uint8Array.from([...varint(1), ...varint(RAW_CODEC), ...multihash]));
}
