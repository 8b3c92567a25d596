/**
 * Replacing a stuck user operation (SPEC 9): the same calls with the same nonce, maxFeePerGas and
 * maxPriorityFeePerGas raised by 10 % (×1.1, rounded up), which a bundler accepts as a replacement
 * of the one in its mempool. Both wallets' `waitForReceipt` wait through {@link waitForReceiptOrReplace}.
 */
import type { Hex } from "viem";
import type { UserOperationReceipt } from "viem/account-abstraction";
import type { Call } from "../calls/types";
import type { WalletReceipt } from "./types";
import { pollUserOperationReceipt, receiptEvent, receiptOf, UserOperationStuckError, type PollUserOperationReceiptParameters } from "./receipt";

/** SPEC 9, "Replacement user operation: fees must rise by 10 percent (factor 1.1)", as a fraction for bigint fees. */
export const REPLACEMENT_FEE_FACTOR = { numerator: 11n, denominator: 10n } as const;

/** A fee raised by the SPEC's factor 1.1, rounded up to the next wei. */
export function bumpFee(fee: bigint): bigint {
  const { numerator, denominator } = REPLACEMENT_FEE_FACTOR;
  return (fee * numerator + denominator - 1n) / denominator;
}

/** What was sent: the calls, and the nonce and fees the operation was signed with. */
export type SentOperation = {
  calls: readonly Call[];
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

export type WaitForReceiptOrReplaceParameters = Omit<PollUserOperationReceiptParameters, "previousHashes"> & {
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
      const receipt = await pollUserOperationReceipt({ ...polling, hash: current.hash, previousHashes: previous, onStatus });
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

export type WaitForWalletReceiptParameters = Pick<PollUserOperationReceiptParameters, "bundlerClient" | "hash" | "onStatus"> & {
  /** What the wallet sent under `hash` and how to send a replacement; without them (a reload since) it only polls. */
  replace?: { sent: SentOperation; sendUserOperation: SendUserOperation };
};

/** Both wallets' wait: the receipt on SPEC 9's schedule, the operation replaced once with fees × 1.1 when stuck. */
export async function waitForWalletReceipt({ bundlerClient, hash, onStatus, replace }: WaitForWalletReceiptParameters): Promise<WalletReceipt> {
  const receipt = replace
    ? (await waitForReceiptOrReplace({ bundlerClient, hash, onStatus, ...replace })).receipt
    : await pollUserOperationReceipt({ bundlerClient, hash, onStatus });
  return {
    userOpHash: receipt.userOpHash,
    success: receipt.success,
    transactionHash: receipt.receipt.transactionHash,
    blockNumber: receipt.receipt.blockNumber,
    reason: receipt.reason ?? null,
  };
}
