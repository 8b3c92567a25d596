/** Chapter and party executives, and the history of their promotions and demotions. */
import { index, onchainEnum, onchainTable, primaryKey } from "ponder";
import { executiveTermColumns } from "./columns";

export const executiveAction = onchainEnum("executive_action", ["promoted", "demoted"]);

/** Current chapter executives: one row per (account, chapter) ever promoted. */
export const chapterExecutives = onchainTable(
  "chapter_executives",
  (t) => ({
    account: t.hex().notNull(),
    chapterId: t.bigint().notNull(),
    ...executiveTermColumns(t),
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
    ...executiveTermColumns(t),
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
