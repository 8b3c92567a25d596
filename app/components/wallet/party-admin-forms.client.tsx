/**
 * The party admin's forms on /party: promote a party member to party executive, demote one, and
 * set each single-holder role (the party admin's own is proposed, and moves once the proposed
 * account accepts). Shown only to the viewer the read model says is party admin; the contract
 * still decides (SPEC 5).
 */
import type { HeldRole } from "../../utils/viewer";
import { AccountInput } from "./account-input.client";
import { OperationForm } from "./operation-form.client";

/** "Promote to party executive" for any party member. */
export function PromotePartyExecutive() {
  return (
    <OperationForm
      operation="promotePartyExecutive"
      className="promote-party-executive"
      args={(form) => ({ account: form.get("account") })}
      submit="Promote to party executive"
    >
      <AccountInput name="account" label="Party member" />{" "}
    </OperationForm>
  );
}

/** A party executive row's "Demote", after saying what they lose. */
export function DemotePartyExecutive({ account }: { account: string }) {
  return (
    <OperationForm
      operation="demotePartyExecutive"
      className="demote-party-executive"
      args={() => ({ account })}
      submit="Demote"
      confirm={`Demote ${account}? They lose the party executive role (adding and removing party members, promoting chapter executives) and stay a party member.`}
    />
  );
}

const SETTERS = {
  partyAdmin: "setPartyAdmin",
  chapterAdmin: "setChapterAdmin",
  evaluationMinter: "setEvaluationMinter",
  infoSender: "setInfoSender",
} as const;

/** A role holder row's new-holder form; for the party admin it proposes, and you keep the role until they accept. */
export function SetRoleHolder({ role, label, holder }: { role: HeldRole; label: string; holder: string }) {
  const proposing = role === "partyAdmin";
  return (
    <OperationForm
      operation={SETTERS[role]}
      className="set-role-holder"
      args={(form) => ({ holder: form.get("holder") })}
      submit={proposing ? "Propose" : "Set"}
      confirm={
        proposing
          ? "Propose this account as party admin? Once it accepts, you lose the party admin role."
          : `Make this account the ${label}? ${holder} loses the role.`
      }
    >
      <AccountInput name="holder" label={proposing ? "Next party admin" : `New ${label}`} />{" "}
    </OperationForm>
  );
}
