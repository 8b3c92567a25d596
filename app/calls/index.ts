/**
 * Every operation the app can send: each party contract function by its name, and the member's
 * own passkey account's updateOwners. One entry says all that differs between two operations
 * (app/calls/operation.ts): POST /api/calls/:operation checks args with its schema and answers
 * its calls for the wallet to sign, POST /api/operations stores its subject, pages show its
 * pending badge, analytics sends its event when it ends, and the root loader works out from its
 * `who` whom to offer its control. The browser's forms check args with the same schema and show
 * the 400 that names the field. A new operation is one entry here (and its badge's text, if any).
 */
import { z } from "zod";
import { message, type Message } from "../i18n/message";
import type { Address } from "viem";
import {
  applicants,
  chapterAdministrators,
  chapterMembers,
  everyone,
  holdersOf,
  partyExecutives,
  partyMembers,
  proposedPartyAdmin,
  type Scope,
  type ViewerFacts,
} from "../ground/audience";
import { withContentId } from "./content-id";
import { address, addresses, chapterId, coordinate, eventName, evaluationId, score, uint8 } from "./fields";
import { location } from "./location";
import { defineOperation, partyCall, partyFunction } from "./operation";
import { decision, newChapters } from "./schemas";
import type { StoredSubject } from "./types";
import { updateOwners, updateOwnersSchema } from "./update-owners";

const nothing = z.object({});
const anAccount = z.object({ account: address });
const aHolder = z.object({ holder: address });
const accountInChapter = z.object({ account: address, chapterId });
const holderIsSubject = ({ holder }: { holder: Address }) => ({ account: holder });

