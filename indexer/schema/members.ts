/** Members, their applications to chapters and the recommendations those receive. */
import { index, onchainEnum, onchainTable } from "ponder";
import { MEMBER_STATUSES } from "../../app/ground/format";

export const memberStatus = onchainEnum("member_status", [...MEMBER_STATUSES]);
export const applicationStatus = onchainEnum("application_status", ["applied", "approved", "rejected"]);

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
