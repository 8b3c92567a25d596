/**
 * Anything a wallet action threw, as what a person reads: SPEC 8's "Transaction reverted: {name}"
 * when a contract error can be found in it, a plain word for a closed passkey prompt, the wallet's
 * own errors as they say, else the SDK's short message (an outside text, shown as it came).
 */
import { WalletActionError } from "./errors";
import { decodeRevert, revertMessage } from "../calls/revert";
import { message } from "../i18n/message";
import type { SpecText } from "../i18n/spec-texts";

type ErrorLike = { name?: unknown; message?: unknown; shortMessage?: unknown; details?: unknown; data?: unknown; cause?: unknown };

const known = (data: string | undefined) => decodeRevert(data).name !== "Unknown";

/** What to show for anything a wallet action threw. */
export function describeWalletError(error: unknown): SpecText {
  if (error instanceof WalletActionError) return error.shown;
  const chain: ErrorLike[] = [];
  for (let e = error as ErrorLike | undefined; e && typeof e === "object" && chain.length < 10; e = e.cause as ErrorLike | undefined) chain.push(e);

  // A contract error anywhere in the chain: revert data on the error, or in the bundler's text.
  for (const e of chain) {
    const data = typeof e.data === "string" ? e.data : typeof (e.data as { data?: unknown })?.data === "string" ? (e.data as { data: string }).data : undefined;
    if (known(data)) return revertMessage(data);
  }
  for (const e of chain) {
    for (const text of [e.details, e.message]) {
      if (typeof text !== "string") continue;
      for (const [data] of text.matchAll(/0x[0-9a-fA-F]{8,}/g)) if (known(data)) return revertMessage(data);
    }
  }
  // WebAuthn: the person closed the prompt, or it timed out (browsers do not say which).
  if (chain.some((e) => e.name === "NotAllowedError" || (typeof e.message === "string" && /NotAllowedError|not allowed|timed out/i.test(e.message)))) {
    return message("wallet.promptClosed");
  }
  const first = chain[0];
  const text = typeof first?.shortMessage === "string" ? first.shortMessage : typeof first?.message === "string" ? first.message : String(error);
  return text.split("\n")[0]!.slice(0, 300);
}
