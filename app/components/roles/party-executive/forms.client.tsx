/**
 * A party executive's forms (/party and chapter pages): add members to the party from a pasted
 * list (each bad line named, one operation for the batch), remove one from the party, and promote
 * or demote a chapter's executives, picking from its members. Shown only to viewers the read model
 * says are party executives; the contract still decides (SPEC 5).
 */
import { say } from "../../../i18n/message";
import { useI18n } from "../../../i18n/use-i18n";
import { readAddressLines } from "../../../utils/address-lines";
import { AccountInput } from "../../wallet/account-input.client";
import { OperationForm } from "../../wallet/operation-form.client";

const lines = (form: FormData) => readAddressLines(String(form.get("accounts") ?? ""));

/** "Add to the party": one addMemberToParty with every pasted address. */
export function AddMembers() {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="addMemberToParty"
      className="add-members"
      args={(form) => ({ accounts: lines(form).accounts })}
      check={(form) => lines(form).problems.map((problem) => say(t, problem)).join("; ") || null}
      submit={t("forms.addToParty")}
    >
      <label>
        {t("forms.addressLines")}
        <textarea name="accounts" rows={5} cols={46} spellCheck={false} className="address" placeholder={"0x…\n0x…"} />
      </label>
    </OperationForm>
  );
}

/** "Remove from the party", after saying all it takes. */
export function RemoveFromParty() {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="removeMemberFromParty"
      className="remove-from-party"
      args={(form) => ({ account: form.get("account") })}
      labels={{ account: t("forms.account") }}
      submit={t("forms.removeFromParty")}
      confirm={t("forms.confirmRemoveFromParty")}
    >
      <AccountInput name="account" label={t("forms.account")} />{" "}
    </OperationForm>
  );
}

/** "Promote to chapter executive", offering the chapter's members who are not executives yet. */
export function PromoteChapterExecutive({ chapterId, members }: { chapterId: string; members: readonly string[] }) {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="promoteChapterExecutive"
      className="promote-chapter-executive"
      args={(form) => ({ account: form.get("account"), chapterId })}
      labels={{ account: t("forms.member") }}
      submit={t("forms.promoteChapterExecutive")}
    >
      <AccountInput name="account" label={t("forms.member")} options={members} />{" "}
    </OperationForm>
  );
}

/** "Demote", picking one of the chapter's executives, after saying what they lose. */
export function DemoteChapterExecutive({ chapterId, executives }: { chapterId: string; executives: readonly string[] }) {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="demoteChapterExecutive"
      className="demote-chapter-executive"
      args={(form) => ({ account: form.get("account"), chapterId })}
      labels={{ account: t("forms.executive") }}
      submit={t("party.demote")}
      confirm={t("forms.confirmDemoteChapterExecutive", { chapterId })}
    >
      <AccountInput name="account" label={t("forms.executive")} options={executives} />{" "}
    </OperationForm>
  );
}
