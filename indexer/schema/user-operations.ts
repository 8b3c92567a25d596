import { index, onchainTable } from "ponder";

/**
 * ERC-4337 user operations (EntryPoint v0.7 UserOperationEvent) in transactions that carry a
 * party event or a change of an account's owners: the operations of our members' smart accounts,
 * so the app can tell when a user operation it registered (app.pending_operations) has reached the
 * read model. Written by those handlers once per transaction from its receipt (src/lib/record-user-operations.ts);
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
