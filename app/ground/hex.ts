import type { Hex } from "viem";

/** The one check of a 32-byte hex value (hashes, digests, commands). Type-only imports: safe for any bundle. */
export const isBytes32 = (v: unknown): v is Hex => typeof v === "string" && /^0x[0-9a-fA-F]{64}$/.test(v);
