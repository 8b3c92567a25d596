/**
 * Pending operations: the user operations members sent, kept on the server by user-operation
 * hash (app.pending_operations) so that they survive a reload and everyone sees them, with their
 * lifecycle status advanced lazily whenever one is read, and persisted.
 *
 * Status rules (see app/wallet/lifecycle.ts for the client's side):
 *
 *   signed    registered by POST /api/operations; no receipt yet.
 *   included  the operation is in a block with success = true: the bundler has its receipt
 *             (eth_getUserOperationReceipt) or the indexer's user_operations table has its row.
 *   indexed   the read model has it: user_operations has the hash and the party event rows of its
 *             transaction exist (activity rows with that transaction hash in that block).
 *   final     indexed, and its block is finalized: at or below the chain's `finalized` block, or
 *             (local chain only) at least FINAL_CONFIRMATIONS = 3 blocks deep (its own block and
 *             two more). Anvil's `finalized` tag trails the head by 64 blocks (an imitation of
 *             Ethereum's two epochs, unrelated to Polygon), so locally the depth rule decides; on
 *             Polygon the `finalized` tag follows Heimdall milestones (seconds) and alone decides.
 *   failed    the receipt says success = false: "Transaction reverted: <Name>" (the revert data
 *             the EntryPoint logged, decoded against the party and wallet ABIs); or the operation
 *             in the block is not the registered one (another sender, or a callData without the
 *             registered calls); or replaced by another operation (POST with `replaces`); or
 *             dropped (still no receipt after DROP_AFTER_MS and the bundler does not know it).
 *
 * Statuses only move forward. The sources are read only while they can still change something:
 * the read model first (one indexed query), the bundler only while no receipt is known, the chain
 * head only once indexed.
 *
 * Trust: the subject is always computed here from the registered operation and args (operations
 * registry). Whether the user operation really is that operation is checked against the
 * bundler's copy at registration when it has one (alto, and ERC-4337 bundlers generally, only
 * return included operations from eth_getUserOperationByHash), else when it is found in a block
 * (the sender from the receipt, the callData from the bundle transaction's handleOps input). An
 * unchecked registration is shown as pending by pendingOperationsFor for at most
 * UNVERIFIED_WINDOW_MINUTES.
 *
 * This module works on the app's own table; it also reads the indexer's user_operations (by
 * primary key) and activity (by sort key) through the views schema. It does not go through
 * read-model.server: GET answers must not depend on a read model that is not there yet (an older
 * indexer build without user_operations simply means "not indexed yet").
 */
import { sql, type SQL } from "drizzle-orm";
import { createPublicClient, decodeFunctionData, getAddress, http, type Address, type Hex, type PublicClient } from "viem";
import {
  createBundlerClient,
  entryPoint07Abi,
  UserOperationReceiptNotFoundError,
  type BundlerClient,
  type UserOperationReceipt,
} from "viem/account-abstraction";
import { z } from "zod";
import { partyDeployment } from "../../abis/deployments";
import { db } from "../../db/client";
import { READ_MODEL_SCHEMA } from "../../db/schema";
import { isOperationName, operationNames, operations, subjectJson } from "../calls";
import { address } from "../calls/fields";
import { inputIssue } from "../calls/operation";
import { env } from "../utils/env.server";
import {
  isTerminal,
  OPERATION_STATUSES,
  revertMessage,
  STATUS_RANK,
  type OperationRecord,
  type OperationStatus,
} from "../wallet/lifecycle";
import { rpcConfigFromEnv } from "./rpc-proxy.server";

export type { OperationRecord, OperationStatus };

/** Local chain: final once the block has this many confirmations (its own block counts as one). */
export const FINAL_CONFIRMATIONS = 3;
/** A signed operation with no receipt after this long, unknown to the bundler, is dropped (failed). */
export const DROP_AFTER_MS = 10 * 60_000;
/** pendingOperationsFor ignores operations registered longer ago than this (never polled to an end). */
export const PENDING_WINDOW_MINUTES = 15;
/** ...and registrations not yet checked against the bundler or a block after this long. */
export const UNVERIFIED_WINDOW_MINUTES = 5;
/** At most this many operations per list. */
export const LIST_LIMIT = 50;

const V = sql.identifier(READ_MODEL_SCHEMA);
const PENDING: OperationStatus[] = ["signed", "included", "indexed"];

