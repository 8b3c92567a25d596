import { hexToBytes, type Hex } from "viem";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** A bytes32 location as text: its UTF-8 up to the zero padding, when that is printable; else null. */
export function locationText(location: Hex): string | null {
  const bytes = hexToBytes(location);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === 0) return null;
  try {
    const text = decoder.decode(bytes.slice(0, end));
    // Control characters (including an interior NUL) mean it was not text.
    return /[\p{Cc}\p{Cs}]/u.test(text) ? null : text;
  } catch {
    return null;
  }
}
