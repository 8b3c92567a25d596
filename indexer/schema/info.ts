import { index, onchainTable } from "ponder";
import { contentIdColumns } from "./columns";

/** Info messages the info sender publishes: an event name, a type and a content identifier. */
export const infoMessages = onchainTable(
  "info_messages",
  (t) => ({
    id: t.bigint().primaryKey(),
    eventName: t.text().notNull(),
    infoType: t.integer().notNull(),
    ...contentIdColumns(t),
    sender: t.hex().notNull(),
    block: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    eventNameIdx: index().on(table.eventName, table.id),
    infoTypeIdx: index().on(table.infoType, table.id),
  }),
);
