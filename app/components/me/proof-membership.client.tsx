/** The button that signs a membership proof on /me, and the proof it made (see ./proof.tsx). */
import { formatTime } from "../../utils/format";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS, type Proof } from "../../utils/proofs/proof";
import { SignedProof, useSignProof } from "./proof-sign.client";

const validUntil = (proof: Proof) =>
  proof.kind === "membership" ? (
    <>
      Valid until {formatTime(proof.signedAt + MEMBERSHIP_PROOF_MAX_AGE_SECONDS)} ({MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400} days from now), while you are
      a member.
    </>
  ) : null;

export default function MembershipProofForm() {
  const signing = useSignProof();
  return (
    <div className="membership-proof-form">
      <button type="button" disabled={!signing.ready || signing.signing} onClick={() => void signing.sign("membership", {})}>
        Sign a membership proof
      </button>
      <SignedProof state={signing} validity={validUntil} />
    </div>
  );
}
