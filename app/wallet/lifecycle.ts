/**
 * The life of one user operation after the passkey signed it, as the client follows it. Pure
 * TypeScript on viem: runs in the browser and in Node, and every clock, sleep, random source and
 * fetch is injectable, so tests drive it with fakes.
 *
 *   signed ──► included ──► indexed ──► final
 *      │          │
 *      │          └──► failed          (the receipt says success = false: "Transaction reverted: <Name>")
 *      └──► stuck ──► replaced         (no receipt after the SPEC's polling: re-sent with fees × 1.1)
 *
 * - {@link waitForUserOperationReceipt}: asks the bundler for the receipt on the SPEC 9 schedule:
 *   one immediate try, then 5 retries after 2000, 3000, 4500, 6750 and 10125 ms (base 2000 ms,
 *   ×1.5 each time), each wait plus up to 100 ms of random jitter. No receipt by then: the
 *   operation is stuck ({@link UserOperationStuckError}).
 * - {@link replaceUserOperation}: re-sends the same calls with the same nonce and maxFeePerGas and
 *   maxPriorityFeePerGas raised by 10 % (×1.1, rounded up; SPEC 9), which a bundler accepts as a
 *   replacement of the stuck one. {@link waitForReceiptOrReplace} puts the two together.
 * - {@link trackOperation}: follows the server's view (GET /api/operations/:hash, which the client
 *   registered with POST /api/operations right after sending) through signed → included →
 *   indexed → final, so the page can say "pending" until the read model shows the change.
 */
import { decodeErrorResult, type Address, type Hex } from "viem";
import { UserOperationReceiptNotFoundError, type UserOperationReceipt } from "viem/account-abstraction";
import { partyAbi } from "../../abis/party";
import { partyAccountAbi } from "../../abis/party-account";
import type { subjectJson } from "../calls/types";

// ------------------------------------------------------------------------------------------
// Constants (SPEC 9) and shared types
// ------------------------------------------------------------------------------------------

/** SPEC 9, "Receipt polling: 5 retries, 2000 ms base interval, 1.5 multiplier, plus up to 100 ms random jitter". */
export const RECEIPT_POLLING = { retries: 5, intervalMs: 2000, multiplier: 1.5, jitterMs: 100 } as const;

/** SPEC 9, "Replacement user operation: fees must rise by 10 percent (factor 1.1)", as a fraction for bigint fees. */
export const REPLACEMENT_FEE_FACTOR = { numerator: 11n, denominator: 10n } as const;

/** Where the server has an operation: signed → included → indexed → final, or failed. */
export type OperationStatus = "signed" | "included" | "indexed" | "final" | "failed";

export const OPERATION_STATUSES: readonly OperationStatus[] = ["signed", "included", "indexed", "final", "failed"];

/** The order of the statuses on the way to final (failed ends it from any of them). */
export const STATUS_RANK: Record<OperationStatus, number> = { signed: 0, included: 1, indexed: 2, final: 3, failed: 3 };

export const isTerminal = (status: OperationStatus) => status === "final" || status === "failed";

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
  /** Why it failed ("Transaction reverted: NotAMember"), else null. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Everything the lifecycle tells the page, in the order it happens. */
