/**
 * Every party contract operation the app can send, by contract function name, and the member's
 * own passkey account's updateOwners. Its `prepare`
 * checks raw args (JSON or form values) against its schema and builds its calls: POST
 * /api/calls/:operation answers those calls for the wallet to sign and send, POST /api/operations
 * takes from them the `subject` pending rows are shown on. The browser's forms send args
 * unchecked and show the 400 that names the field.
 */
import { acceptPartyAdminOperation } from "./accept-party-admin";
import { addChapterToPartyOperation } from "./add-chapter-to-party";
import { addMemberToPartyOperation } from "./add-member-to-party";
import { applyForChapterMembershipOperation } from "./apply-for-chapter-membership";
import { demoteChapterExecutiveOperation } from "./demote-chapter-executive";
import { demotePartyExecutiveOperation } from "./demote-party-executive";
import { leaveChapterOperation } from "./leave-chapter";
import { leavePartyOperation } from "./leave-party";
import { mintEvaluationOperation } from "./mint-evaluation";
import { promoteChapterExecutiveOperation } from "./promote-chapter-executive";
import { promotePartyExecutiveOperation } from "./promote-party-executive";
import { recommendForChapterMembershipOperation } from "./recommend-for-chapter-membership";
import { removeChapterOperation } from "./remove-chapter";
import { removeMemberFromChapterOperation } from "./remove-member-from-chapter";
import { removeMemberFromPartyOperation } from "./remove-member-from-party";
import { sendInfoOperation } from "./send-info";
import { setCentralCommitteeMemberOperation } from "./set-central-committee-member";
import { setChapterAdminOperation } from "./set-chapter-admin";
import { setEvaluationMinterOperation } from "./set-evaluation-minter";
import { setInfoSenderOperation } from "./set-info-sender";
import { setPartyAdminOperation } from "./set-party-admin";
import { updateChapterLocationOperation } from "./update-chapter-location";
import { updateMemberApplicationForChapterOperation } from "./update-member-application-for-chapter";
import { updateOwnersOperation } from "./update-owners";
import { voteOperation } from "./vote";

export const operations = {
  applyForChapterMembership: applyForChapterMembershipOperation,
  addMemberToParty: addMemberToPartyOperation,
  recommendForChapterMembership: recommendForChapterMembershipOperation,
  updateMemberApplicationForChapter: updateMemberApplicationForChapterOperation,
  leaveChapter: leaveChapterOperation,
  leaveParty: leavePartyOperation,
  promoteChapterExecutive: promoteChapterExecutiveOperation,
  demoteChapterExecutive: demoteChapterExecutiveOperation,
  promotePartyExecutive: promotePartyExecutiveOperation,
  demotePartyExecutive: demotePartyExecutiveOperation,
  removeChapter: removeChapterOperation,
  removeMemberFromChapter: removeMemberFromChapterOperation,
  removeMemberFromParty: removeMemberFromPartyOperation,
  addChapterToParty: addChapterToPartyOperation,
  vote: voteOperation,
  mintEvaluation: mintEvaluationOperation,
  sendInfo: sendInfoOperation,
  updateChapterLocation: updateChapterLocationOperation,
  setCentralCommitteeMember: setCentralCommitteeMemberOperation,
  setPartyAdmin: setPartyAdminOperation,
  acceptPartyAdmin: acceptPartyAdminOperation,
  setChapterAdmin: setChapterAdminOperation,
  setEvaluationMinter: setEvaluationMinterOperation,
  setInfoSender: setInfoSenderOperation,
  updateOwners: updateOwnersOperation,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
/** The validated input of an operation, as its builder takes it. */
export type OperationInput<N extends OperationName> = Parameters<Operations[N]["build"]>[1];

export const operationNames = Object.keys(operations) as OperationName[];

// `in` alone would also accept "toString" and other Object.prototype names.
export const isOperationName = (name: string | undefined): name is OperationName =>
  name !== undefined && Object.prototype.hasOwnProperty.call(operations, name);

export type { Call, ContentId, Subject } from "./types";
export { partyCall, subjectJson } from "./types";
export type { InputIssue, Operation, Prepared } from "./operation";
export { decodeLocation, encodeLocation } from "./location";
export { parseCid } from "./cid";
