/**
 * The wallet's errors. Each carries what a page shows (`shown`): a message said in the page's
 * language, or an outside text as it came. The controller, which every page loads after hydration,
 * uses these; describe-error.ts turns SDK errors into what to show.
 */
import { message, type Message } from "../i18n/message";
import type { SpecText } from "../i18n/spec-texts";

/** SPEC 8: no wallet account when an operation needs one ("Account not available"). */
export const ACCOUNT_NOT_AVAILABLE: Message = message("wallet.accountNotAvailable");

/** A message's key and values, for logs and the Error's `message` (a page never shows this). */
const logged = ({ key, values }: Message): string => (values ? `${key} ${JSON.stringify(values, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))}` : key);

/**
 * A failure the UI shows: a message of ours (a revert, a lifecycle failure), the server's answer
 * (its English `text` and, when it gave one, its keyed message `said`), or an outside text as is.
 */
export class WalletActionError extends Error {
  override name = "WalletActionError";
  readonly said?: Message;
  /** Whether `message` is a text to show (a server's English, an outside text) rather than the log form of `said`. */
  private readonly textShown: boolean;
  constructor(shown: string | Message, said?: Message) {
    super(typeof shown === "string" ? shown : logged(shown));
    this.textShown = typeof shown === "string";
    this.said = typeof shown === "string" ? said : shown;
  }

  /** What a page shows (app/i18n/spec-texts.ts). */
  get shown(): SpecText {
    if (!this.said) return this.message;
    return this.textShown ? { text: this.message, said: this.said } : this.said;
  }
}

export class AccountNotAvailableError extends WalletActionError {
  override name = "AccountNotAvailableError";
  constructor() {
    super("Account not available", ACCOUNT_NOT_AVAILABLE);
  }
}
