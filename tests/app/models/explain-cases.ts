/**
 * What explain.test.ts runs against the large synthetic read model: one or more cases per model
 * function, with the parameters (fixtures) that meet its worst realistic case, and the exports
 * that do not query the read model, each with the reason.
 */
import type { Address, Hex } from "viem";

export type Models = {
  chapters: typeof import("../../../app/models/chapters.server");
  members: typeof import("../../../app/models/members.server");
  membersSearch: typeof import("../../../app/models/members-search.server");
  evaluations: typeof import("../../../app/models/evaluations.server");
  info: typeof import("../../../app/models/info.server");
  party: typeof import("../../../app/models/party.server");
  proofs: typeof import("../../../app/services/proofs.server");
  indexerStatus: typeof import("../../../app/services/indexer-status.server");
  readModel: typeof import("../../../db/query.server");
  viewer: typeof import("../../../app/models/viewer.server");
  accountOwners: typeof import("../../../app/models/account-owners.server");
  applicationStatements: typeof import("../../../app/models/application-statements.server");
};

/** Parameters picked from the loaded data so that each query meets its worst realistic case. */
export type Fixtures = {
  bigChapter: bigint;
  smallChapter: bigint;
  bigChapterMiddleAccount: Address;
  queueChapter: bigint;
  queueCursor: { block: bigint; id: string };
  chapterExecutive: Address;
  busiestVoter: Address;
  pendingApplicant: Address;
  partyExecutive: Address;
  partyOnlyMember: Address;
  manyVotesEvaluation: bigint;
  newestEvaluation: bigint;
  manyVotesMiddleVoter: Address;
  commonEventName: string;
  rareEventName: string;
  newestInfoId: bigint;
  /** A passkey of an account that has two. */
  passkeyOwner: Hex;
  /** A request carrying a live session of the chapter executive (app.sessions, migrated for this test). */
  executiveRequest: Request;
  /** That session's token (the web server asks for its viewer: server/viewer-pages.ts). */
  executiveToken: string;
};

const UNKNOWN: Address = "0x00000000000000000000000000000000000dead0";

export type Case = { name: string; fn: string; run: (m: Models, f: Fixtures) => Promise<unknown> };

/** The chapter executive as a page's viewer: the names it may see (issue 28 item 3) are in each page's statement. */
const executive = (f: Fixtures) => ({
  address: f.chapterExecutive,
  status: "member" as const,
  chapterId: f.bigChapter.toString(),
  executiveOf: f.bigChapter.toString(),
  partyExecutive: false,
  partyMember: true,
});

