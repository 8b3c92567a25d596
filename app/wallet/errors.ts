/**
 * The wallet's errors (SPEC 8 texts where it gives one). No imports: the controller, which every
 * page loads after hydration, uses these; describe-error.ts turns SDK errors into text.
 */
import type { Message } from "../i18n/message";
import type { SpecText } from "../i18n/spec-texts";

/** SPEC 8: no wallet account when an operation needs one. */
export const ACCOUNT_NOT_AVAILABLE = "Account not available";

export class AccountNotAvailableError extends Error {
  override name = "AccountNotAvailableError";
  constructor() {
    super(ACCOUNT_NOT_AVAILABLE);
  }
}

/** A failure the UI shows as it is (the server's 4xx message, the SPEC 8 revert text, ...); `said`, the server's keyed message when it gave one. */
export class WalletActionError extends Error {
  override name = "WalletActionError";
  constructor(
    message: string,
    readonly said?: Message,
  ) {
    super(message);
  }

  /** What a page shows (app/i18n/spec-texts.ts): the server's keyed message in the page's language when there is one. */
  get shown(): SpecText {
    return this.said ? { text: this.message, said: this.said } : this.message;
  }
}

