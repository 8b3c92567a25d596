/**
 * A member's own forms on /me: leaving the chapter and leaving the party, each after a
 * confirmation that names everything the account loses with it.
 */
import type { TFunction } from "i18next";
import { useI18n } from "../../i18n/use-i18n";
import { listInWords } from "../../utils/format";
import { OperationForm } from "./operation-form.client";

export type Standing = {
  /** The chapter's name, when the account is a member of one. */
  chapter: string | null;
  chapterExecutive: boolean;
  centralCommittee: boolean;
  partyExecutive: boolean;
  pendingApplication: boolean;
};

/** What goes with the chapter: its membership, the executive role, the committee seat. */
const chapterLosses = (s: Standing, t: TFunction) => [
  ...(s.chapter ? [t("losses.yourMembership", { chapter: s.chapter })] : []),
  ...(s.chapterExecutive ? [t("losses.yourExecutiveRole")] : []),
  ...(s.centralCommittee ? [t("losses.yourSeat")] : []),
];

export function LeaveChapter(standing: Standing) {
  const { t, language } = useI18n();
  return (
    <OperationForm
      operation="leaveChapter"
      className="leave-chapter"
      args={() => ({})}
      submit={t("forms.leaveChapter")}
      confirm={t("forms.confirmLeaveChapter", { chapter: standing.chapter, losses: listInWords(chapterLosses(standing, t), language) })}
    />
  );
}

/** Leaving the party ends the chapter membership and a pending application too. */
export function LeaveParty(standing: Standing) {
  const { t, language } = useI18n();
  const losses = [
    t("losses.yourPartyMembership"),
    ...chapterLosses(standing, t),
    ...(standing.partyExecutive ? [t("losses.yourPartyExecutiveRole")] : []),
    ...(standing.pendingApplication ? [t("losses.yourApplication")] : []),
  ];
  return (
    <OperationForm
      operation="leaveParty"
      className="leave-party"
      args={() => ({})}
      submit={t("forms.leaveParty")}
      confirm={t("forms.confirmLeaveParty", { losses: listInWords(losses, language) })}
    />
  );
}
