/**
 * The wallet's errors (SPEC 8 texts where it gives one). No imports: the controller, which every
 * page loads after hydration, uses these; describe-error.ts turns SDK errors into text.
 */

/** SPEC 8: no wallet account when an operation needs one. */
export const ACCOUNT_NOT_AVAILABLE = "Account not available";

export class AccountNotAvailableError extends Error {
  override name = "AccountNotAvailableError";
  constructor() {
    super(ACCOUNT_NOT_AVAILABLE);
  }
}

/** A failure the UI shows as it is (the server's 4xx message, the SPEC 8 revert text, ...). */
export class WalletActionError extends Error {
  override name = "WalletActionError";
}

