/**
 * Chapter locations: the contract stores a bytes32; people type a place name. A name is UTF-8,
 * at most 32 bytes, right-padded with zeros (as stringToHex does); 32 bytes of hex pass as they are.
 */
import { stringToHex, type Hex } from "viem";
import { field, toBytes32, utf8Length } from "./fields";
import { problem } from "./issue";

/** The bytes32 of a place name or of 0x-hex; undefined when it does not fit. */
export function encodeLocation(location: string): Hex | undefined {
  const hex = toBytes32(location);
  if (hex) return hex;
  const text = location.trim();
  return text && utf8Length(text) <= 32 ? stringToHex(text, { size: 32 }) : undefined;
}

/** The place name back from bytes32 (trailing zero bytes dropped). */
export function decodeLocation(location: Hex): string {
  const bytes = Uint8Array.from(location.slice(2).match(/../g) ?? [], (b) => parseInt(b, 16));
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

export const location = field(problem("location"), (v) =>
  typeof v === "string" ? encodeLocation(v) : undefined,
);