/** One or more cases per model function; `fn` is "<module>.<export>". */
export const CASES: Case[] = [
  { name: "listChapters", fn: "chapters.listChapters", run: (m) => m.chapters.listChapters() },
  { name: "getChapter: biggest chapter", fn: "chapters.getChapter", run: (m, f) => m.chapters.getChapter({ id: f.bigChapter, limit: 51, viewer: executive(f) }) },
  { name: "getChapter: small chapter", fn: "chapters.getChapter", run: (m, f) => m.chapters.getChapter({ id: f.smallChapter, limit: 51 }) },
  { name: "getChapter: unknown id", fn: "chapters.getChapter", run: (m) => m.chapters.getChapter({ id: 987_654_321n, limit: 51 }) },
  {
    name: "getChapter: members after a cursor",
    fn: "chapters.getChapter",
    run: (m, f) => m.chapters.getChapter({ id: f.bigChapter, after: f.bigChapterMiddleAccount, limit: 201 }),
  },
  {
    name: "getApplicationQueue: first page",
    fn: "chapters.getApplicationQueue",
    run: (m, f) => m.chapters.getApplicationQueue({ chapterId: f.queueChapter, limit: 51 }),
  },
  {
    name: "getApplicationQueue: page after a cursor",
    fn: "chapters.getApplicationQueue",
    run: (m, f) => m.chapters.getApplicationQueue({ chapterId: f.queueChapter, after: f.queueCursor, limit: 51, viewer: executive(f) }),
  },
  {
    name: "getChapterMembers: CSV roster of the biggest chapter",
    fn: "chapters.getChapterMembers",
    run: (m, f) => m.chapters.getChapterMembers({ chapterId: f.bigChapter, limit: 100_000, viewer: executive(f) }),
  },
  { name: "chapterExists", fn: "chapters.chapterExists", run: (m, f) => m.chapters.chapterExists(f.bigChapter) },
  { name: "getMember: executive of the biggest chapter", fn: "members.getMember", run: (m, f) => m.members.getMember(f.chapterExecutive) },
  { name: "getMember: busiest voter", fn: "members.getMember", run: (m, f) => m.members.getMember(f.busiestVoter) },
  { name: "getMember: pending applicant", fn: "members.getMember", run: (m, f) => m.members.getMember(f.pendingApplicant) },
  { name: "getMember: party executive", fn: "members.getMember", run: (m, f) => m.members.getMember(f.partyExecutive) },
  { name: "getMember: party-only member", fn: "members.getMember", run: (m, f) => m.members.getMember(f.partyOnlyMember) },
  { name: "getMember: unknown address", fn: "members.getMember", run: (m) => m.members.getMember(UNKNOWN) },
  { name: "getMemberPage: busiest voter", fn: "members.getMemberPage", run: (m, f) => m.members.getMemberPage(f.busiestVoter, executive(f)) },
  { name: "getMemberPage: pending applicant", fn: "members.getMemberPage", run: (m, f) => m.members.getMemberPage(f.pendingApplicant) },
  // "0x" matches every account: the first page must still come from the primary key in order.
  { name: "searchMembers: every account (0x)", fn: "members-search.searchMembers", run: (m) => m.membersSearch.searchMembers({ prefix: "0x", limit: 21 }) },
  {
    name: "searchMembers: a prefix, first page and after a cursor",
    fn: "members-search.searchMembers",
    run: (m, f) =>
      Promise.all([
        m.membersSearch.searchMembers({ prefix: f.bigChapterMiddleAccount.slice(0, 5).toLowerCase(), limit: 21 }),
        m.membersSearch.searchMembers({ prefix: "0x", after: f.bigChapterMiddleAccount.toLowerCase(), limit: 21 }),
      ]),
  },
  { name: "searchMembers: no match", fn: "members-search.searchMembers", run: (m) => m.membersSearch.searchMembers({ prefix: UNKNOWN, limit: 21 }) },
  { name: "listEvaluations: first page", fn: "evaluations.listEvaluations", run: (m) => m.evaluations.listEvaluations({ limit: 51 }) },
  {
    name: "listEvaluations: one chapter's, first page and before a cursor",
    fn: "evaluations.listEvaluations",
    run: (m, f) =>
      Promise.all([
        m.evaluations.listEvaluations({ chapterId: f.bigChapter, limit: 51 }),
        m.evaluations.listEvaluations({ chapterId: f.bigChapter, before: f.newestEvaluation / 2n, limit: 51 }),
      ]),
  },
  {
    name: "listEvaluations: page before a cursor",
    fn: "evaluations.listEvaluations",
    run: (m, f) => m.evaluations.listEvaluations({ before: f.newestEvaluation / 2n, limit: 51 }),
  },
  {
    name: "getEvaluation: most votes",
    fn: "evaluations.getEvaluation",
    run: (m, f) => m.evaluations.getEvaluation(f.manyVotesEvaluation),
  },
  { name: "getEvaluation: newest", fn: "evaluations.getEvaluation", run: (m, f) => m.evaluations.getEvaluation(f.newestEvaluation) },
  {
    name: "getEvaluationPage: first page of voters",
    fn: "evaluations.getEvaluationPage",
    run: (m, f) => m.evaluations.getEvaluationPage({ id: f.manyVotesEvaluation, limit: 51 }),
  },
  {
    name: "getEvaluationPage: voters after a cursor",
    fn: "evaluations.getEvaluationPage",
    run: (m, f) => m.evaluations.getEvaluationPage({ id: f.manyVotesEvaluation, after: f.manyVotesMiddleVoter, limit: 51 }),
  },
  {
    name: "getEvaluationVotes: the CSV of the most voted",
    fn: "evaluations.getEvaluationVotes",
    run: (m, f) => m.evaluations.getEvaluationVotes({ evaluationId: f.manyVotesEvaluation, limit: 100_000, viewer: null }),
  },
  {
    name: "getEvaluationVotes: CSV of the evaluation with most votes",
    fn: "evaluations.getEvaluationVotes",
    run: (m, f) => m.evaluations.getEvaluationVotes({ evaluationId: f.manyVotesEvaluation, limit: 100_000, viewer: executive(f) }),
  },
  {
    name: "listEvaluationsAwaitingVote: the busiest voter in the biggest chapter",
    fn: "evaluations.listEvaluationsAwaitingVote",
    run: (m, f) => m.evaluations.listEvaluationsAwaitingVote({ chapterId: f.bigChapter.toString(), voter: f.busiestVoter, limit: 51 }),
  },
  { name: "getViewer: a chapter executive's session", fn: "viewer.getViewer", run: (m, f) => m.viewer.getViewer(f.executiveRequest) },
  { name: "viewerOfSession: the same session, as the web server asks", fn: "viewer.viewerOfSession", run: (m, f) => m.viewer.viewerOfSession(f.executiveToken) },
  {
    name: "accountsOfOwners: the sign-in's two candidate keys, one an owner",
    fn: "account-owners.accountsOfOwners",
    run: (m, f) => m.accountOwners.accountsOfOwners({ owners: [f.passkeyOwner, `0x${"4b".repeat(84)}`] }),
  },
  { name: "ownersOfAccount: a member's passkeys", fn: "account-owners.ownersOfAccount", run: (m, f) => m.accountOwners.ownersOfAccount({ account: f.chapterExecutive }) },
  { name: "listInfoMessages: first page", fn: "info.listInfoMessages", run: (m) => m.info.listInfoMessages({ limit: 51 }) },
  {
    name: "listInfoMessages: page before a cursor",
    fn: "info.listInfoMessages",
    run: (m, f) => m.info.listInfoMessages({ before: f.newestInfoId / 2n, limit: 51 }),
  },
  {
    name: "listInfoMessages: common eventName",
    fn: "info.listInfoMessages",
    run: (m, f) => m.info.listInfoMessages({ eventName: f.commonEventName, limit: 51 }),
  },
  {
    name: "listInfoMessages: rare eventName before a cursor",
    fn: "info.listInfoMessages",
    run: (m, f) => m.info.listInfoMessages({ eventName: f.rareEventName, before: f.newestInfoId / 2n, limit: 51 }),
  },
  {
    name: "listInfoMessages: unknown eventName",
    fn: "info.listInfoMessages",
    run: (m) => m.info.listInfoMessages({ eventName: "NoSuchEvent", limit: 51 }),
  },
  { name: "listInfoMessages: infoType", fn: "info.listInfoMessages", run: (m) => m.info.listInfoMessages({ infoType: 3, limit: 51 }) },
  {
    name: "listInfoMessages: eventName and infoType before a cursor",
    fn: "info.listInfoMessages",
    run: (m, f) => m.info.listInfoMessages({ eventName: f.commonEventName, infoType: 5, before: f.newestInfoId / 2n, limit: 51 }),
  },
  { name: "getInfoMessage: newest", fn: "info.getInfoMessage", run: (m, f) => m.info.getInfoMessage(f.newestInfoId) },
  { name: "getInfoMessage: oldest", fn: "info.getInfoMessage", run: (m) => m.info.getInfoMessage(1n) },
  { name: "getPartyOverview", fn: "party.getPartyOverview", run: (m) => m.party.getPartyOverview() },
  {
    name: "getSignerStanding: executive of the biggest chapter",
    fn: "proofs.getSignerStanding",
    run: (m, f) => m.proofs.getSignerStanding(f.chapterExecutive),
  },
  { name: "getSignerStanding: unknown address", fn: "proofs.getSignerStanding", run: (m) => m.proofs.getSignerStanding(UNKNOWN) },
  // An application's statement (issue 28 item 1): app.application_statements beside the applicant's applications.
  ...([
    ["pendingApplicationChapter", (m, f) => m.applicationStatements.pendingApplicationChapter(f.pendingApplicant)],
    ["saveStatement", (m, f) => m.applicationStatements.saveStatement(f.pendingApplicant, f.queueChapter.toString(), { statement: "s", contact: null })],
    ["deleteStatement", (m, f) => m.applicationStatements.deleteStatement(f.pendingApplicant, f.queueChapter.toString())],
    ["ownStatements", (m, f) => m.applicationStatements.ownStatements(f.pendingApplicant)],
    ["queueStatements", (m, f) => m.applicationStatements.queueStatements(f.queueChapter.toString(), [f.pendingApplicant, f.busiestVoter])],
    [
      "memberPageStatements",
      (m, f) => m.applicationStatements.memberPageStatements(f.pendingApplicant, { address: f.partyExecutive, partyExecutive: true, executiveOf: null }),
    ],
    ["pruneStatements", (m) => m.applicationStatements.pruneStatements()],
  ] as [string, Case["run"]][]).map(([name, run]) => ({ name: `${name}: the pending applicant`, fn: `application-statements.${name}`, run })),
];

