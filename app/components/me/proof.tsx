/**
 * /me's "Membership proof": signed in the app with the member's passkey, then shown as a /verify
 * link, a QR code, how long it holds and a copy button (./proof-sign.client.tsx, loaded lazily).
 */
import { Link } from "@remix-run/react";
import { lazy } from "react";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS } from "../../utils/proofs/proof";
import { ClientOnly } from "../client-only";

const MembershipProofForm = lazy(() => import("./proof-membership.client"));

const MEMBERSHIP_PROOF_DAYS = MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400;

export function MembershipProof() {
  return (
    <section className="membership-proof">
      <h2>Membership proof</h2>
      <p className="muted">
        A proof, signed with your passkey, that this account is a member: anyone can check it on <Link to="/verify">/verify</Link> for{" "}
        {MEMBERSHIP_PROOF_DAYS} days, and sees your chapter and roles as they are then.
      </p>
      <SignMembershipProof />
    </section>
  );
}

/** The button that signs one, and the proof it made (also on /proofs for a signed-in member). */
export function SignMembershipProof() {
  return (
    <ClientOnly>
      <MembershipProofForm />
    </ClientOnly>
  );
}
