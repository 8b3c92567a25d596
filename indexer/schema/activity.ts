/** What every handler writes: an activity row per event, and the party-wide totals. */
import { index, onchainTable } from "ponder";

/** One row per contract event, for history and audit views. */
export const activity = onchainTable(
  "activity",
  (t) => ({
    /** `${blockNumber}-${logIndex}`: unique, and ordered like the chain when padded (see sortKey). */
    id: t.text().primaryKey(),
    /** blockNumber * 2^20 + logIndex: a single ordered key for cursor paging. */
    sortKey: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    /** The block's hash: the web server checks that the last block it saw is still indexed (no reorg). */
    blockHash: t.hex().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    kind: t.text().notNull(),
    actor: t.hex(),
    subject: t.hex(),
    chapterId: t.bigint(),
    evaluationId: t.bigint(),
    /** The info message an InfoSent row is about (its title shows in activity lists and the notice). */
    infoId: t.bigint(),
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
