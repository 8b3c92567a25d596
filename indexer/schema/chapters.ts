import { index, onchainTable } from "ponder";

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