export const operations = {
  applyForChapterMembership: defineOperation({
    schema: z.object({ chapterId }),
    build: partyFunction("applyForChapterMembership", ({ chapterId }) => [chapterId]),
    badge: "application",
    event: "applied",
    who: applicants,
  }),
  /** One batched call, or none for an empty list (the contract would revert it with InvalidInput). */
  addMemberToParty: defineOperation({
    schema: z.object({ accounts: addresses }),
    build: partyFunction("addMemberToParty", ({ accounts }) => (accounts.length ? [accounts] : null)),
    who: partyExecutives,
  }),
  recommendForChapterMembership: defineOperation({
    schema: z.object({ accounts: addresses }),
    build: partyFunction("recommendForChapterMembership", ({ accounts }) => (accounts.length ? [accounts] : null)),
    badge: "recommendation",
    event: "recommended",
    who: chapterMembers,
  }),
  /** One decision on several applicants: a call each, sent as one user operation. A rejection is `approved: false`. */
  updateMemberApplicationForChapter: defineOperation({
    schema: decision,
    build: (party, { accounts, approved }) => accounts.map((account) => partyCall(party, "updateMemberApplicationForChapter", [account, approved])),
    subject: ({ accounts, approved }) => (accounts.length === 1 ? { account: accounts[0], approved } : { accounts, approved }),
    badge: ({ approved }) => (approved === false ? "rejection" : "approval"),
    event: "approved",
    who: chapterAdministrators,
  }),
  /** Also gives up the chapter executive role and the central committee seat. */
  leaveChapter: defineOperation({ schema: nothing, build: partyFunction("leaveChapter", () => []), who: chapterMembers }),
  leaveParty: defineOperation({ schema: nothing, build: partyFunction("leaveParty", () => []), who: partyMembers }),
  promoteChapterExecutive: defineOperation({
    schema: accountInChapter,
    build: partyFunction("promoteChapterExecutive", ({ account, chapterId }) => [account, chapterId]),
    who: partyExecutives,
  }),
  demoteChapterExecutive: defineOperation({
    schema: accountInChapter,
    build: partyFunction("demoteChapterExecutive", ({ account, chapterId }) => [account, chapterId]),
    who: partyExecutives,
  }),
  promotePartyExecutive: defineOperation({ schema: anAccount, build: partyFunction("promotePartyExecutive", ({ account }) => [account]), who: holdersOf("partyAdmin") }),
  demotePartyExecutive: defineOperation({ schema: anAccount, build: partyFunction("demotePartyExecutive", ({ account }) => [account]), who: holdersOf("partyAdmin") }),
  /** An empty chapter only. */
  removeChapter: defineOperation({ schema: z.object({ chapterId }), build: partyFunction("removeChapter", ({ chapterId }) => [chapterId]), who: holdersOf("chapterAdmin") }),
  removeMemberFromChapter: defineOperation({ schema: anAccount, build: partyFunction("removeMemberFromChapter", ({ account }) => [account]), who: chapterAdministrators }),
  removeMemberFromParty: defineOperation({ schema: anAccount, build: partyFunction("removeMemberFromParty", ({ account }) => [account]), who: partyExecutives }),
  /** Several chapters with their founders in one call; none for an empty list (SPEC 5: "adding chapters does nothing when the list is empty"). */
  addChapterToParty: defineOperation({
    schema: newChapters,
    build: partyFunction("addChapterToParty", ({ chapters: c }) =>
      c.length ? [c.map((n) => n.applicants), c.map((n) => n.location), c.map((n) => n.x), c.map((n) => n.y)] : null,
    ),
    subject: ({ chapters }) => ({ accounts: chapters.flatMap((c) => c.applicants) }),
    who: holdersOf("chapterAdmin"),
  }),
  /** A party executive's vote is the party-executive score. */
  vote: defineOperation({
    schema: z.object({ evaluationId, score }),
    build: partyFunction("vote", ({ evaluationId, score }) => [evaluationId, score]),
    badge: "vote",
    event: "voted",
    who: everyone,
  }),
  mintEvaluation: defineOperation({
    schema: withContentId({ chapterId }),
    build: partyFunction("mintEvaluation", ({ chapterId, hashCode, hashSize, hashDigest }) => [chapterId, hashCode, hashSize, hashDigest]),
    who: holdersOf("evaluationMinter"),
  }),
  sendInfo: defineOperation({
    schema: withContentId({ eventName, infoType: uint8 }),
    build: partyFunction("sendInfo", ({ eventName, infoType, hashCode, hashSize, hashDigest }) => [eventName, infoType, hashCode, hashSize, hashDigest]),
    who: holdersOf("infoSender"),
  }),
  /** Moves or renames a chapter. */
  updateChapterLocation: defineOperation({
    schema: z.object({ chapterId, location, x: coordinate, y: coordinate }),
    build: partyFunction("updateChapterLocation", ({ chapterId, location, x, y }) => [chapterId, location, x, y]),
    who: holdersOf("chapterAdmin"),
  }),
  /** The zero address clears the seat. */
  setCentralCommitteeMember: defineOperation({
    schema: z.object({ chapterId, account: address }),
    build: partyFunction("setCentralCommitteeMember", ({ chapterId, account }) => [chapterId, account]),
    who: holdersOf("chapterAdmin"),
  }),
  /** Proposes the next party admin, who takes over with acceptPartyAdmin. */
  setPartyAdmin: defineOperation({ schema: aHolder, build: partyFunction("setPartyAdmin", ({ holder }) => [holder]), subject: holderIsSubject, who: holdersOf("partyAdmin") }),
  acceptPartyAdmin: defineOperation({ schema: nothing, build: partyFunction("acceptPartyAdmin", () => []), who: proposedPartyAdmin }),
  setChapterAdmin: defineOperation({ schema: aHolder, build: partyFunction("setChapterAdmin", ({ holder }) => [holder]), subject: holderIsSubject, who: holdersOf("partyAdmin") }),
  setEvaluationMinter: defineOperation({ schema: aHolder, build: partyFunction("setEvaluationMinter", ({ holder }) => [holder]), subject: holderIsSubject, who: holdersOf("partyAdmin") }),
  setInfoSender: defineOperation({ schema: aHolder, build: partyFunction("setInfoSender", ({ holder }) => [holder]), subject: holderIsSubject, who: holdersOf("partyAdmin") }),
  /** On the member's own passkey account, not the party (./update-owners.ts). */
  updateOwners: defineOperation({ schema: updateOwnersSchema, build: (party, input) => [updateOwners(party, input)], badge: "passkeyChange", who: everyone }),
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;
/** The validated input of an operation, as its builder takes it. */
export type OperationInput<N extends OperationName> = Parameters<Operations[N]["build"]>[1];

/** The operations' names, as they are now (a test adds one). */
export const operationNames = () => Object.keys(operations) as OperationName[];

// `in` alone would also accept "toString" and other Object.prototype names.
export const isOperationName = (name: string | undefined): name is OperationName =>
  name !== undefined && Object.prototype.hasOwnProperty.call(operations, name);

/** The badge a pending operation shows on the rows it is about: its own, or "<operation> pending". */
export function pendingBadge({ operation, subject }: { operation: string; subject: StoredSubject }): Message {
  const badge = isOperationName(operation) ? operations[operation].badge : undefined;
  const key = typeof badge === "function" ? badge(subject) : badge;
  return key ? message(`pending.${key}`) : message("pending.other", { operation });
}

/** The operations whose `who` includes the viewer, and where: what app/utils/viewer.ts `mayUse` reads. */
export function permissionsOf(viewer: ViewerFacts): Partial<Record<OperationName, Scope>> {
  return Object.fromEntries(
    operationNames().flatMap((name) => {
      const scope = operations[name].who(viewer);
      return scope === false || (Array.isArray(scope) && scope.length === 0) ? [] : [[name, scope]];
    }),
  );
}

export type { Call, StoredSubject, Subject } from "./types";
export { subjectJson } from "./types";
export type { InputIssue, Operation, Prepared } from "./operation";
export { decodeLocation, encodeLocation } from "./location";
export { parseCid } from "../ground/cid";
