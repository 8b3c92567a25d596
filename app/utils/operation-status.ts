/**
 * Where a user operation is on its way into the read model: the status machine the server
 * (app/services/operations/) and the browser (app/wallet/track.ts) share, over the statuses named
 * in app/ground/operation-statuses.ts. This is the one description of them.
 *
 *   signed ──► included ──► indexed ──► final
 *      │          │
 *      └──────────┴──► failed
 *
 *   signed    registered by POST /api/operations; no receipt yet.
 *   included  in a block with success = true: the bundler has its receipt
 *             (eth_getUserOperationReceipt) or the indexer's user_operations table has its row.
 *   indexed   the read model has it: user_operations has the hash and the party event rows of its
 *             transaction exist (activity rows with that transaction hash in that block).
 *   final     indexed, and its block is finalized: at or below the chain's `finalized` block, or
 *             (local chain only) at least FINAL_CONFIRMATIONS = 3 blocks deep (its own block and
 *             two more). Anvil's `finalized` tag trails the head by 64 blocks (an imitation of
 *             Ethereum's two epochs, unrelated to Polygon), so locally the depth rule decides; on
 *             Polygon the `finalized` tag follows Heimdall milestones (seconds) and alone decides.
 *   failed    the receipt says success = false: "Transaction reverted: <Name>" (the revert data
 *             the EntryPoint logged, decoded once by app/calls/revert.ts into a message); or the operation in the block
 *             is not the registered one (another sender, or a callData without the registered
 *             calls); or replaced by another operation (POST with `replaces`); or dropped (still no
 *             receipt after DROP_AFTER_MS and the bundler does not know it).
 *
 * Statuses only move forward; `nextStatus` is the whole rule, pure, and the server persists what
 * it returns.
 */
import type { Address, Hex } from "viem";
import { revertMessage } from "../calls/revert";
import type { subjectJson } from "../calls/types";
import type { Message, MessageAnswer } from "../i18n/message";
import { dropped } from "./operation-messages";
import { isTerminal, STATUS_RANK, type OperationStatus } from "../ground/operation-statuses";

/** What GET /api/operations/:hash answers (and each item of GET /api/operations). */
export type OperationRecord = {
  userOpHash: Hex;
  sender: Address;
  operation: string;
  /** What it is about (the registry's subject as stored): ids as decimal strings, accounts checksummed. */
  subject: ReturnType<typeof subjectJson>;
  status: OperationStatus;
  transactionHash: Hex | null;
  blockNumber: number | null;
  /** Why it failed: its English `message` ("Transaction reverted: NotAMember"), and the key and values a page says it by; else null. */
  error: MessageAnswer | null;
  createdAt: string;
  updatedAt: string;
};

/** The indexer's row for the operation, and whether the party event rows of its transaction exist. */
export type IndexedOperation = {
  sender: Address;
  nonce: bigint;
  txHash: Hex;
  blockNumber: bigint;
  success: boolean;
  revertReason: Hex | null;
  hasEvents: boolean;
};

/** Everything the next status depends on. */
export type StatusFacts = {
  /** From the read model (user_operations), when it has the hash. */
  indexed?: IndexedOperation;
  /** From the bundler, when it has a receipt. */
  receipt?: { transactionHash: Hex; blockNumber: bigint; success: boolean; reason?: string | null };
  /** The operation found in the block is not the registered one: why. */
  mismatch?: Message;
  /** The bundler no longer knows a long-unanswered operation. */
  dropped?: boolean;
  /** The chain, once the operation is indexed. */
  chain?: { head: bigint; finalized: bigint | null };
  /** FINAL_CONFIRMATIONS locally; undefined where only the `finalized` tag counts. */
  confirmations?: number;
};

/** Where an operation is, as the server stores it: `error` is the message itself (app.pending_operations.error, jsonb). */
export type StatusState = Pick<OperationRecord, "status" | "transactionHash"> & { blockNumber: bigint | null; error: Message | null };

/** The next state from the current one and the facts (pure; statuses only move forward). */
export function nextStatus(current: StatusState, facts: StatusFacts): StatusState {
  if (isTerminal(current.status)) return current;
  const source = facts.indexed
    ? { transactionHash: facts.indexed.txHash, blockNumber: facts.indexed.blockNumber, success: facts.indexed.success, reason: facts.indexed.revertReason }
    : facts.receipt ?? (current.transactionHash && current.blockNumber !== null
        ? { transactionHash: current.transactionHash, blockNumber: current.blockNumber, success: true, reason: null }
        : undefined);
  if (!source) {
    if (facts.dropped) return { ...current, status: "failed", error: dropped() };
    return current;
  }
  const at = { transactionHash: source.transactionHash, blockNumber: source.blockNumber };
  if (facts.mismatch) return { ...at, status: "failed", error: facts.mismatch };
  if (!source.success) return { ...at, status: "failed", error: revertMessage(source.reason) };
  let status: OperationStatus = "included";
  if (facts.indexed?.success && facts.indexed.hasEvents) {
    status = "indexed";
    const chain = facts.chain;
    if (chain) {
      const deep = facts.confirmations !== undefined && chain.head - source.blockNumber + 1n >= BigInt(facts.confirmations);
      const finalized = chain.finalized !== null && source.blockNumber <= chain.finalized;
      if (deep || finalized) status = "final";
    }
  }
  if (STATUS_RANK[status] < STATUS_RANK[current.status]) status = current.status;
  return { ...at, status, error: null };
}
