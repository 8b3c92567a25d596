/**
 * A chapter executive's forms (review queue and chapter page): one decision for every selected
 * applicant, sent as one user operation, and removing a member after saying what they lose.
 * Shown only to viewers the read model says may use them; the contract still decides (SPEC 5).
 */
import { useI18n } from "../../../i18n/use-i18n";
import { listInWords } from "../../../ground/format";
import { OperationForm } from "../../wallet/operation-form.client";
import { selectedApplicants } from "./selection";

/** "Approve selected" / "Reject selected": one updateMemberApplicationForChapter with `accounts`. */
export function DecideSelected() {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="updateMemberApplicationForChapter"
      className="decide-selected"
      args={(form) => ({ accounts: selectedApplicants(), approved: form.get("decision") === "approve" })}
      check={() => (selectedApplicants().length > 0 ? null : t("calls.selectApplicant"))}
    >
      {({ disabled }) => (
        <>
          <button type="submit" name="decision" value="approve" disabled={disabled}>
            {t("forms.approveSelected")}
          </button>{" "}
          <button type="submit" name="decision" value="reject" disabled={disabled}>
            {t("forms.rejectSelected")}
          </button>
        </>
      )}
    </OperationForm>
  );
}

export type RemoveMemberProps = {
  account: string;
  chapter: string;
  executive: boolean;
  centralCommittee: boolean;
};

/** "Remove", then a confirmation naming all the member loses: the chapter, and any executive role or committee seat. */
export function RemoveMember({ account, chapter, executive, centralCommittee }: RemoveMemberProps) {
  const { t, language } = useI18n();
  const losses = [
    t("losses.theirMembership", { chapter }),
    ...(executive ? [t("losses.theirExecutiveRole")] : []),
    ...(centralCommittee ? [t("losses.theirSeat")] : []),
  ];
  return (
    <OperationForm
      operation="removeMemberFromChapter"
      className="remove-member"
      args={() => ({ account })}
      submit={t("chapter.remove")}
      confirm={t("forms.confirmRemoveMember", { account, losses: listInWords(losses, language) })}
    />
  );
}