export type LifecycleEvent =
  | { status: "signed"; userOpHash: Hex }
  | { status: "included"; userOpHash: Hex; transactionHash: Hex | null; blockNumber: number | null }
  | { status: "indexed"; userOpHash: Hex; transactionHash: Hex | null; blockNumber: number | null }
  | { status: "final"; userOpHash: Hex; transactionHash: Hex | null; blockNumber: number | null }
  | { status: "failed"; userOpHash: Hex; error: string; transactionHash: Hex | null; blockNumber: number | null }
  /** No receipt after the whole polling schedule. */
  | { status: "stuck"; userOpHash: Hex; waitedMs: number }
  /** Re-sent with higher fees: follow `replacement` from now on (and register it with the server). */
  | { status: "replaced"; userOpHash: Hex; replacement: Hex; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export type OnStatus = (event: LifecycleEvent) => void;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout as a promise, abortable. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

// ------------------------------------------------------------------------------------------
// Revert reasons
// ------------------------------------------------------------------------------------------

/**
 * The contract error's name in revert data: the party contract's errors (they bubble up through
 * the account's execute), then the wallet's; "Unknown" when it decodes as neither.
 */
export function revertErrorName(data: string | null | undefined): string {
  if (!data || !/^0x[0-9a-fA-F]{8}/.test(data)) return "Unknown";
  for (const abi of [partyAbi, partyAccountAbi]) {
    try {
      const { abiItem } = decodeErrorResult({ abi, data: data as Hex });
      // Error(string) and Panic(uint256) decode against any ABI; they are not the contracts' own.
      if (abi.some((item) => item.type === "error" && item.name === abiItem.name)) return abiItem.name;
    } catch {
      // Not one of this ABI's errors.
    }
  }
  return "Unknown";
}

/** SPEC 8: "Transaction reverted: {error name}". */
export const revertMessage = (data: string | null | undefined) => `Transaction reverted: ${revertErrorName(data)}`;

// ------------------------------------------------------------------------------------------
// Receipt polling
// ------------------------------------------------------------------------------------------

export type PollingSchedule = { retries?: number; intervalMs?: number; multiplier?: number };

/** The waits before each retry, without jitter: [2000, 3000, 4500, 6750, 10125] for the SPEC values. */
export function receiptPollDelays({
  retries = RECEIPT_POLLING.retries,
  intervalMs = RECEIPT_POLLING.intervalMs,
  multiplier = RECEIPT_POLLING.multiplier,
}: PollingSchedule = {}): number[] {
  return Array.from({ length: retries }, (_, i) => Math.round(intervalMs * multiplier ** i));
}

/** No receipt for the operation after the whole polling schedule. */
export class UserOperationStuckError extends Error {
  override name = "UserOperationStuckError";
  constructor(
    readonly userOpHash: Hex,
    readonly waitedMs: number,
  ) {
    super(`User operation ${userOpHash} has no receipt after ${waitedMs} ms: it is stuck`);
  }
}

/** What waiting needs from a bundler client (viem's BundlerClient has it). */
export type ReceiptSource = {
  getUserOperationReceipt(parameters: { hash: Hex }): Promise<UserOperationReceipt>;
};

export type WaitForUserOperationReceiptParameters = {
  bundlerClient: ReceiptSource;
  /** The operation's hash. */
  hash: Hex;
  /** Earlier hashes of the same operation (replaced ones): a receipt for any of them ends the wait too. */
  previousHashes?: readonly Hex[];
  retries?: number;
  intervalMs?: number;
  multiplier?: number;
  /** Each wait gets a random extra of 0 to jitterMs milliseconds. */
  jitterMs?: number;
  onStatus?: OnStatus;
  sleep?: Sleep;
  /** Math.random by default: [0, 1). */
  random?: () => number;
  signal?: AbortSignal;
};

async function receiptOf(bundlerClient: ReceiptSource, hash: Hex): Promise<UserOperationReceipt | undefined> {
  try {
    return await bundlerClient.getUserOperationReceipt({ hash });
  } catch (error) {
    // Not there yet; a bundler that does not answer counts as "not yet" too (the attempt is spent).
    if (error instanceof UserOperationReceiptNotFoundError) return undefined;
    return undefined;
  }
}

/** The lifecycle event for a receipt: included, or failed with the decoded revert reason. */
export function receiptEvent(receipt: UserOperationReceipt): LifecycleEvent {
  const transactionHash = receipt.receipt.transactionHash;
  const blockNumber = Number(receipt.receipt.blockNumber);
  if (receipt.success) return { status: "included", userOpHash: receipt.userOpHash, transactionHash, blockNumber };
  return { status: "failed", userOpHash: receipt.userOpHash, error: revertMessage(receipt.reason), transactionHash, blockNumber };
}

/**
 * Polls the bundler for the receipt: once at once, then after each wait of the schedule. Returns
 * the receipt (check `success`; onStatus has said included or failed), or throws
 * {@link UserOperationStuckError} after the last retry (onStatus says stuck).
 */
export async function waitForUserOperationReceipt({
  bundlerClient,
  hash,
  previousHashes = [],
  retries = RECEIPT_POLLING.retries,
  intervalMs = RECEIPT_POLLING.intervalMs,
  multiplier = RECEIPT_POLLING.multiplier,
  jitterMs = RECEIPT_POLLING.jitterMs,
  onStatus,
  sleep = realSleep,
  random = Math.random,
  signal,
}: WaitForUserOperationReceiptParameters): Promise<UserOperationReceipt> {
  const delays = receiptPollDelays({ retries, intervalMs, multiplier });
  const hashes = [hash, ...previousHashes];
  let waitedMs = 0;
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    for (const candidate of hashes) {
      const receipt = await receiptOf(bundlerClient, candidate);
      if (receipt) {
        onStatus?.(receiptEvent(receipt));
        return receipt;
      }
    }
    if (attempt === delays.length) break;
    const wait = delays[attempt]! + Math.round(random() * jitterMs);
    await sleep(wait, signal);
    waitedMs += wait;
  }
  onStatus?.({ status: "stuck", userOpHash: hash, waitedMs });
  throw new UserOperationStuckError(hash, waitedMs);
}

