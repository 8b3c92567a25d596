/**
 * The user_operations rows of a party event's transaction: the EntryPoint's UserOperationEvents,
 * read from the transaction's receipt once per transaction.
 */
import type { Context, Event } from "ponder:registry";
import { partyTotals, userOperations } from "ponder:schema";
import { createPublicClient, http, type TransactionReceipt } from "viem";
import { decodeUserOperations, ENTRY_POINT_07 } from "./user-operations";

const entryPoint = ENTRY_POINT_07.toLowerCase();
/** A client, not a marker: it holds no indexing state. */
let uncachedClient: ReturnType<typeof createPublicClient> | undefined;

/**
 * Records the EntryPoint's UserOperationEvents of the event's transaction, once per transaction.
 * Only a transaction sent to the EntryPoint (a bundle) can carry user operations, so a party
 * transaction from a plain account costs one string comparison and no request. For a bundle, the
 * receipt comes through context.client, which Ponder caches in its sync store (a re-index of the
 * same chain asks the RPC again only when caching is off, as on the local chain). Ponder's own
 * `includeTransactionReceipts` does not help: it keeps receipts without their logs.
 *
 * A bundle's party events come one after another, so party_totals.last_bundle marks the one done
 * and a bundle with 500 party events costs one receipt, not 500. The marker is in the store, not
 * in this module: when Ponder rolls a block back and runs it again, the marker goes back with the
 * rows, and the rows are written again.
 */
export async function recordUserOperations(context: Context, event: Event) {
  if (event.transaction.to?.toLowerCase() !== entryPoint) return;
  const key = `${event.block.hash}:${event.transaction.hash}`;
  const totals = await context.db.find(partyTotals, { id: 1 });
  if (totals?.lastBundle === key) return;

  let receipt: TransactionReceipt = await context.client.getTransactionReceipt({ hash: event.transaction.hash });
  if (receipt.blockHash !== event.block.hash) {
    // Ponder's cache keeps receipts across reorgs: ask the node itself for the one in this block.
    uncachedClient ??= createPublicClient({ transport: http(process.env.PONDER_RPC_URL_137 ?? "http://127.0.0.1:8545") });
    receipt = await uncachedClient.getTransactionReceipt({ hash: event.transaction.hash });
  }
  const rows = decodeUserOperations(receipt.logs).map((operation) => ({
    ...operation,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  }));
  // Do nothing on conflict: after a crash Ponder may replay the rest of a half-flushed transaction.
  if (rows.length > 0) await context.db.insert(userOperations).values(rows).onConflictDoNothing();
  await context.db.update(partyTotals, { id: 1 }).set({ lastBundle: key });
}
