/**
 * What the wallet and the write forms show, said in the page's language at the last moment. Every
 * failure the product makes itself travels as a message `{ key, values }` from where it starts (a
 * revert decoded once by app/calls/revert.ts, a lifecycle failure of app/utils/operation-messages.ts,
 * a server's refusal) to here; nothing is turned into words earlier and read back. SPEC 8's fixed
 * texts are messages too ("Transaction reverted: {{name}}", "Account not available",
 * "Error sending command: {{message}} ({{status}})"), whose English is exactly the specification's.
 * Only text from outside (an SDK's own message) arrives as a string, and is shown as it came.
 */
import type { TFunction } from "i18next";
import { interpolation, type Message } from "./message";

/** The key of SPEC 8's "Transaction reverted: {error name}" (`values.name`); the messages' `revert.<name>` explains it. */
export const REVERTED = "wallet.reverted";

/** A server's message with its key (`{ message, key, values }`): the English `text`, and the keyed message it is made from. */
export type KeyedText = { text: string; said: Message };
/** A failed command with the server's keyed message: SPEC 8's English `text`, the server's `english` message, its key and values, the status. */
export type CommandAlert = KeyedText & { english: string; status: number };
/** What a page shows: a message, a server's keyed message with its English, a failed command, or an outside text as it came. */
export type SpecText = string | Message | KeyedText | CommandAlert;

/** A server's keyed message in the page's language; its `english` when this page's messages lack the key (a newer server). */
export const sayServerMessage = (t: TFunction, said: Message, english: string): string =>
  t(said.key, { ...interpolation(said.values), defaultValue: english });

/** The message a shown text carries, if any. */
export const saidIn = (shown: SpecText): Message | undefined => (typeof shown === "string" ? undefined : "said" in shown ? shown.said : shown);

/** What a page shows for anything thrown: what the error says it shows (the wallet's errors, app/wallet/errors.ts), else its text. */
export function shownOf(error: unknown): SpecText {
  const shown = typeof error === "object" && error !== null ? (error as { shown?: SpecText }).shown : undefined;
  return shown ?? (error instanceof Error ? error.message : String(error));
}

export function localizeSpecText(shown: SpecText, t: TFunction): string {
  if (typeof shown === "string") return shown;
  if (!("said" in shown)) return t(shown.key, interpolation(shown.values));
  if (!("status" in shown)) return sayServerMessage(t, shown.said, shown.text);
  return t("wallet.commandError", { message: sayServerMessage(t, shown.said, shown.english), status: shown.status });
}

/**
 * The plain sentence under a "Transaction reverted: {name}", so a member knows why without
 * reading Solidity (the messages' `revert.<name>`, the one line a new contract error needs in each
 * language); undefined for other texts and unknown names.
 */
export function explainError(shown: SpecText, t: TFunction): string | undefined {
  const said = saidIn(shown);
  const name = said?.key === REVERTED ? said.values?.name : undefined;
  // The error's arguments are values of its sentence too ("{{sender}}").
  return name === undefined ? undefined : t(`revert.${String(name)}`, { ...interpolation(said!.values), defaultValue: "" }) || undefined;
}
