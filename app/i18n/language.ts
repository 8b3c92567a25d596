/**
 * The product's languages and the one rule that picks a request's language: the `lng` cookie
 * (the header's language switcher sets it), else the best `Accept-Language` match, else English.
 * The app (remix-i18next's detector, ./i18n.server.ts) and the web server's page cache
 * (server/index.ts keys pages by URL and this language) both call `resolveLanguage`, so a cached
 * page is always the one the app would render. No imports: the server's fast path and the
 * browser both load it.
 */

export const LANGUAGES = ["en", "de", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Right-to-left languages: the page is mirrored (`<html dir="rtl">`). */
const RTL: ReadonlySet<Language> = new Set(["ar"]);
export const directionOf = (language: Language): "ltr" | "rtl" => (RTL.has(language) ? "rtl" : "ltr");

/** Each language's own name, as the switcher shows it (in that language, whatever the page's). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch", ar: "العربية" };

/** A preference, not a credential: readable by scripts, sent on top-level navigations from other sites (Lax). */
export const LANGUAGE_COOKIE = "lng";
export const LANGUAGE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The Set-Cookie value that remembers a choice. */
export const languageCookie = (language: Language) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;

/** The language cookie's value when it names a product language. */
function fromCookie(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== LANGUAGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim().toLowerCase();
    if (isLanguage(value)) return value;
  }
  return undefined;
}

/** The product language an Accept-Language header prefers most (by q, then order; `de-AT` counts as `de`). */
function fromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; q: number } | undefined;
  // A header is short in practice; the cap keeps a hostile one from costing the fast path anything.
  for (const part of header.slice(0, 512).split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    const primary = tag.trim().split("-")[0];
    if (!(quality > 0) || !isLanguage(primary)) continue;
    if (!best || quality > best.q) best = { language: primary, q: quality };
  }
  return best?.language;
}

/** The request's language: the cookie, else Accept-Language, else English. */
export function resolveLanguage(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  return fromCookie(cookie) ?? fromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
