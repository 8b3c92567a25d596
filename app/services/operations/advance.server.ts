/**
 * Advancing a registered operation's status (app/utils/operation-status.ts has the rules): read
 * what can still change it, lazily, whenever the operation is read, and persist the next status.
 * The sources are read only while they can still change something: the read model first (one
 * query by primary key), the bundler only while no receipt is known, the chain head only once
 * indexed. GET answers never depend on a read model that is not there yet: an indexer build
 * without user_operations simply means "not indexed yet".
 *
 * What the bundler and the chain said is kept for FACTS_TTL_MS, per hash (the chain head for all),
 * and requests asking while a call is in flight share it: the wallet polls every 500 ms, a page
 * follows every pending operation it shows, so a thousand polls of one operation within a second
 * make one upstream call. A status may therefore show up to a second late.
 */
import { sql } from "drizzle-orm";
import { getAddress, type Address, type Hex } from "viem";
import { isMissingTable, rows, views } from "../../../db/query.server";
import { subjectJson } from "../../calls";
import { env } from "../../ground/env.server";
import { notRegistered } from "../../utils/operation-messages";
import { FINAL_CONFIRMATIONS, isTerminal } from "../../ground/operation-statuses";
import {
  nextStatus,
  type IndexedOperation,
  type OperationRecord,
  type StatusFacts,
  type StatusState,
} from "../../utils/operation-status";
import { shortLived } from "../../utils/short-lived";
import { bundledOperation, bundlerReceipt } from "../bundler.server";
import { chainClient, shortError } from "../chain.server";
import { endsOperation, trackOutcome } from "./outcome.server";
import { COLUMNS, findRow, storedError, toRecord, type Row } from "./records.server";

/** A signed operation with no receipt after this long, unknown to the bundler, is dropped (failed). */
export const DROP_AFTER_MS = 10 * 60_000;
/** At most this many operations per list. */
export const LIST_LIMIT = 50;
/** How long the bundler's and the chain's answers are kept (see the module comment). */
export const FACTS_TTL_MS = 1000;

const receipts = shortLived<Hex, Awaited<ReturnType<typeof bundlerReceipt>>>({ ttlMs: FACTS_TTL_MS });
const bundled = shortLived<Hex, Awaited<ReturnType<typeof bundledOperation>>>({ ttlMs: FACTS_TTL_MS });
const heads = shortLived<"head", StatusFacts["chain"]>({ ttlMs: FACTS_TTL_MS });

async function readModelOperation(hash: Hex): Promise<IndexedOperation | undefined> {
  type Indexed = { sender: Address; nonce: string; txHash: Hex; blockNumber: string; success: boolean; revertReason: Hex | null; hasEvents: boolean };
  try {
    const [row] = await rows<Indexed>(
      sql`
      select u.sender, u.nonce::text as nonce, u.tx_hash as "txHash", u.block_number::text as "blockNumber", u.success, u.revert_reason as "revertReason",
        exists (
          select 1 from ${views}.activity a
          where a.sort_key >= u.block_number * 1048576 and a.sort_key < (u.block_number + 1) * 1048576 and a.tx_hash = u.tx_hash
        ) as "hasEvents"
      from ${views}.user_operations u
      where u.user_op_hash = ${hash}`,
      { missingTable: "throw" },
    );
    return row && { ...row, sender: getAddress(row.sender), nonce: BigInt(row.nonce), blockNumber: BigInt(row.blockNumber) };
  } catch (error) {
    if (isMissingTable(error)) return undefined;
    throw error;
  }
}

async function chainFacts(): Promise<StatusFacts["chain"]> {
  const local = env().PARTY_ENV === "local";
  try {
    const [head, finalized] = await Promise.all([
      chainClient().getBlockNumber({ cacheTime: 0 }),
      local ? Promise.resolve(null) : chainClient().getBlock({ blockTag: "finalized" }).then((block) => block.number),
    ]);
    return { head, finalized };
  } catch (error) {
    console.warn(`operations: chain head: ${shortError(error)}`);
    return undefined;
  }
}

