/**
 * /me's "Membership proof": signed in the app with the member's passkey, then shown as a /verify
 * link, a QR code, how long it holds and a copy button (./proof-sign.client.tsx, loaded lazily).
 */
import { Link } from "@remix-run/react";
import { lazy } from "react";
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS } from "../../utils/proofs/proof";
import { ClientOnly } from "../client-only";

const MembershipProofForm = lazy(() => import("./proof-membership.client"));

const MEMBERSHIP_PROOF_DAYS = MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400;

export function MembershipProof() {
  const { t } = useI18n();
  return (
    <section className="membership-proof">
      <h2>{t("membershipProof.heading")}</h2>
      <p className="muted">
        <Trans t={t} i18nKey="membershipProof.intro" values={{ count: MEMBERSHIP_PROOF_DAYS }} components={{ verify: <Link to="/verify" /> }} />
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
