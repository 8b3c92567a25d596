/**
 * SPEC 8's texts in the page's language. The wallet, the server and the browser's write code make
 * them in English, the words of the contract with the user ("Transaction reverted: {name}",
 * "Account not available", "Error sending command: {message} ({status})"); a page shows them
 * through `localizeSpecText`, which translates the sentence around the fixed parts and keeps the
 * contract's error name, the server's message and the status exactly as they came. Any other text
 * (an SDK's or the server's own message) is shown as it is. A failed command whose server message
 * has a key (POST /api/command answers `{ message, key, values }`) comes as a {@link CommandAlert},
 * and its message is said in the page's language too; so is any server message with a key
 * ({@link KeyedText}: POST /api/calls' 503 and 429), and the operation lifecycle's own texts
 * (app/utils/operation-texts.ts).
 */
import type { TFunction } from "i18next";
import { lifecycleMessage } from "../utils/operation-texts";
import { interpolation, type Message } from "./message";

/** A server's message with its key (`{ message, key, values }`): the English `text`, and the keyed message it is made from. */
export type KeyedText = { text: string; said: Message };
/** A failed command with the server's keyed message: SPEC 8's English `text`, the server's `english` message, its key and values, the status. */
export type CommandAlert = KeyedText & { english: string; status: number };
/** What the wallet and the write forms show: an English text, a server's keyed message, or a failed command with one. */
export type SpecText = string | KeyedText | CommandAlert;

const REVERTED = /^Transaction reverted: (\w+)$/;
const COMMAND = /^Error sending command: ([\s\S]*) \((\d{3})\)$/;

/** The English texts the wallet makes itself, and their keys. */
const FIXED: Record<string, string> = {
  "Account not available": "wallet.accountNotAvailable",
  "The passkey prompt was closed or timed out": "wallet.promptClosed",
  "Nothing to send": "wallet.nothingToSend",
};

/** A server's keyed message in the page's language; its `english` when this page's messages lack the key (a newer server). */
export const sayServerMessage = (t: TFunction, said: Message, english: string): string =>
  t(said.key, { ...interpolation(said.values), defaultValue: english });

export function localizeSpecText(shown: SpecText, t: TFunction): string {
  if (typeof shown !== "string") {
    if (!("status" in shown)) return sayServerMessage(t, shown.said, shown.text);
    return t("wallet.commandError", { message: sayServerMessage(t, shown.said, shown.english), status: shown.status });
  }
  const text = shown;
  const reverted = REVERTED.exec(text);
  if (reverted) return t("wallet.reverted", { name: reverted[1] });
  const command = COMMAND.exec(text);
  if (command) return t("wallet.commandError", { message: command[1], status: command[2] });
  const key = FIXED[text];
  if (key) return t(key);
  // The operation lifecycle's own texts (why the server failed it, what the wallet could not follow).
  const lifecycle = lifecycleMessage(text);
  return lifecycle ? t(lifecycle.key, interpolation(lifecycle.values)) : text;
}

/**
 * The plain sentence under a "Transaction reverted: {name}" text, so a member knows why without
 * reading Solidity (the messages' `revert.<name>`); undefined for other texts and unknown names.
 */
export function explainError(text: SpecText, t: TFunction): string | undefined {
  const name = typeof text === "string" ? REVERTED.exec(text)?.[1] : undefined;
  return name ? t(`revert.${name}`, { defaultValue: "" }) || undefined : undefined;
}
