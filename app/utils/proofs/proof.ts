/**
 * Signed proofs (SPEC 3, 7, 9), shared by the browser and the server. Two kinds:
 * - Membership proof: typed data (./signed-data.ts) signed by the member's account, accepted for
 *   {@link MEMBERSHIP_PROOF_MAX_AGE_SECONDS}.
 * - Chapter social-account verification: a plain-text message (./signed-data.ts) signed by the
 *   chapter's account.
 * The text format that carries them is ./codec.ts, the checks of their fields ./fields.ts, and
 * signing with the wallet ./signer.ts.
 *
 * Addresses are lower case in proofs and in the signed message: an EIP-55 checksum needs keccak,
 * and these modules stay free of viem at run time (type imports only) so that /proofs ships no
 * viem to the browser (viem's barrel shares its chunks with the wallet's). The server checksums
 * for display.
 */
import type { Address, Hex } from "viem";

export type ProofKind = "membership" | "social";

/** A membership proof is accepted for 30 days after it was signed ... */
export const MEMBERSHIP_PROOF_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** ... and up to 5 minutes ahead of the verifier's clock (clock skew). */
export const PROOF_MAX_FUTURE_SECONDS = 5 * 60;

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
