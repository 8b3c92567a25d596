/**
 * Waiting for the bundler's receipt on SPEC 9's schedule: one immediate try, then 5 retries
 * after 2000, 3000, 4500, 6750 and 10125 ms (base 2000 ms, ×1.5 each time), each wait plus up to
 * 100 ms of random jitter. No receipt by then: the operation is stuck ({@link UserOperationStuckError}).
 */
import type { Hex } from "viem";
import { UserOperationReceiptNotFoundError, type UserOperationReceipt } from "viem/account-abstraction";
import { revertMessage } from "../calls/revert";
import { realSleep, type LifecycleEvent, type OnStatus, type Sleep } from "./lifecycle";
import { stuck } from "../utils/operation-messages";
import { WalletActionError } from "./errors";

/** SPEC 9, "Receipt polling: 5 retries, 2000 ms base interval, 1.5 multiplier, plus up to 100 ms random jitter". */
export const RECEIPT_POLLING = { retries: 5, intervalMs: 2000, multiplier: 1.5, jitterMs: 100 } as const;

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
export class UserOperationStuckError extends WalletActionError {
  override name = "UserOperationStuckError";
  constructor(
    readonly userOpHash: Hex,
    readonly waitedMs: number,
  ) {
    super(stuck(userOpHash, waitedMs));
  }
}

/** What waiting needs from a bundler client (viem's BundlerClient has it). */
export type ReceiptSource = {
  getUserOperationReceipt(parameters: { hash: Hex }): Promise<UserOperationReceipt>;
};

export type PollUserOperationReceiptParameters = {
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

export async function receiptOf(bundlerClient: ReceiptSource, hash: Hex): Promise<UserOperationReceipt | undefined> {
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
export async function pollUserOperationReceipt({
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
}: PollUserOperationReceiptParameters): Promise<UserOperationReceipt> {
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
