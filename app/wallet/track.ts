/**
 * Following the server's view of an operation (GET /api/operations/:hash, which the browser
 * registered with POST /api/operations right after sending) through signed → included →
 * indexed → final, so the page can say "pending" until the read model shows the change.
 */
import type { Hex } from "viem";
import { STATUS_RANK, type OperationStatus } from "../ground/operation-statuses";
import type { OperationRecord } from "../utils/operation-status";
import { revertMessage } from "../calls/revert";
import { notFinal, unknownOperation } from "../utils/operation-messages";
import { WalletActionError } from "./errors";
import { realSleep, type LifecycleEvent, type OnStatus, type Sleep } from "./lifecycle";

export class OperationNotFoundError extends WalletActionError {
  override name = "OperationNotFoundError";
  constructor(readonly userOpHash: Hex) {
    super(unknownOperation(userOpHash));
  }
}

export class OperationTrackingTimeoutError extends WalletActionError {
  override name = "OperationTrackingTimeoutError";
  constructor(
    readonly userOpHash: Hex,
    readonly lastStatus: OperationStatus | undefined,
  ) {
    super(notFinal(userOpHash, lastStatus ?? "none"));
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
  if (status === "failed") {
    // The server's message: its English beside its key, said in the page's language.
    const error = record.error ? { text: record.error.message, said: { key: record.error.key, values: record.error.values } } : revertMessage(undefined);
    return { status, userOpHash, error, transactionHash, blockNumber };
  }
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
