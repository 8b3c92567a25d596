/** Evaluations of chapters and the votes on them. */
import { index, onchainTable, primaryKey } from "ponder";
import { contentIdColumns } from "./columns";

export const evaluations = onchainTable(
  "evaluations",
  (t) => ({
    id: t.bigint().primaryKey(),
    chapterId: t.bigint().notNull(),
    ...contentIdColumns(t),
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
