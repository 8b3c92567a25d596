/**
 * The on-chain read model: the only definition of the tables the indexer writes. The app reads
 * them (never writes) through the views schema, see db/query.server.ts.
 *
 * Counters (members, executives, pending applications, votes, score sums) are kept by the
 * handlers so that no page aggregates a large table. Every lookup the app makes has an index;
 * tests/app runs EXPLAIN on each query against a large data set.
 */
import { index, onchainEnum, onchainTable, primaryKey } from "ponder";

export const memberStatus = onchainEnum("member_status", ["none", "member", "left", "removed"]);
export const applicationStatus = onchainEnum("application_status", ["applied", "approved", "rejected"]);
export const executiveAction = onchainEnum("executive_action", ["promoted", "demoted"]);
export const upgradeKind = onchainEnum("upgrade_kind", ["upgraded", "initialized"]);

export const chapters = onchainTable(
  "chapters",
  (t) => ({
    id: t.bigint().primaryKey(),
    location: t.hex().notNull(),
    /** The location as text when its bytes are printable UTF-8, else null. */
    locationText: t.text(),
    x: t.integer().notNull(),
    y: t.integer().notNull(),
    memberCount: t.integer().notNull(),
    executiveCount: t.integer().notNull(),
    pendingApplicationCount: t.integer().notNull(),
    evaluationCount: t.integer().notNull(),
    centralCommitteeMember: t.hex(),
    addedBlock: t.bigint().notNull(),
    addedAt: t.bigint().notNull(),
    removedBlock: t.bigint(),
  }),
  (table) => ({
    locationTextIdx: index().on(table.locationText),
    centralCommitteeIdx: index().on(table.centralCommitteeMember),
  }),
);

/** One row per account the contract has seen: members, applicants and party-only members. */
export const members = onchainTable(
  "members",
  (t) => ({
    account: t.hex().primaryKey(),
    /** Current chapter, or the last one for status left/removed; null when never in one. */
    chapterId: t.bigint(),
    status: memberStatus("status").notNull(),
    joinedBlock: t.bigint(),
    joinedAt: t.bigint(),
    partyMember: t.boolean().notNull(),
    partyExecutive: t.boolean().notNull(),
    /** Chapter this account is an executive of, null when none. */
    executiveOf: t.bigint(),
    /** The pending application's id, null when none. */
    pendingApplicationId: t.text(),
    firstSeenBlock: t.bigint().notNull(),
  }),
  (table) => ({
    rosterIdx: index().on(table.chapterId, table.status, table.account),
    partyExecutiveIdx: index().on(table.partyExecutive),
  }),
);

export const applications = onchainTable(
  "applications",
  (t) => ({
    /** The Applied event's id (block and log index), unique per application. */
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    chapterId: t.bigint().notNull(),
    status: applicationStatus("status").notNull(),
    recommenders: t.hex().array().notNull(),
    appliedBlock: t.bigint().notNull(),
    appliedAt: t.bigint().notNull(),
    decidedBy: t.hex(),
    decidedBlock: t.bigint(),
    decidedAt: t.bigint(),
  }),
  (table) => ({
    queueIdx: index().on(table.chapterId, table.status, table.appliedBlock),
    accountIdx: index().on(table.account, table.appliedBlock),
  }),
);

export const recommendations = onchainTable(
  "recommendations",
  (t) => ({
    id: t.text().primaryKey(),
    /** The application recommended; null only for an event the indexer could not place (logged). */
    applicationId: t.text(),
    account: t.hex().notNull(),
    chapterId: t.bigint().notNull(),
    by: t.hex().notNull(),
    block: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    accountIdx: index().on(table.account, table.block),
    byIdx: index().on(table.by, table.block),
  }),
);

/** Current chapter executives: one row per (account, chapter) ever promoted. */
export const chapterExecutives = onchainTable(
  "chapter_executives",
  (t) => ({
    account: t.hex().notNull(),
    chapterId: t.bigint().notNull(),
    active: t.boolean().notNull(),
    promotedBy: t.hex().notNull(),
    promotedBlock: t.bigint().notNull(),
    demotedBy: t.hex(),
    demotedBlock: t.bigint(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.account, table.chapterId] }),
    chapterIdx: index().on(table.chapterId, table.active),
  }),
);

/** Party executives: one row per account ever promoted. */
export const partyExecutives = onchainTable(
  "party_executives",
  (t) => ({
    account: t.hex().primaryKey(),
    active: t.boolean().notNull(),
    promotedBy: t.hex().notNull(),
    promotedBlock: t.bigint().notNull(),
    demotedBy: t.hex(),
    demotedBlock: t.bigint(),
  }),
  (table) => ({ activeIdx: index().on(table.active) }),
);

/** Every promotion and demotion, chapter (chapterId set) or party (chapterId null). */
export const executiveHistory = onchainTable(
  "executive_history",
  (t) => ({
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    chapterId: t.bigint(),
    action: executiveAction("action").notNull(),
    by: t.hex().notNull(),
    block: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    accountIdx: index().on(table.account, table.block),
    chapterIdx: index().on(table.chapterId, table.block),
  }),
);

/**
 * The holder of each role: partyAdmin, chapterAdmin, evaluationMinter, infoSender, or
 * `unknown(<n>)` for a role number the ABI does not name (a later contract version's).
 */