// ------------------------------------------------------------------------------------------
// Replacement
// ------------------------------------------------------------------------------------------

/** A fee raised by the SPEC's factor 1.1, rounded up to the next wei. */
export function bumpFee(fee: bigint): bigint {
  const { numerator, denominator } = REPLACEMENT_FEE_FACTOR;
  return (fee * numerator + denominator - 1n) / denominator;
}

export type OperationCall = { to: Address; data: Hex; value?: bigint };

/** What was sent: the calls, and the nonce and fees the operation was signed with. */
export type SentOperation = {
  calls: readonly OperationCall[];
  nonce: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
};

/** The request a replacement sends (viem's `bundlerClient.sendUserOperation` takes it, with `account`). */
export type ReplacementRequest = SentOperation;

/** Sends a user operation: e.g. `(request) => bundlerClient.sendUserOperation({ account, ...request })`. */
export type SendUserOperation = (request: ReplacementRequest) => Promise<Hex>;

/**
 * Re-sends a stuck operation: the same calls and nonce, maxFeePerGas and maxPriorityFeePerGas
 * × 1.1 rounded up. The account signs again (one more passkey prompt). Returns the new hash and
 * what was sent (for a further replacement).
 */
export async function replaceUserOperation({
  sendUserOperation,
  sent,
}: {
  sendUserOperation: SendUserOperation;
  sent: SentOperation;
}): Promise<{ hash: Hex; sent: SentOperation }> {
  const replacement: SentOperation = {
    calls: sent.calls,
    nonce: sent.nonce,
    maxFeePerGas: bumpFee(sent.maxFeePerGas),
    maxPriorityFeePerGas: bumpFee(sent.maxPriorityFeePerGas),
  };
  const hash = await sendUserOperation(replacement);
  return { hash, sent: replacement };
}

/** The bundler refused a replacement because the operation is already in a bundle it sent. */
export function isAlreadyBeingProcessed(error: unknown): boolean {
  return error instanceof Error && /already being processed/i.test(error.message);
}

export type WaitForReceiptOrReplaceParameters = Omit<WaitForUserOperationReceiptParameters, "previousHashes"> & {
  sendUserOperation: SendUserOperation;
  /** What `hash` was sent with. */
  sent: SentOperation;
  /** How many times a stuck operation is replaced before giving up; 1 by default. */
  maxReplacements?: number;
};

/**
 * Waits for the receipt; when the operation is stuck, replaces it (onStatus says replaced, with
 * the new hash) and waits again, for the new hash and the old ones (whichever lands). A bundler
 * that refuses the replacement because it already sent the operation in a bundle (and resubmits
 * that bundle itself) is waited for again instead. Returns the receipt and the hash that got it;
 * throws UserOperationStuckError when still stuck after `maxReplacements` attempts.
 */
export async function waitForReceiptOrReplace({
  sendUserOperation,
  sent,
  maxReplacements = 1,
  hash,
  onStatus,
  ...polling
}: WaitForReceiptOrReplaceParameters): Promise<{ receipt: UserOperationReceipt; hash: Hex }> {
  const previous: Hex[] = [];
  let current = { hash, sent };
  for (let replacements = 0; ; replacements++) {
    try {
      const receipt = await waitForUserOperationReceipt({ ...polling, hash: current.hash, previousHashes: previous, onStatus });
      return { receipt, hash: receipt.userOpHash };
    } catch (error) {
      if (!(error instanceof UserOperationStuckError) || replacements >= maxReplacements) throw error;
    }
    let next: { hash: Hex; sent: SentOperation };
    try {
      next = await replaceUserOperation({ sendUserOperation, sent: current.sent });
    } catch (error) {
      // The stuck one may have landed meanwhile (the bundler then refuses the nonce): look once more.
      for (const candidate of [current.hash, ...previous]) {
        const receipt = await receiptOf(polling.bundlerClient, candidate);
        if (receipt) {
          onStatus?.(receiptEvent(receipt));
          return { receipt, hash: candidate };
        }
      }
      // The bundler has already put it into a bundle transaction, which it resubmits with higher
      // gas itself (alto: "AA25 invalid account nonce: Another UserOperation with same sender and
      // nonce is already being processed"): wait again for the same operation.
      if (isAlreadyBeingProcessed(error)) continue;
      throw error;
    }
    onStatus?.({
      status: "replaced",
      userOpHash: current.hash,
      replacement: next.hash,
      maxFeePerGas: next.sent.maxFeePerGas,
      maxPriorityFeePerGas: next.sent.maxPriorityFeePerGas,
    });
    previous.unshift(current.hash);
    current = next;
  }
}