/** Reads what can still change the row's status, and persists the next status. */
async function advance(row: Row): Promise<Row> {
  if (isTerminal(row.status)) return row;
  const facts: StatusFacts = { confirmations: env().PARTY_ENV === "local" ? FINAL_CONFIRMATIONS : undefined };
  facts.indexed = await readModelOperation(row.userOpHash);
  let found: { sender: Address } | undefined = facts.indexed;
  if (!facts.indexed && row.transactionHash === null) {
    const receipt = await receipts.get(row.userOpHash, () => bundlerReceipt(row.userOpHash));
    if (receipt) {
      facts.receipt = {
        transactionHash: receipt.receipt.transactionHash,
        blockNumber: receipt.receipt.blockNumber,
        success: receipt.success,
        reason: receipt.reason ?? null,
      };
      found = { sender: getAddress(receipt.sender) };
    } else if (Date.now() - new Date(row.createdAt).getTime() > DROP_AFTER_MS) {
      facts.dropped = (await bundled.get(row.userOpHash, () => bundledOperation(row.userOpHash))) === undefined;
    }
  }
  // Registration proved the hash's sender (proof.server.ts); the block has the last word.
  if (found && found.sender !== row.sender) facts.mismatch = notRegistered(found.sender);
  if (facts.indexed?.success && facts.indexed.hasEvents && !facts.mismatch) facts.chain = await heads.get("head", chainFacts);

  const current: StatusState = {
    status: row.status,
    transactionHash: row.transactionHash,
    blockNumber: row.blockNumber === null ? null : BigInt(row.blockNumber),
    error: row.error,
  };
  const next = nextStatus(current, facts);
  if (next.status === current.status && next.transactionHash === current.transactionHash && next.blockNumber === current.blockNumber) {
    return row;
  }
  const [updated] = await rows<Row>(sql`
    update app.pending_operations
    set status = ${next.status}, transaction_hash = ${next.transactionHash}, block_number = ${next.blockNumber === null ? null : next.blockNumber.toString()},
        error = ${storedError(next.error)}::jsonb, updated_at = now()
    where user_op_hash = ${row.userOpHash} and status = ${row.status}
    returning ${COLUMNS}`);
  // Only the request whose UPDATE won sees the row, so the end is reported once however many poll.
  if (updated && endsOperation(row.status, updated.status)) trackOutcome(updated);
  // Another request advanced it meanwhile: theirs is at least as far.
  return updated ?? (await findRow(row.userOpHash)) ?? row;
}

/** The operation with its status brought up to date (persisted), or undefined for an unknown hash. */
export async function getOperation(hash: Hex): Promise<OperationRecord | undefined> {
  const row = await findRow(hash.toLowerCase() as Hex);
  return row && toRecord(await advance(row));
}

export type SubjectFilter = { chapterId?: bigint; account?: Address; evaluationId?: bigint };

/**
 * The pending (not final, not failed) operations of `sender`, newest first, each brought up to
 * date first (those that reach final or failed on the way are left out). With subject fields,
 * only operations about all of them.
 */
export async function listPendingOperations({ sender, ...subject }: { sender: Address } & SubjectFilter): Promise<OperationRecord[]> {
  const about = subjectJson(subject);
  const found = await rows<Row>(sql`
    select ${COLUMNS} from app.pending_operations
    where sender = ${getAddress(sender)} and status in ('signed', 'included', 'indexed')
      ${Object.keys(about).length ? sql`and subject @> ${JSON.stringify(about)}::jsonb` : sql``}
    order by created_at desc
    limit ${LIST_LIMIT}`);
  const advanced = await Promise.all(found.map(advance));
  return advanced.filter((row) => !isTerminal(row.status)).map(toRecord);
}
