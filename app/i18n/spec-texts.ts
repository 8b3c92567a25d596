/**
 * SPEC 8's texts in the page's language. The wallet, the server and the browser's write code make
 * them in English, the words of the contract with the user ("Transaction reverted: {name}",
 * "Account not available", "Error sending command: {message} ({status})"); a page shows them
 * through `localizeSpecText`, which translates the sentence around the fixed parts and keeps the
 * contract's error name, the server's message and the status exactly as they came. Any other text
 * (an SDK's or the server's own message) is shown as it is.
 */
import type { TFunction } from "i18next";

const REVERTED = /^Transaction reverted: (\w+)$/;
const COMMAND = /^Error sending command: ([\s\S]*) \((\d{3})\)$/;

/** The English texts the wallet makes itself, and their keys. */
const FIXED: Record<string, string> = {
  "Account not available": "wallet.accountNotAvailable",
  "The passkey prompt was closed or timed out": "wallet.promptClosed",
  "Nothing to send": "wallet.nothingToSend",
};

export function localizeSpecText(text: string, t: TFunction): string {
  const reverted = REVERTED.exec(text);
  if (reverted) return t("wallet.reverted", { name: reverted[1] });
  const command = COMMAND.exec(text);
  if (command) return t("wallet.commandError", { message: command[1], status: command[2] });
  const key = FIXED[text];
  return key ? t(key) : text;
}

/**
 * The plain sentence under a "Transaction reverted: {name}" text, so a member knows why without
 * reading Solidity (the messages' `revert.<name>`); undefined for other texts and unknown names.
 */
export function explainError(text: string, t: TFunction): string | undefined {
  const name = REVERTED.exec(text)?.[1];
  return name ? t(`revert.${name}`, { defaultValue: "" }) || undefined : undefined;
}
