/** The contract's own administration: who holds each role, and the proxy's upgrades. */
import { onchainEnum, onchainTable } from "ponder";

export const upgradeKind = onchainEnum("upgrade_kind", ["upgraded", "initialized"]);

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
