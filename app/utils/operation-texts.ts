/**
 * The operation lifecycle's own texts, in English: why the server failed an operation (stored in
 * app.pending_operations.error, answered by GET /api/operations/:hash) and what the browser's
 * write code says when it cannot follow one. A page shows them in its language through
 * app/i18n/spec-texts.ts, which reads each back into its key of `wallet.lifecycle` and its values
 * (tests/app/i18n/spec-texts.test.ts holds the English here and in app/locales/en/wallet.ts level).
 * No imports: the header's wallet and every write button load this.
 */
import type { Message } from "../i18n/message";

export const droppedText = () => "Dropped: the bundler no longer has this user operation and it was never included";
export const notRegisteredText = (sender: string) => `Not the registered operation: its sender is ${sender}`;
export const replacedText = (by: string) => `Replaced by ${by}`;
export const serverAnsweredText = (status: number) => `The server answered ${status}`;
export const unknownOperationText = (hash: string) => `The server does not know user operation ${hash} (was it registered with POST /api/operations?)`;
export const notFinalText = (hash: string, status: string) => `User operation ${hash} did not reach final in time (last status: ${status})`;
export const stuckText = (hash: string, ms: number) => `User operation ${hash} has no receipt after ${ms} ms: it is stuck`;

const HEX = "(0x[0-9a-fA-F]+)";

/** Each text as a pattern, its key under `wallet.lifecycle`, and the names of the values it captures. */
const TEXTS: [RegExp, string, ...string[]][] = [
  [new RegExp(`^${droppedText()}$`), "dropped"],
  [new RegExp(`^Not the registered operation: its sender is ${HEX}$`), "notRegistered", "sender"],
  [new RegExp(`^Replaced by ${HEX}$`), "replaced", "by"],
  [/^The server answered (\d{3})$/, "serverAnswered", "status"],
  [new RegExp(`^The server does not know user operation ${HEX} \\(was it registered with POST /api/operations\\?\\)$`), "unknownOperation", "hash"],
  [new RegExp(`^User operation ${HEX} did not reach final in time \\(last status: (\\w+)\\)$`), "notFinal", "hash", "status"],
  [new RegExp(`^User operation ${HEX} has no receipt after (\\d+) ms: it is stuck$`), "stuck", "hash", "ms"],
];

/** The lifecycle text as a keyed message (`wallet.lifecycle.*`), or undefined for any other text. */
export function lifecycleMessage(text: string): Message | undefined {
  for (const [pattern, key, ...names] of TEXTS) {
    const match = pattern.exec(text);
    if (match) return { key: `wallet.lifecycle.${key}`, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
}
