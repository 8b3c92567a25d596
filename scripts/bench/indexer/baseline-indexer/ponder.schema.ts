/** Ponder needs at least one table; the baseline's handlers never write to it. */
import { onchainTable } from "ponder";

export const noop = onchainTable("noop", (t) => ({
  id: t.text().primaryKey(),
}));
