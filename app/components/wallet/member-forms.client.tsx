/**
 * A member's own forms on /me: leaving the chapter and leaving the party, each after a
 * confirmation that names everything the account loses with it.
 */
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
const chapterLosses = (s: Standing) => [
  ...(s.chapter ? [`your membership of ${s.chapter}`] : []),
  ...(s.chapterExecutive ? ["your chapter executive role"] : []),
  ...(s.centralCommittee ? ["your central committee seat"] : []),
];

export function LeaveChapter(standing: Standing) {
  return (
    <OperationForm
      operation="leaveChapter"
      className="leave-chapter"
      args={() => ({})}
      submit="Leave chapter"
      confirm={<>Leave {standing.chapter}? You lose {listInWords(chapterLosses(standing))}.</>}
    />
  );
}

/** Leaving the party ends the chapter membership and a pending application too. */
export function LeaveParty(standing: Standing) {
  const losses = [
    "your party membership",
    ...chapterLosses(standing),
    ...(standing.partyExecutive ? ["your party executive role"] : []),
    ...(standing.pendingApplication ? ["your pending application"] : []),
  ];
  return (
    <OperationForm
      operation="leaveParty"
      className="leave-party"
      args={() => ({})}
      submit="Leave party"
      confirm={<>Leave the party? You lose {listInWords(losses)}.</>}
    />
  );
}
