/**
 * Just enough multibase for content identifiers, both ways: base58btc (CIDv0, and "z" CIDv1),
 * base32 ("b"/"B", the CIDv1 default) and base16 ("f"/"F", decoding only), and the unsigned
 * varints of multihashes. Hand-written so that the client bundle does not need a multiformats
 * library for three alphabets; the indexer encodes with the same alphabets.
 */
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  // Each leading zero byte stands as a leading "1".
  for (const b of bytes) {
    if (b !== 0) break;
    out = "1" + out;
  }
  return out;
}

export function base58Decode(text: string): Uint8Array | undefined {
  let n = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 0xffn));
  // Each leading "1" stands for a leading zero byte.
  const zeros = text.length - text.replace(/^1+/, "").length;
  return Uint8Array.from([...Array<number>(zeros).fill(0), ...bytes]);
}

/** RFC 4648 base32 without padding, lower case. */
export function base32Encode(bytes: Uint8Array): string {
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

/** RFC 4648 base32 without padding, lower case. */
export function base32Decode(text: string): Uint8Array | undefined {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return undefined;
    buffer = ((buffer << 5) | digit) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

export function base16Decode(text: string): Uint8Array | undefined {
  if (!/^([0-9a-f]{2})*$/.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16));
}

/** Decodes a multibase string by its prefix character. */
export function multibaseDecode(text: string): Uint8Array | undefined {
  const body = text.slice(1);
  switch (text[0]) {
    case "z":
      return base58Decode(body);
    case "b":
      return base32Decode(body);
    case "B":
      return base32Decode(body.toLowerCase());
    case "f":
      return base16Decode(body);
    case "F":
      return base16Decode(body.toLowerCase());
    default:
      return undefined;
  }
}

/** `n` as an unsigned LEB128 varint. */
export function writeVarint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

/** An unsigned LEB128 varint at `offset`: its value and the offset after it. */
export function readVarint(bytes: Uint8Array, offset: number): [value: number, next: number] | undefined {
  let value = 0;
  for (let i = 0; i < 4 && offset + i < bytes.length; i++) {
    const byte = bytes[offset + i];
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) return [value, offset + i + 1];
  }
  return undefined;
}
