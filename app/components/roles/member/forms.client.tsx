/**
 * A member's forms: recommending an applicant to the chapter, voting on an evaluation, and on /me
 * leaving the chapter and leaving the party, each after a confirmation that names everything the
 * account loses with it.
 */
import type { TFunction } from "i18next";
import { useState, type FormEvent } from "react";
import { SCORE_MAX, SCORE_MIN } from "../../../calls/score";
import { useI18n } from "../../../i18n/use-i18n";
import { listInWords } from "../../../ground/format";
import { Status, useOperation } from "../../wallet/operation-button.client";
import { OperationForm } from "../../wallet/operation-form.client";

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

/** Recommending one of the chapter's pending applicants. */
export function RecommendForm({ applicants }: { applicants: string[] }) {
  const { t } = useI18n();
  const op = useOperation("recommendForChapterMembership", { "accounts.0": t("forms.applicant") });
  const [account, setAccount] = useState(applicants[0] ?? "");
  if (applicants.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void op.run({ accounts: [account] });
  };
  return (
    <form className="operation" data-operation="recommendForChapterMembership" onSubmit={submit}>
      <label>
        {t("forms.applicant")}{" "}
        <select name="account" value={account} onChange={(e) => setAccount(e.target.value)}>
          {applicants.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!op.ready || op.running || !account}>
        {t("queue.recommend")}
      </button>
      <Status state={op} />
    </form>
  );
}

/** A vote on an evaluation: a whole score from SCORE_MIN to SCORE_MAX. */
export function VoteForm({ evaluationId }: { evaluationId: string }) {
  const { t } = useI18n();
  const op = useOperation("vote", { score: t("forms.yourScore") });
  const [score, setScore] = useState("0");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void op.run({ evaluationId, score });
  };
  return (
    <form className="operation" data-operation="vote" onSubmit={submit}>
      <label>
        {t("forms.yourScore")}{" "}
        <input name="score" type="number" min={SCORE_MIN} max={SCORE_MAX} step={1} required value={score} onChange={(e) => setScore(e.target.value)} />
      </label>
      <button type="submit" disabled={!op.ready || op.running}>
        {t("forms.vote")}
      </button>
      <Status state={op} />
    </form>
  );
}
