/** Signing a proof with the wallet's account, and how the wallet hands that to /proofs. */
import { createContext } from "react";
import type { Address, Hex } from "viem";
import type { MembershipProof, Proof, ProofKind, SocialProof, SocialService } from "./proof";
import { membershipProofTypedData, socialVerificationMessage, type MembershipProofTypedData } from "./signed-data";

export type ProofFields = {
  membership: { verifyingContract: Address; signedAt?: number };
  social: { service: SocialService; displayName: string; chapterId: string };
};
type ProofByKind = { membership: MembershipProof; social: SocialProof };

/**
 * The signing step of /proofs: the wallet signs as its own account and returns the proof (the
 * signer or account is the wallet's address; signedAt defaults to now).
 */
export type SignProof = <K extends ProofKind>(kind: K, fields: ProofFields[K]) => Promise<ProofByKind[K]>;

/** What {@link proofSigner} needs: a viem account (local, smart or JSON-RPC) has all three. */
export type ProofSigningAccount = {
  address: Address;
  signTypedData(typedData: MembershipProofTypedData): Promise<Hex>;
  signMessage(parameters: { message: string }): Promise<Hex>;
};

/** A {@link SignProof} for a viem account: `proofSigner(smartAccount)` for the wallet. */
export function proofSigner(account: ProofSigningAccount, now: () => number = Date.now): SignProof {
  const sign = async (kind: ProofKind, fields: ProofFields[ProofKind]): Promise<Proof> => {
    if (kind === "membership") {
      const { verifyingContract, signedAt = Math.floor(now() / 1000) } = fields as ProofFields["membership"];
      const signer = account.address.toLowerCase() as Address;
      const signature = await account.signTypedData(membershipProofTypedData(verifyingContract, { signer, signedAt }));
      return { kind, signer, signedAt, signature };
    }
    const { service, displayName, chapterId } = fields as ProofFields["social"];
    const accountAddress = account.address.toLowerCase() as Address;
    const signature = await account.signMessage({ message: socialVerificationMessage({ service, displayName, chapterId, account: accountAddress }) });
    return { kind, service, displayName, chapterId, account: accountAddress, signature };
  };
  return sign as SignProof;
}

/**
 * The wallet's {@link SignProof}, provided around the app by the wallet once it is connected
 * (`<ProofSignerContext.Provider value={proofSigner(account)}>`); null until then, and /proofs
 * falls back to signing by hand (pasting a signature).
 */
export const ProofSignerContext = /* @__PURE__ */ createContext<SignProof | null>(null);