// ------------------------------------------------------------------------------------------
// Outside services: the bundler and the chain
// ------------------------------------------------------------------------------------------

type Services = { bundler?: BundlerClient; chain: PublicClient; key: string };
let services: Services | undefined;

function outside(): Services {
  const e = env();
  const config = rpcConfigFromEnv(e);
  const route = "error" in config ? undefined : config.route("eth_getUserOperationReceipt");
  const bundlerUrl = route?.type === "forward" ? route.upstream.url : undefined;
  const key = `${bundlerUrl} ${e.CHAIN_RPC_URL}`;
  if (services?.key === key) return services;
  // A person (or the page's poll) waits on these: fail fast, the next read tries again.
  const chain = createPublicClient({ transport: http(e.CHAIN_RPC_URL, { timeout: 3000, retryCount: 0 }) });
  const bundler = bundlerUrl ? createBundlerClient({ transport: http(bundlerUrl, { timeout: 3000, retryCount: 0 }) }) : undefined;
  services = { bundler, chain, key };
  return services;
}

async function bundlerReceipt(hash: Hex): Promise<UserOperationReceipt | undefined> {
  const { bundler } = outside();
  if (!bundler) return undefined;
  try {
    return await bundler.getUserOperationReceipt({ hash });
  } catch (error) {
    if (!(error instanceof UserOperationReceiptNotFoundError)) console.warn(`operations: bundler receipt for ${hash}: ${shortError(error)}`);
    return undefined;
  }
}

const shortError = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error)).slice(0, 200);

// ------------------------------------------------------------------------------------------
// Database helpers
// ------------------------------------------------------------------------------------------

/** Socket errors and Postgres codes that mean "the database is not reachable now". */
const UNAVAILABLE = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EPIPE|08...|57P0[123]|53300|3D000)$/;

function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string") return e.code;
  }
  if (error instanceof Error && /timeout|Connection terminated/i.test(error.message)) return "ETIMEDOUT";
  return undefined;
}

/** Runs a query; an unreachable database becomes a thrown 503 Response (as read-model.server does). */
async function query<T>(q: SQL): Promise<T[]> {
  try {
    return (await db().execute(q)).rows as T[];
  } catch (error) {
    if (UNAVAILABLE.test(errorCode(error) ?? "")) {
      // The same words as read-model.server: one outage, one message, whichever query fails first.
      throw new Response("The database is not reachable right now. This page will work again once it is back.", { status: 503 });
    }
    throw error;
  }
}

/** The read model has no such table yet (the views point at an older indexer build). */
const isMissingTable = (error: unknown) => errorCode(error) === "42P01";

type Row = {
  userOpHash: Hex;
  sender: Address;
  operation: string;
  subject: OperationRecord["subject"];
  status: OperationStatus;
  transactionHash: Hex | null;
  blockNumber: string | null;
  error: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** The registered calls, [{ to, data }] (null for rows from before migration 0003). */
  calls: { to: Address; data: Hex }[] | null;
  verifiedAt: Date | string | null;
};

