/**
 * One write, end to end in the browser (the actions return unsigned call data; the client signs
 * and bundles):
 *
 *   POST /api/calls/:operation { from, args }  → 422: "Transaction reverted: <Name>" (its message, said in the page's language)
 *   wallet.sendCalls(calls)                    → userOpHash (one batched user operation)
 *   POST /api/operations { userOpHash, userOperation, ... } → proven, the server follows it for everyone
 *   trackOperation(GET /api/operations/:hash)  → signed, included, indexed, final (or failed)
 *
 * If the server cannot register the operation (it cannot prove it, or its bundler is down), the
 * bundler's receipt is awaited instead: the operation went out either way, only "indexed" is not known.
 */
import type { Address, Hex } from "viem";
import type { OperationName } from "../calls";
import { callRequestBody } from "../calls/request";
import { WalletActionError } from "./errors";
import type { Call } from "../calls/types";
import { revertMessage } from "../calls/revert";
import { serverAnswered } from "../utils/operation-messages";
import { message, saidOf } from "../i18n/message";
import type { SpecText } from "../i18n/spec-texts";
import type { LifecycleEvent } from "./lifecycle";
import { trackOperation } from "./track";
import type { Wallet } from "./types";

/** Before the lifecycle starts: asking the server for the calls, then the passkey for a signature. */
export type OperationProgress = { status: "preparing" } | { status: "signing" } | LifecycleEvent;

export type RunOperationParameters = {
  wallet: Wallet;
  from: Address;
  operation: OperationName;
  args: Record<string, unknown>;
  onProgress: (progress: OperationProgress) => void;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
};

type CallsAnswer = { calls?: { to: Address; data: Hex; value: string }[]; message?: string; error?: string; key?: string; values?: unknown };

/** Runs the operation; resolves when it is final (or only included, see above), rejects with the text to show. */
export async function runOperation({ wallet, from, operation, args, onProgress, fetch = globalThis.fetch, signal }: RunOperationParameters): Promise<void> {
  // The click, for the server's analytics (time from click to indexed).
  const clickedAt = Date.now();
  onProgress({ status: "preparing" });
  const response = await fetch(`/api/calls/${operation}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: callRequestBody({ from, args }),
    signal,
  });
  const answer = (await response.json().catch(() => ({}))) as CallsAnswer;
  // 422 carries SPEC 8's "Transaction reverted: <Name>"; 400 names the field; 503 says the chain is down.
  // The 422, 503 and 429 carry their message's key (said in the page's language).
  if (!response.ok || !answer.calls) throw new WalletActionError(answer.message ?? serverAnswered(response.status), saidOf(answer));
  const calls: Call[] = answer.calls.map(({ to, data, value }) => ({ to, data, value: BigInt(value) }));
  if (calls.length === 0) throw new WalletActionError(message("wallet.nothingToSend"));

  onProgress({ status: "signing" });
  const userOpHash = await wallet.sendCalls(calls);

  // Registered before "signed" is shown: from then on a reload (or anyone) sees it pending.
  const registered = await fetch("/api/operations", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(
      // The signed operation proves it to the server while it is not in a block yet.
      { userOpHash, sender: from, operation, args, userOperation: wallet.signedUserOperation?.(userOpHash), clickedAt },
      (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
    ),
    signal,
  }).catch(() => undefined);
  onProgress({ status: "signed", userOpHash });

  if (registered?.ok) {
    let failed: SpecText | undefined;
    await trackOperation({
      hash: userOpHash,
      signal,
      onStatus: (event) => {
        // "signed" was reported above, the moment the bundler took it.
        if (event.status !== "signed") onProgress(event);
        if (event.status === "failed") failed = event.error;
      },
    });
    if (failed) throw failedError(failed);
    return;
  }
  const receipt = await wallet.waitForReceipt(userOpHash, (event) => {
    // Included and failed are reported below, from the receipt that ends the wait.
    if (event.status === "stuck" || event.status === "replaced") onProgress(event);
  });
  const at = { userOpHash, transactionHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber) };
  if (!receipt.success) {
    const error = revertMessage(receipt.reason);
    onProgress({ status: "failed", error, ...at });
    throw failedError(error);
  }
  onProgress({ status: "included", ...at });
}

/** The failure a page was told about, as the error the write rejects with (it shows the same). */
const failedError = (failed: SpecText): WalletActionError =>
  typeof failed === "string" ? new WalletActionError(failed) : "said" in failed ? new WalletActionError(failed.text, failed.said) : new WalletActionError(failed);
