/**
 * What a proof's signer signs. A membership proof: EIP-712 typed data
 * `MembershipProof { address signer; uint32 signedAt }` in the domain { name "Party", version "1",
 * chainId 137, verifyingContract: the party contract }. A chapter social-account verification: a
 * plain-text message (EIP-191 personal_sign) of the service, the display name, the chapter id and
 * the account address; for YouTube it starts with {@link VIDEO_SERVICE_PREFACE}.
 */
import type { Address, TypedDataDefinition } from "viem";
import { PARTY_DOMAIN } from "../party-domain";
import { SOCIAL_SERVICES, type SocialService } from "./proof";

export const membershipProofTypes = {
  MembershipProof: [
    { name: "signer", type: "address" },
    { name: "signedAt", type: "uint32" },
  ],
} as const;

/** The fixed preface of a YouTube verification (SPEC 9: an official chapter account). */
export const VIDEO_SERVICE_PREFACE = "This YouTube channel is an official chapter account of the Party.";

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
