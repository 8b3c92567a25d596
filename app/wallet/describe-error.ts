/**
 * Anything a wallet action threw, as the text a person reads: the SPEC 8 revert text when a
 * contract error can be found in it, a plain word for a closed passkey prompt, else the SDK's
 * short message.
 */
import { AccountNotAvailableError, WalletActionError } from "./errors";
import { revertErrorName } from "../calls/revert";
import type { SpecText } from "../i18n/spec-texts";

type ErrorLike = { name?: unknown; message?: unknown; shortMessage?: unknown; details?: unknown; data?: unknown; cause?: unknown };

/** Like {@link describeWalletError}, with the server's keyed message when the failure carries one (said in the page's language). */
export const describeWalletAlert = (error: unknown): SpecText => (error instanceof WalletActionError ? error.shown : describeWalletError(error));

/** The text to show for anything a wallet action threw. */
export function describeWalletError(error: unknown): string {
  if (error instanceof AccountNotAvailableError || error instanceof WalletActionError) return error.message;
  const chain: ErrorLike[] = [];
  for (let e = error as ErrorLike | undefined; e && typeof e === "object" && chain.length < 10; e = e.cause as ErrorLike | undefined) chain.push(e);

  // A contract error anywhere in the chain: revert data on the error, or in the bundler's text.
  for (const e of chain) {
    const data = typeof e.data === "string" ? e.data : typeof (e.data as { data?: unknown })?.data === "string" ? (e.data as { data: string }).data : undefined;
    const name = revertErrorName(data);
    if (name !== "Unknown") return `Transaction reverted: ${name}`;
  }
  for (const e of chain) {
    for (const text of [e.details, e.message]) {
      if (typeof text !== "string") continue;
      for (const [data] of text.matchAll(/0x[0-9a-fA-F]{8,}/g)) {
        const name = revertErrorName(data);
        if (name !== "Unknown") return `Transaction reverted: ${name}`;
      }
    }
  }
  // WebAuthn: the person closed the prompt, or it timed out (browsers do not say which).
  if (chain.some((e) => e.name === "NotAllowedError" || (typeof e.message === "string" && /NotAllowedError|not allowed|timed out/i.test(e.message)))) {
    return "The passkey prompt was closed or timed out";
  }
  const first = chain[0];
  const text = typeof first?.shortMessage === "string" ? first.shortMessage : typeof first?.message === "string" ? first.message : String(error);
  return text.split("\n")[0]!.slice(0, 300);
}