const COLUMNS = sql.raw(`user_op_hash as "userOpHash", sender, operation, subject, status, transaction_hash as "transactionHash",
  block_number::text as "blockNumber", error, created_at as "createdAt", updated_at as "updatedAt", calls, verified_at as "verifiedAt"`);

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toRecord(row: Row): OperationRecord {
  return {
    userOpHash: row.userOpHash,
    sender: row.sender,
    operation: row.operation,
    subject: row.subject,
    status: row.status,
    transactionHash: row.transactionHash,
    blockNumber: row.blockNumber === null ? null : Number(row.blockNumber),
    error: row.error,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

async function findRow(hash: Hex): Promise<Row | undefined> {
  const [row] = await query<Row>(sql`select ${COLUMNS} from app.pending_operations where user_op_hash = ${hash}`);
  return row;
}

// ------------------------------------------------------------------------------------------
// Registering an operation: POST /api/operations
// ------------------------------------------------------------------------------------------

const hash32 = (name: string) =>
  z.unknown().transform((value, ctx): Hex => {
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "is required" });
      return z.NEVER;
    }
    if (typeof value !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(value.trim())) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a ${name} (0x followed by 64 hex digits)` });
      return z.NEVER;
    }
    return value.trim().toLowerCase() as Hex;
  });

const registerBody = z.object(
  {
    userOpHash: hash32("user operation hash"),
    sender: address,
    operation: z.unknown().transform((value, ctx): string => {
      if (typeof value === "string" && isOperationName(value)) return value;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: value === undefined || value === null || value === "" ? "is required" : `must be one of ${operationNames.join(", ")}`,
      });
      return z.NEVER;
    }),
    args: z.record(z.unknown(), { invalid_type_error: "must be an object" }).default({}),
    /** The hash of an earlier operation this one replaces (same sender, same nonce, fees × 1.1). */
    replaces: hash32("user operation hash").optional(),
  },
  { invalid_type_error: "must be a JSON object: { userOpHash, sender, operation, args }" },
);

export type RegisterResult =
  | { ok: true; created: boolean; record: OperationRecord }
  | { ok: false; status: 400 | 409; message: string; field?: string };

/** What the bundler says about an operation; undefined when it does not know it (yet). */
type BundledOperation = { sender: Address; callData: Hex };

async function bundledOperation(hash: Hex): Promise<BundledOperation | undefined | "unavailable"> {
  const { bundler } = outside();
  if (!bundler) return "unavailable";
  try {
    const found = await bundler.request({ method: "eth_getUserOperationByHash", params: [hash] });
    if (!found) return undefined;
    return { sender: getAddress(found.userOperation.sender), callData: found.userOperation.callData };
  } catch (error) {
    console.warn(`operations: bundler lookup of ${hash}: ${shortError(error)}`);
    return "unavailable";
  }
}

/** Whether the operation's callData carries each call: its target (as an ABI word) and its exact data. */
export function carriesCalls(callData: Hex, calls: readonly { to: Address; data: Hex }[]): boolean {
  const haystack = callData.toLowerCase();
  return calls.every(
    ({ to, data }) => haystack.includes(to.slice(2).toLowerCase().padStart(64, "0")) && haystack.includes(data.slice(2).toLowerCase()),
  );
}

/**
 * Validates and stores a signed operation (status signed). The subject is recomputed from
 * `operation` and `args` with the registry. When the bundler already has the operation (it was
 * included), its sender must be `sender` and its callData must carry the calls the registry
 * builds from `args` (400 naming the field otherwise); when it does not have it yet, that check
 * happens once the operation is found in a block. Idempotent: the same hash again answers the
 * stored record (created: false); the same hash with other contents is a 409.
 */
export async function registerOperation(body: unknown): Promise<RegisterResult> {
  const parsed = registerBody.safeParse(body);
  if (!parsed.success) {
    const issue = inputIssue(parsed.error, []);
    return issue.field
      ? { ok: false, status: 400, ...issue }
      : { ok: false, status: 400, message: `The body ${parsed.error.issues[0]!.message}` };
  }
  const { userOpHash, sender, operation, args, replaces } = parsed.data;
  if (!isOperationName(operation)) throw new Error("unreachable: operation validated above");
  const prepared = operations[operation].prepare(partyDeployment().address, args);
  if (!prepared.ok) return { ok: false, status: 400, message: prepared.message, field: prepared.field };
  const subject = subjectJson(prepared.subject);
  const calls = prepared.calls.map(({ to, data }) => ({ to, data }));

  const same = (row: Row) =>
    row.sender === sender && row.operation === operation && JSON.stringify(sortKeys(row.subject)) === JSON.stringify(sortKeys(subject));
  const existing = await findRow(userOpHash);
  if (existing) {
    if (!same(existing)) return { ok: false, status: 409, field: "userOpHash", message: "userOpHash: already registered for another operation" };
    return { ok: true, created: false, record: toRecord(existing) };
  }

  const bundled = await bundledOperation(userOpHash);
  let verified = false;
  if (bundled && bundled !== "unavailable") {
    if (bundled.sender !== sender) return { ok: false, status: 400, field: "sender", message: `sender: the user operation's sender is ${bundled.sender}` };
    if (!carriesCalls(bundled.callData, calls)) {
      return { ok: false, status: 400, field: "args", message: `args: the user operation does not make the ${operation} call these args describe` };
    }
    verified = true;
  }

  const [inserted] = await query<Row>(sql`
    insert into app.pending_operations (user_op_hash, sender, operation, subject, status, calls, verified_at)
    values (${userOpHash}, ${sender}, ${operation}, ${JSON.stringify(subject)}::jsonb, 'signed', ${JSON.stringify(calls)}::jsonb,
            ${verified ? sql`now()` : sql`null`})
    on conflict (user_op_hash) do nothing
    returning ${COLUMNS}`);
  if (replaces && replaces !== userOpHash) {
    await query(sql`
      update app.pending_operations set status = 'failed', error = ${`Replaced by ${userOpHash}`}, updated_at = now()
      where user_op_hash = ${replaces} and sender = ${sender} and status = 'signed'`);
  }
  if (inserted) return { ok: true, created: true, record: toRecord(inserted) };
  // Registered concurrently by another request.
  const raced = await findRow(userOpHash);
  if (raced && same(raced)) return { ok: true, created: false, record: toRecord(raced) };
  return { ok: false, status: 409, field: "userOpHash", message: "userOpHash: already registered for another operation" };
}

