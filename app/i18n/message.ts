/**
 * A sentence for a person that the server decides and the page shows: a key of the messages
 * (app/locales) and its values. A loader throws one (app/utils/http.server.ts `invariantResponse`),
 * the error boundary shows it in the page's language, and the JSON API answers its English text.
 */
import type { TFunction } from "i18next";

export type MessageValues = Record<string, string | number | bigint>;
export type Message = { key: string; values?: MessageValues };

/** A keyed message as the JSON API answers it: its English `message` beside its key and values. */
export type MessageAnswer = { message: string; key: string; values: Record<string, string | number> };

export const message = (key: string, values?: MessageValues): Message => ({ key, values });

export const isMessage = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";

/** The keyed message of a JSON answer `{ message, key, values }` (app/utils/http.server.ts `messageBody`), when it has a well-formed one. */
export function saidOf({ key, values }: { key?: unknown; values?: unknown }): Message | undefined {
  if (typeof key !== "string") return undefined;
  if (values === undefined) return { key };
  const plain = typeof values === "object" && values !== null && Object.values(values).every((v) => typeof v === "string" || typeof v === "number");
  return plain ? { key, values: values as MessageValues } : undefined;
}

/** The values as i18next takes them (bigint ids as their decimal text). */
export const interpolation = (values: MessageValues | undefined): Record<string, string | number> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === "bigint" ? value.toString() : value]));

/** A message in the language of `t`. */
export const say = (t: TFunction, { key, values }: Message): string => t(key, interpolation(values));
