/**
 * The party admin's forms on /party: promote a party member to party executive, demote one, and
 * set each single-holder role (the party admin's own is proposed, and moves once the proposed
 * account accepts). Shown only to the viewer the read model says is party admin; the contract
 * still decides (SPEC 5).
 */
import type { OperationName } from "../../../calls";
import { useI18n } from "../../../i18n/use-i18n";
import type { HeldRole } from "../../../ground/audience";
import { AccountInput } from "../../wallet/account-input.client";
import { OperationForm } from "../../wallet/operation-form.client";

/** "Promote to party executive" for any party member. */
export function PromotePartyExecutive() {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="promotePartyExecutive"
      className="promote-party-executive"
      args={(form) => ({ account: form.get("account") })}
      labels={{ account: t("forms.partyMember") }}
      submit={t("forms.promotePartyExecutive")}
    >
      <AccountInput name="account" label={t("forms.partyMember")} />{" "}
    </OperationForm>
  );
}

/** A party executive row's "Demote", after saying what they lose. */
export function DemotePartyExecutive({ account }: { account: string }) {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="demotePartyExecutive"
      className="demote-party-executive"
      args={() => ({ account })}
      submit={t("party.demote")}
      confirm={t("forms.confirmDemotePartyExecutive", { account })}
    />
  );
}

/** A role holder row's new-holder form; for the party admin it proposes, and you keep the role until they accept. */
export function SetRoleHolder({ role, operation, holder }: { role: HeldRole; operation: OperationName; holder: string }) {
  const { t } = useI18n();
  const proposing = role === "partyAdmin";
  const label = t(`roles.held.${role}`);
  const holderLabel = proposing ? t("forms.nextPartyAdmin") : t("forms.newHolder", { role: label });
  return (
    <OperationForm
      operation={operation}
      className="set-role-holder"
      args={(form) => ({ holder: form.get("holder") })}
      labels={{ holder: holderLabel }}
      submit={proposing ? t("forms.propose") : t("forms.set")}
      confirm={proposing ? t("forms.confirmProposeAdmin") : t("forms.confirmSetHolder", { role: label, holder })}
    >
      <AccountInput name="holder" label={holderLabel} />{" "}
    </OperationForm>
  );
}
