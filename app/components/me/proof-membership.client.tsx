/** The button that signs a membership proof on /me, and the proof it made (see ./proof.tsx). */
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS, type Proof } from "../../utils/proofs/proof";
import { Time } from "../time";
import { SignedProof, useSignProof } from "./proof-sign.client";

function ValidUntil({ proof }: { proof: Proof }) {
  const { t } = useI18n();
  if (proof.kind !== "membership") return null;
  return (
    <Trans
      t={t}
      i18nKey="membershipProof.validUntil"
      values={{ count: MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400 }}
      components={{ time: <Time at={proof.signedAt + MEMBERSHIP_PROOF_MAX_AGE_SECONDS} /> }}
    />
  );
}

export default function MembershipProofForm() {
  const signing = useSignProof();
  const { t } = useI18n();
  return (
    <div className="membership-proof-form">
      <button type="button" disabled={!signing.ready || signing.signing} onClick={() => void signing.sign("membership", {})}>
        {t("membershipProof.sign")}
      </button>
      <SignedProof state={signing} validity={(proof) => <ValidUntil proof={proof} />} />
    </div>
  );
}
