/**
 * The statuses of a user operation on its way into the read model, shared vocabulary of the server
 * and the browser. What each means and how one moves to the next: app/utils/operation-status.ts.
 */

export type OperationStatus = "signed" | "included" | "indexed" | "final" | "failed";

export const OPERATION_STATUSES: readonly OperationStatus[] = ["signed", "included", "indexed", "final", "failed"];

/** The order of the statuses on the way to final (failed ends it from any of them). */
export const STATUS_RANK: Record<OperationStatus, number> = { signed: 0, included: 1, indexed: 2, final: 3, failed: 3 };

export const isTerminal = (status: OperationStatus) => status === "final" || status === "failed";

/** Local chain: final once the block has this many confirmations (its own block counts as one). */
export const FINAL_CONFIRMATIONS = 3;