// ------------------------------------------------------------------------------------------
// Following the server's view
// ------------------------------------------------------------------------------------------

export class OperationNotFoundError extends Error {
  override name = "OperationNotFoundError";
  constructor(readonly userOpHash: Hex) {
    super(`The server does not know user operation ${userOpHash} (was it registered with POST /api/operations?)`);
  }
}

export class OperationTrackingTimeoutError extends Error {
  override name = "OperationTrackingTimeoutError";
  constructor(
    readonly userOpHash: Hex,
    readonly lastStatus: OperationStatus | undefined,
  ) {
    super(`User operation ${userOpHash} did not reach final in time (last status: ${lastStatus ?? "none"})`);
  }
}

export type TrackOperationParameters = {
  hash: Hex;
  /** Prefix of the API ("" in the browser: same origin). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Poll interval until indexed; 500 ms by default. */
  intervalMs?: number;
  /** After indexed (waiting for final), the interval grows ×1.5 up to this; 5000 ms by default. */
  maxIntervalMs?: number;
  /** Give up after this long; 10 minutes by default. */
  timeoutMs?: number;
  onStatus?: OnStatus;
  sleep?: Sleep;
  now?: () => number;
  signal?: AbortSignal;
};

const PROGRESS: readonly ("signed" | "included" | "indexed" | "final")[] = ["signed", "included", "indexed", "final"];

function eventFor(record: OperationRecord, status: OperationStatus): LifecycleEvent {
  const { userOpHash, transactionHash, blockNumber } = record;
  if (status === "signed") return { status, userOpHash };
  if (status === "failed") return { status, userOpHash, error: record.error ?? "Transaction reverted: Unknown", transactionHash, blockNumber };
  return { status, userOpHash, transactionHash, blockNumber };
}

/**
 * Polls GET /api/operations/:hash until the operation is final or failed, reporting every status
 * on the way exactly once and in order (signed, included, indexed, final; a status the server
 * skipped between two polls is reported too). Returns the last record. Network errors and 5xx
 * answers are retried at the next poll; 404 throws {@link OperationNotFoundError}.
 */
export async function trackOperation({
  hash,
  baseUrl = "",
  fetch: fetchFn = globalThis.fetch,
  intervalMs = 500,
  maxIntervalMs = 5000,
  timeoutMs = 10 * 60_000,
  onStatus,
  sleep = realSleep,
  now = Date.now,
  signal,
}: TrackOperationParameters): Promise<OperationRecord> {
  const deadline = now() + timeoutMs;
  let reported = -1;
  let last: OperationRecord | undefined;
  let interval = intervalMs;
  for (;;) {
    signal?.throwIfAborted();
    let response: Response | undefined;
    try {
      response = await fetchFn(`${baseUrl}/api/operations/${hash}`, { headers: { accept: "application/json" }, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    if (response?.status === 404) throw new OperationNotFoundError(hash);
    if (response?.ok) {
      const record = (await response.json()) as OperationRecord;
      last = record;
      if (record.status === "failed") {
        // signed first when this is the first answer; a failed operation is never "included".
        if (reported < 0) onStatus?.(eventFor(record, "signed"));
        onStatus?.(eventFor(record, "failed"));
        return record;
      }
      const rank = STATUS_RANK[record.status];
      for (let i = reported + 1; i <= rank; i++) onStatus?.(eventFor(record, PROGRESS[i]!));
      reported = Math.max(reported, rank);
      if (record.status === "final") return record;
      if (record.status === "indexed") interval = Math.min(maxIntervalMs, Math.round(interval * 1.5));
    }
    if (now() >= deadline) throw new OperationTrackingTimeoutError(hash, last?.status);
    await sleep(Math.min(interval, Math.max(0, deadline - now())), signal);
  }
}
