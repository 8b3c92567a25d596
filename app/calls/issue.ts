/**
 * The operations' input problems as messages (app/i18n/message.ts): a zod issue the app writes
 * carries `params: { key, values }` of app/locales/*\/calls.ts, and its English `message` is made
 * from that same key, so the JSON API answers English and a form says it in the page's language.
 */
import i18next, { type TFunction } from "i18next";
import { z } from "zod";
import { message, say, type Message, type MessageValues } from "../i18n/message";
import en from "../locales/en/calls";

type Plural = `_${"zero" | "one" | "two" | "few" | "many" | "other"}`;
/** The keys of the `calls` group, plural forms by their base ("tooMany" for "tooMany_one"). */
export type CallsKey = keyof typeof en.calls extends infer K ? (K extends `${infer Base}${Plural}` ? Base : K & string) : never;

/** English alone, whichever page's language: what the JSON API answers. */
const english = i18next.createInstance();
void english.init({
  lng: "en",
  fallbackLng: false,
  resources: { en: { translation: en } },
  initImmediate: false,
  interpolation: { escapeValue: false },
});

export const englishText = (said: Message): string => say(english.t, said);

/** A message of the `calls` group. */
export const callsMessage = (key: CallsKey, values?: MessageValues): Message => message(`calls.${key}`, values);

/** What a custom zod issue takes: the English message, and the message to show in another language. */
export type Problem = { message: string; params?: Message };

export const problem = (key: CallsKey, values?: MessageValues): Problem => {
  const said = callsMessage(key, values);
  return { message: englishText(said), params: said };
};

/** A guard that lets only `ok` values on to the schema after it, and says `problem` otherwise. */
export const guard = (ok: (value: unknown) => boolean, problemOf: (value: unknown) => Problem) =>
  z.unknown().superRefine((value, ctx) => {
    if (!ok(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, fatal: true, ...problemOf(value) });
  });

export const isPlainObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The message of any zod issue: ours carry it; zod's own (none is expected) get a plain one. */
export function issueMessage(issue: z.ZodIssue): Message {
  if (issue.code === z.ZodIssueCode.custom && typeof issue.params?.key === "string") return issue.params as Message;
  if (issue.code === z.ZodIssueCode.invalid_type && issue.received === "undefined") return callsMessage("required");
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "array") return callsMessage("tooMany", { count: Number(issue.maximum) });
  return callsMessage("invalid");
}

/** "<field>: <problem>" in the language of `t`; the field as the form labels it, or its path. */
export const fieldProblem = (t: TFunction, field: string, said: Message): string => {
  const text = say(t, said);
  return field ? t("calls.issue", { field, problem: text }) : text;
};
