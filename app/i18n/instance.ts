/**
 * One i18next instance per language, made from that language's messages and kept: the server
 * registers every language at start (./i18n.server.ts), the browser only its page's, before it
 * hydrates (app/entry.client.tsx). Pages never change language in place (the switcher reloads),
 * so an instance is fixed once made, and rendering a page costs no i18next set-up.
 */
import i18next, { type i18n, type TFunction } from "i18next";
import type { Messages } from "../locales/types";
import { formatNumber } from "../ground/format";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./language";

const instances = new Map<Language, i18n>();

/** Makes `language`'s instance from its messages (once: a second call keeps the first). */
export function registerMessages(language: Language, messages: Messages): i18n {
  const existing = instances.get(language);
  if (existing) return existing;
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    // Every language is complete (tests/app/i18n/keys.test.ts): a missing key shows as the key.
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    // Synchronous: the resources are here, and a server render cannot wait.
    initImmediate: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  // `{{n, number}}` through the kept Intl formatter (app/ground/format.ts): i18next's own keys its
  // cache on JSON.stringify of each call's whole options, a fifth of its time on a chapter page.
  // The messages give `number` no parameters, so the two write the same.
  instance.services.formatter?.add("number", (value, lng) => formatNumber(value, lng ?? language));
  instances.set(language, instance);
  return instance;
}

/** The instance of `language` (a registered one: English when the page's is not known here). */
export function i18nFor(language: string | undefined): i18n {
  const wanted = isLanguage(language) ? instances.get(language) : undefined;
  const instance = wanted ?? instances.get(DEFAULT_LANGUAGE) ?? instances.values().next().value;
  if (!instance) throw new Error("No language is registered: import app/i18n/i18n.server or load one first");
  return instance;
}

export const tFor = (language: string | undefined): TFunction => keptT(i18nFor(language));

/** Answers kept per message and values: past this many, the memo starts again (ids vary without end). */
const KEPT_ANSWERS = 5_000;
const keptTs = new WeakMap<i18n, TFunction>();

/**
 * The instance's `t`, remembering its answers. An instance never changes (above), so a message with
 * the same plain values always reads the same, and a page asks the same few often: "executive" in
 * every row, "Evaluation {{id}}" … A call of i18next's `t` costs 4–14 µs (plurals the most), and an
 * uncached chapter page made a few hundred. Calls with other than plain values (objects, arrays,
 * functions) go to i18next every time.
 */
export function keptT(instance: i18n): TFunction {
  let kept = keptTs.get(instance);
  if (kept) return kept;
  const t = instance.t as unknown as (...args: unknown[]) => unknown;
  const answers = new Map<string, unknown>();
  kept = ((...args: unknown[]) => {
    const [key, options] = args;
    const id = typeof key === "string" && args.length <= 2 ? answerId(key, options) : undefined;
    if (id === undefined) return t(...args);
    if (answers.has(id)) return answers.get(id);
    const answer = t(...args);
    if (answers.size >= KEPT_ANSWERS) answers.clear();
    answers.set(id, answer);
    return answer;
  }) as unknown as TFunction;
  keptTs.set(instance, kept);
  return kept;
}

/** What identifies a call: the key and its plain values; undefined when a value is not plain. */
function answerId(key: string, options: unknown): string | undefined {
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return undefined;
  let id = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== null && value !== undefined && typeof value === "object") return undefined;
    if (typeof value === "function" || typeof value === "symbol") return undefined;
    id += `\u0000${name}\u0001${String(value)}`;
  }
  return id;
}