/** Exports of app/models that do not query the read model (infrastructure, or no database at all). */
export const NOT_READ_MODEL_QUERIES: Record<string, string> = {
  "members-search.searchMembersByName": "EXPLAIN-tested at 100,000 profiles, for a stranger and an executive, in tests/app/models/profile-views.test.ts",
  "names.visibleNameSql": "an SQL fragment (a profile by its primary key) inside the pages' statements, covered by their cases above",
  "names.withNames": "wraps a page's statement (covered by that page's cases above, which run with a viewer)",
  "names.namesOf": "no query: merges the names of a list's rows",
  "names.splitNames": "no query: a row without its names",
  "names.nameChaptersOf": "no query: merges the chapters of a list's names",
  "application-statements.readsStatementsOf": "no query: whether a viewer's facts let it read a chapter's statements",
  "advance.getOperation": "user_operations by its primary key (and activity by its sort key), for one operation",
  "advance.listPendingOperations": "at most 50 of one sender's operations, each by primary key as above",
  "pending-operations.pendingOperationsFor": "its query is EXPLAIN-tested in tests/app/routes/api.operations.test.ts",
  "pending-operations.pendingOperationsQuery": "builds that query",
  "pending-operations.pendingOperationsColumn": "puts that query in a page's statement (EXPLAIN-tested there, with the page's own cases above)",
  "pending-operations.firstRowWithPending": "runs a page's statement (covered by that page's cases above)",
  "indexer-status.getIndexerState": "HTTP only (Ponder and the chain), checked below to run no SQL",
  "proofs.verifyProof": "signature check on the chain; its one read-model query is getSignerStanding, covered above",
  "documents.evaluationTitle": "an SQL fragment (a document by its primary key) inside the pages' statements, covered by their cases above",
  "documents.infoTitle": "an SQL fragment, as evaluationTitle",
  "documents.documentTitle": "an SQL fragment, as evaluationTitle",
  "documents.documentFetch": "an SQL fragment (a fetch by its primary key), as evaluationTitle",
  "documents.storeDocuments": "a write of app tables; its read-model joins go by the CIDs it stores (tests/server/documents)",
  "documents.publishDocument": "IPFS, then storeDocuments",
  "profile-views.profileJoinsSql": "an SQL fragment (a profile, its member row and application by primary key) inside visibleProfileSql and withNames, covered by their cases",
  "profile-views.profileNameSql": "an SQL expression over profileJoinsSql's rows, covered with it",
  "profile-views.visibleProfileSql": "an SQL fragment (a profile, its member row and application by primary key), EXPLAIN-tested at 100,000 members in tests/app/models/profile-views.test.ts",
  "profile-views.visibleProfilesOf": "that fragment per account asked, EXPLAIN-tested there",
  "profile-views.nameShownNearby": "profiles by their name's skeleton (an index of app.profiles), EXPLAIN-tested there",
};
