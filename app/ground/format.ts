/**
 * The one place for formatting what pages show (server and browser): addresses, numbers, lists
 * and times, each through Intl in the page's language. Times have two forms: the UTC text the
 * server renders (and every `title` carries: it is the same for everyone, so it may be cached) and
 * the member's own, local or relative, which only the browser knows (app/components/time.tsx).
 */
import type { TFunction } from "i18next";

/** A member's standing in their chapter: the read model's member_status enum (indexer/schema/members.ts) is built from this list. */
export const MEMBER_STATUSES = ["none", "member", "left", "removed"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Intl's locale for a page language: English reads "a, b and c" and a 24-hour clock here, as the product always did. */
const intlLocale = (language: string) => (language === "en" ? "en-GB" : language);

/**
 * One Intl formatter per locale and options, kept: building one costs ~50 µs, formatting with it
 * ~1 µs, and a chapter page formats a number or a mean in every row of its lists.
 */
function kept<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let formatter = cache.get(key);
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}
const numberFormats = new Map<string, Intl.NumberFormat>();
const meanFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** An account in plain text: the name its viewer may see (`names`, lower-case keys), then its short address; or the short address. */
export function nameAndAddress(address: string, names: Readonly<Record<string, string>>): string {
  const name = names[address.toLowerCase()];
  return name ? `${name} (${shortAddress(address)})` : shortAddress(address);
}

/**
 * A chapter's name: its location text, else "Chapter 7" in the page's language (`t`); without `t`,
 * the English words (for a caller outside the i18n layer).
 */
export function chapterLabel(chapter: { id: string; locationText?: string | null; location?: string }, t?: TFunction): string {
  return chapter.locationText ?? (t ? t("chapter.fallbackName", { id: chapter.id }) : `Chapter ${chapter.id}`);
}

/** An evaluation by its document's title, or "Evaluation 7" until the document is stored. */
export function evaluationLabel(evaluation: { id: string; title?: string | null }, t: TFunction): string {
  return evaluation.title ?? t("evaluation.name", { id: evaluation.id });
}

/** An info message by its document's title, or "Info message 7" until the document is stored. */
export function infoLabel(info: { id: string; title?: string | null }, t: TFunction): string {
  return info.title ?? t("documents.untitledInfo", { id: info.id });
}

/** A count or total: "1,234" / "1.234". */
export function formatNumber(value: number | string | bigint, language: string): string {
  const number = typeof value === "string" ? Number(value) : value;
  const locale = intlLocale(language);
  return kept(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(number);
}

/** A number with two decimals: "1.50" / "1,50". */
export function twoDecimals(value: number, language: string): string {
  const locale = intlLocale(language);
  return kept(meanFormats, locale, () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value);
}

/** A mean score with two decimals ("1.50" / "1,50"), or "–" without votes. */
export function mean(sum: number, count: number, language: string): string {
  return count === 0 ? "–" : twoDecimals(sum / count, language);
}

/** "a", "a and b", "a, b and c" in the page's language. */
export function listInWords(items: readonly string[], language: string): string {
  const locale = intlLocale(language);
  return kept(listFormats, locale, () => new Intl.ListFormat(locale, { type: "conjunction" })).format(items);
}

/** A timestamp from the database (pg gives a Date, JSON a string) as ISO 8601. */
export const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Seconds since 1970 (the chain's and the read model's timestamps, as numbers or decimal text). */
export type UnixSeconds = string | number;

export const dateOf = (unixSeconds: UnixSeconds) => new Date(Number(unixSeconds) * 1000);

/** "2026-01-03 14:05 UTC": the same in every language and for everyone (ISO 8601 order). */
export const utcText = (unixSeconds: UnixSeconds): string => utcTextOf(dateOf(unixSeconds).toISOString());

/** utcText from the time's ISO 8601 text (2026-01-03T14:05:00.000Z), for a caller that has it already. */
export const utcTextOf = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The time in the browser's time zone for `locales` (the page's language, or the browser's own
 * variant of it: de-AT), with the zone's short name: "3. Jan. 2026, 15:05 MEZ".
 */
export function localText(unixSeconds: UnixSeconds, locales: readonly string[], timeZone?: string): string {
  const format = kept(dateFormats, `${locales.join(",")} ${timeZone ?? ""}`, () =>
    new Intl.DateTimeFormat([...locales], { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short", timeZone }),
  );
  return format.format(dateOf(unixSeconds));
}

/** How far back (or ahead) a time reads better as "3 hours ago" than as a date. */
export const RELATIVE_WITHIN_S = 7 * 24 * 60 * 60;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

/** "3 hours ago", "in 5 minutes", "yesterday"; undefined when the time is further than RELATIVE_WITHIN_S from `nowMs`. */
export function relativeText(unixSeconds: UnixSeconds, nowMs: number, locales: readonly string[]): string | undefined {
  const seconds = Math.round(Number(unixSeconds) - nowMs / 1000);
  if (Math.abs(seconds) > RELATIVE_WITHIN_S) return undefined;
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? UNITS[UNITS.length - 1]!;
  const format = kept(relativeFormats, locales.join(","), () => new Intl.RelativeTimeFormat([...locales], { numeric: "auto" }));
  return format.format(Math.round(seconds / size), unit);
}

/** The locales for a browser's times: its own preferred variants of the page's language first (en-US, de-AT), then the language. */
export function browserLocales(language: string, preferred: readonly string[]): string[] {
  const variants = preferred.filter((tag) => tag.toLowerCase().split("-")[0] === language);
  return [...variants, intlLocale(language)];
}