export const roleHolders = onchainTable("role_holders", (t) => ({
  role: t.text().primaryKey(),
  holder: t.hex().notNull(),
  by: t.hex().notNull(),
  block: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
  /** The party admin's proposed successor until they accept (PartyAdminProposed); else null. */
  pendingHolder: t.hex(),
  pendingBlock: t.bigint(),
}));

/** The proxy's history: every new implementation (Upgraded) and every initializer run (Initialized). */
export const upgrades = onchainTable("upgrades", (t) => ({
  /** `${blockNumber}-${logIndex}`. */
  id: t.text().primaryKey(),
  kind: upgradeKind("kind").notNull(),
  /** The new implementation (upgraded), else null. */
  implementation: t.hex(),
  /** The initialized version (initialized), else null. */
  version: t.bigint(),
  block: t.bigint().notNull(),
  logIndex: t.integer().notNull(),
  timestamp: t.bigint().notNull(),
  txHash: t.hex().notNull(),
}));

export const evaluations = onchainTable(
  "evaluations",
  (t) => ({
    id: t.bigint().primaryKey(),
    chapterId: t.bigint().notNull(),
    hashCode: t.integer().notNull(),
    hashSize: t.integer().notNull(),
    hashDigest: t.hex().notNull(),
    /** The content identifier as a CID string (CIDv0 for sha2-256, else CIDv1 base32). */
    cid: t.text().notNull(),
    voteCount: t.integer().notNull(),
    scoreSum: t.integer().notNull(),
    partyExecutiveScore: t.integer(),
    partyExecutiveScoredBy: t.hex(),
    mintedBy: t.hex().notNull(),
    block: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({ chapterIdx: index().on(table.chapterId, table.id) }),
);

export const votes = onchainTable(
  "votes",
  (t) => ({
    evaluationId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    score: t.integer().notNull(),
    block: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.evaluationId, table.voter] }),
    voterIdx: index().on(table.voter, table.block),
    histogramIdx: index().on(table.evaluationId, table.score),
  }),
);

export const infoMessages = onchainTable(
  "info_messages",
  (t) => ({
    id: t.bigint().primaryKey(),
    eventName: t.text().notNull(),
    infoType: t.integer().notNull(),
    hashCode: t.integer().notNull(),
    hashSize: t.integer().notNull(),
    hashDigest: t.hex().notNull(),
    cid: t.text().notNull(),
    sender: t.hex().notNull(),
    block: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    eventNameIdx: index().on(table.eventName, table.id),
    infoTypeIdx: index().on(table.infoType, table.id),
  }),
);

/** One row per contract event, for history and audit views. */
export const activity = onchainTable(
  "activity",
  (t) => ({
    /** `${blockNumber}-${logIndex}`: unique, and ordered like the chain when padded (see sortKey). */
    id: t.text().primaryKey(),
    /** blockNumber * 2^20 + logIndex: a single ordered key for cursor paging. */
    sortKey: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    kind: t.text().notNull(),
    actor: t.hex(),
    subject: t.hex(),
    chapterId: t.bigint(),
    evaluationId: t.bigint(),
  }),
  (table) => ({
    sortIdx: index().on(table.sortKey),
    chapterIdx: index().on(table.chapterId, table.sortKey),
    actorIdx: index().on(table.actor, table.sortKey),
    subjectIdx: index().on(table.subject, table.sortKey),
  }),
);

/**
 * Party-wide totals in one row (id 1), so the party page never counts large tables. The row is
 * created by the Party:setup handler before the first event (all counts 0, lastEvent null).
 */
export const partyTotals = onchainTable("party_totals", (t) => ({
  id: t.integer().primaryKey(),
  chapterCount: t.integer().notNull(),
  memberCount: t.integer().notNull(),
  partyMemberCount: t.integer().notNull(),
  pendingApplicationCount: t.integer().notNull(),
  evaluationCount: t.integer().notNull(),
  voteCount: t.integer().notNull(),
  infoCount: t.integer().notNull(),
  /**
   * The last event applied: `<block hash>:<log index>`; null before the first event. It identifies
   * the whole indexed history (the block hash commits to every earlier block), so it changes with
   * every event and after every reorg; the web server's page cache (server/page-cache.ts) uses it
   * as the read model's version.
   */
  lastEvent: t.text(),
  /**
   * The last bundle (a transaction to the EntryPoint, `<block hash>:<tx hash>`) whose user
   * operations are recorded: the "already seen" marker that spares a bundle's further party events
   * another receipt. Kept here, in the store, so that it rolls back with the rows it stands for
   * when Ponder retries or reorgs a block.
   */
  lastBundle: t.text(),
}));

/**
 * ERC-4337 user operations (EntryPoint v0.7 UserOperationEvent) in transactions that carry a
 * party event: the operations of our members' smart accounts, so the app can tell when a user
 * operation it registered (app.pending_operations) has reached the read model. Written by the
 * party handlers once per transaction from its receipt (src/lib/record-user-operations.ts);
 * the EntryPoint as a whole is not indexed (it is busy on Polygon).
 */
export const userOperations = onchainTable(
  "user_operations",
  (t) => ({
    userOpHash: t.hex().primaryKey(),
    sender: t.hex().notNull(),
    /** null when the operation had no paymaster. */
    paymaster: t.hex(),
    nonce: t.bigint().notNull(),
    success: t.boolean().notNull(),
    /** The revert data the EntryPoint logged (UserOperationRevertReason) when success is false. */
    revertReason: t.hex(),
    actualGasCost: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    senderIdx: index().on(table.sender, table.blockNumber),
  }),
);
