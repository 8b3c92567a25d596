/**
 * The life of one user operation after the passkey signed it, as the browser follows it: what it
 * reports to the page. The statuses themselves are app/utils/operation-status.ts (shared with the
 * server); the bundler's receipt is polled by ./receipt.ts (a stuck operation re-sent by
 * ./replace.ts), the server's view followed by ./track.ts. Every clock, sleep, random source and
 * fetch is injectable, so tests drive them with fakes.
 */
import type { Hex } from "viem";
import type { SpecText } from "../i18n/spec-texts";

/** Everything the lifecycle tells the page, in the order it happens. */
export type LifecycleEvent =
  | { status: "signed"; userOpHash: Hex }
  | { status: "included"; userOpHash: Hex; transactionHash: Hex | null; blockNumber: number | null }
  | { status: "indexed"; userOpHash: Hex; transactionHash: Hex | null; blockNumber: number | null }
  | { status: "final"; userOpHash: Hex; transactionHash: Hex | null; blockNumber: number | null }
  /** `error`: why, as a page says it (a revert's message, the server's keyed answer). */
  | { status: "failed"; userOpHash: Hex; error: SpecText; transactionHash: Hex | null; blockNumber: number | null }
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