function sortKeys(value: object): object {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}

// ------------------------------------------------------------------------------------------
// Advancing the status
// ------------------------------------------------------------------------------------------

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
  mismatch?: string;
  /** The bundler no longer knows a long-unanswered operation. */
  dropped?: boolean;
  /** The chain, once the operation is indexed. */
  chain?: { head: bigint; finalized: bigint | null };
  /** FINAL_CONFIRMATIONS locally; undefined where only the `finalized` tag counts. */
  confirmations?: number;
};

export type StatusState = Pick<OperationRecord, "status" | "transactionHash" | "error"> & { blockNumber: bigint | null };

/** The next state from the current one and the facts (pure; statuses only move forward). */
export function nextStatus(current: StatusState, facts: StatusFacts): StatusState {
  if (isTerminal(current.status)) return current;
  const source = facts.indexed
    ? { transactionHash: facts.indexed.txHash, blockNumber: facts.indexed.blockNumber, success: facts.indexed.success, reason: facts.indexed.revertReason }
    : facts.receipt ?? (current.transactionHash && current.blockNumber !== null
        ? { transactionHash: current.transactionHash, blockNumber: current.blockNumber, success: true, reason: null }
        : undefined);
  if (!source) {
    if (facts.dropped) return { ...current, status: "failed", error: "Dropped: the bundler no longer has this user operation and it was never included" };
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

async function readModelOperation(hash: Hex): Promise<IndexedOperation | undefined> {
  try {
    const [row] = await query<{ sender: Address; nonce: string; txHash: Hex; blockNumber: string; success: boolean; revertReason: Hex | null; hasEvents: boolean }>(sql`
      select u.sender, u.nonce::text as nonce, u.tx_hash as "txHash", u.block_number::text as "blockNumber", u.success, u.revert_reason as "revertReason",
        exists (
          select 1 from ${V}.activity a
          where a.sort_key >= u.block_number * 1048576 and a.sort_key < (u.block_number + 1) * 1048576 and a.tx_hash = u.tx_hash
        ) as "hasEvents"
      from ${V}.user_operations u
      where u.user_op_hash = ${hash}`);
    return row && { ...row, sender: getAddress(row.sender), nonce: BigInt(row.nonce), blockNumber: BigInt(row.blockNumber) };
  } catch (error) {
    if (isMissingTable(error)) return undefined;
    throw error;
  }
}

async function chainFacts(): Promise<StatusFacts["chain"]> {
  const { chain } = outside();
  const local = env().PARTY_ENV === "local";
  try {
    const [head, finalized] = await Promise.all([
      chain.getBlockNumber({ cacheTime: 0 }),
      local ? Promise.resolve(null) : chain.getBlock({ blockTag: "finalized" }).then((block) => block.number),
    ]);
    return { head, finalized };
  } catch (error) {
    console.warn(`operations: chain head: ${shortError(error)}`);
    return undefined;
  }
}

/**
 * Whether the operation `sender` sent with `nonce` in the bundle transaction `txHash` carries the
 * registered calls: the transaction's handleOps input, decoded. Undefined when the chain does
 * not answer (the check is tried again on the next read).
 */
async function bundleCarriesCalls(txHash: Hex, sender: Address, nonce: bigint, calls: { to: Address; data: Hex }[]): Promise<boolean | undefined> {
  const { chain } = outside();
  let input: Hex;
  try {
    input = (await chain.getTransaction({ hash: txHash })).input;
  } catch (error) {
    console.warn(`operations: bundle transaction ${txHash}: ${shortError(error)}`);
    return undefined;
  }
  try {
    const { functionName, args } = decodeFunctionData({ abi: entryPoint07Abi, data: input });
    if (functionName !== "handleOps") return false;
    const op = args[0].find((o) => getAddress(o.sender) === sender && o.nonce === nonce);
    return op !== undefined && carriesCalls(op.callData, calls);
  } catch {
    // Not a plain handleOps call (an aggregator or a bundler's own contract): the receipt's sender check stands alone.
    return true;
  }
}

/** Reads what can still change the row's status, and persists the next status. */
async function advance(row: Row): Promise<Row> {
  if (isTerminal(row.status)) return row;
  const facts: StatusFacts = { confirmations: env().PARTY_ENV === "local" ? FINAL_CONFIRMATIONS : undefined };
  facts.indexed = await readModelOperation(row.userOpHash);
  let found: { sender: Address; nonce: bigint; txHash: Hex } | undefined = facts.indexed;
  if (!facts.indexed && row.transactionHash === null) {
    const receipt = await bundlerReceipt(row.userOpHash);
    if (receipt) {
      facts.receipt = {
        transactionHash: receipt.receipt.transactionHash,
        blockNumber: receipt.receipt.blockNumber,
        success: receipt.success,
        reason: receipt.reason ?? null,
      };
      found = { sender: getAddress(receipt.sender), nonce: BigInt(receipt.nonce), txHash: receipt.receipt.transactionHash };
    } else if (Date.now() - new Date(row.createdAt).getTime() > DROP_AFTER_MS) {
      facts.dropped = (await bundledOperation(row.userOpHash)) === undefined;
    }
  }
  // First sight in a block of an operation not checked at registration: is it the registered one?
  let verify = false;
  if (found && row.verifiedAt === null) {
    if (found.sender !== row.sender) {
      facts.mismatch = `Not the registered operation: its sender is ${found.sender}`;
    } else if (row.calls) {
      const carries = await bundleCarriesCalls(found.txHash, found.sender, found.nonce, row.calls);
      if (carries === undefined) return row;
      if (!carries) facts.mismatch = `Not the registered operation: it does not make the ${row.operation} call`;
    }
    verify = facts.mismatch === undefined;
  }
  if (facts.indexed?.success && facts.indexed.hasEvents && !facts.mismatch) facts.chain = await chainFacts();

  const current: StatusState = {
    status: row.status,
    transactionHash: row.transactionHash,
    blockNumber: row.blockNumber === null ? null : BigInt(row.blockNumber),
    error: row.error,
  };
  const next = nextStatus(current, facts);
  if (!verify && next.status === current.status && next.transactionHash === current.transactionHash && next.blockNumber === current.blockNumber) {
    return row;
  }
  const [updated] = await query<Row>(sql`
    update app.pending_operations
    set status = ${next.status}, transaction_hash = ${next.transactionHash}, block_number = ${next.blockNumber === null ? null : next.blockNumber.toString()},
        error = ${next.error}, updated_at = now(), verified_at = ${verify ? sql`now()` : sql`verified_at`}
    where user_op_hash = ${row.userOpHash} and status = ${row.status}
    returning ${COLUMNS}`);
  // Another request advanced it meanwhile: theirs is at least as far.
  return updated ?? (await findRow(row.userOpHash)) ?? row;
}

/** The operation with its status brought up to date (persisted), or undefined for an unknown hash. */
export async function getOperation(hash: Hex): Promise<OperationRecord | undefined> {
  const row = await findRow(hash.toLowerCase() as Hex);
  return row && toRecord(await advance(row));
}

// ------------------------------------------------------------------------------------------
// Lists
// ------------------------------------------------------------------------------------------

export type SubjectFilter = { chapterId?: bigint; account?: Address; evaluationId?: bigint };

/**
 * The pending (not final, not failed) operations of `sender`, newest first, each brought up to
 * date first (those that reach final or failed on the way are left out). With subject fields,
 * only operations about all of them.
 */
export async function listPendingOperations({ sender, ...subject }: { sender: Address } & SubjectFilter): Promise<OperationRecord[]> {
  const about = subjectJson(subject);
  const rows = await query<Row>(sql`
    select ${COLUMNS} from app.pending_operations
    where sender = ${getAddress(sender)} and status in ('signed', 'included', 'indexed')
      ${Object.keys(about).length ? sql`and subject @> ${JSON.stringify(about)}::jsonb` : sql``}
    order by created_at desc
    limit ${LIST_LIMIT}`);
  const advanced = await Promise.all(rows.map(advance));
  return advanced.filter((row) => PENDING.includes(row.status)).map(toRecord);
}

export type PendingOperationsQuery = {
  chapterId?: bigint;
  evaluationId?: bigint;
  /** Operations about this account: subject.account, or one of subject.accounts. */
  account?: Address;
  /** The same for several accounts (e.g. every applicant shown on a chapter page). */
  accounts?: readonly Address[];
  /** Operations this account sent. */
  sender?: Address;
};

/** What a page needs to mark a row: the operation, what it is about, who sent it, where it is. */
export type PendingOperation = Pick<OperationRecord, "userOpHash" | "sender" | "operation" | "subject" | "status" | "createdAt">;

/**
 * For pages: the operations still on their way into the read model that concern ANY of the given
 * chapter, evaluation, account(s) or sender, newest first (at most 100). One query, backed by the
 * partial GIN index on subject and the sender index (db/migrations/0003). "On their way" means
 * status signed or included, registered within the last PENDING_WINDOW_MINUTES (the last
 * UNVERIFIED_WINDOW_MINUTES while not yet checked against the bundler or a block), and not yet in
 * the read model's user_operations: once the indexer has it, the page's own read-model rows show
 * the change, so it is no longer pending there, whether or not anyone polled its status.
 * No criteria: an empty list and no query.
 *
 *   // chapter loader (one query of its budget of three, next to getChapter):
 *   const chapter = await getChapter(id);
 *   const pending = await pendingOperationsFor({ chapterId: id, accounts: chapter.pendingApplications.map((a) => a.account) });
 *   // row of applicant A: pending.find((op) => op.operation === "updateMemberApplicationForChapter" && op.subject.account === A)
 */
export async function pendingOperationsFor(criteria: PendingOperationsQuery): Promise<PendingOperation[]> {
  const withReadModel = pendingOperationsQuery(criteria);
  if (!withReadModel) return [];
  type Pending = Omit<PendingOperation, "createdAt"> & { createdAt: Date | string };
  let rows: Pending[];
  try {
    rows = await query<Pending>(withReadModel);
  } catch (error) {
    // The views still point at an indexer build without user_operations: nothing is indexed yet.
    if (!isMissingTable(error)) throw error;
    rows = await query<Pending>(pendingOperationsQuery(criteria, { readModel: false })!);
  }
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/** pendingOperationsFor's one query (exported for the EXPLAIN test); undefined without criteria. */
export function pendingOperationsQuery(criteria: PendingOperationsQuery, { readModel = true } = {}): SQL | undefined {
  const accounts = [...(criteria.account ? [criteria.account] : []), ...(criteria.accounts ?? [])].map((a) => getAddress(a));
  const conditions: SQL[] = [];
  if (criteria.chapterId !== undefined) conditions.push(sql`p.subject @> ${JSON.stringify({ chapterId: criteria.chapterId.toString() })}::jsonb`);
  if (criteria.evaluationId !== undefined) conditions.push(sql`p.subject @> ${JSON.stringify({ evaluationId: criteria.evaluationId.toString() })}::jsonb`);
  for (const account of new Set(accounts)) {
    conditions.push(sql`p.subject @> ${JSON.stringify({ account })}::jsonb`, sql`p.subject @> ${JSON.stringify({ accounts: [account] })}::jsonb`);
  }
  if (criteria.sender) conditions.push(sql`p.sender = ${getAddress(criteria.sender)}`);
  if (conditions.length === 0) return undefined;
  return sql`
    select p.user_op_hash as "userOpHash", p.sender, p.operation, p.subject, p.status, p.created_at as "createdAt"
    from app.pending_operations p
    where p.status in ('signed', 'included')
      and p.created_at > now() - make_interval(mins => ${PENDING_WINDOW_MINUTES})
      and (p.verified_at is not null or p.created_at > now() - make_interval(mins => ${UNVERIFIED_WINDOW_MINUTES}))
      and (${sql.join(conditions, sql` or `)})
      ${readModel ? sql`and not exists (select 1 from ${V}.user_operations u where u.user_op_hash = p.user_op_hash)` : sql``}
    order by p.created_at desc
    limit 100`;
}

export { OPERATION_STATUSES };
