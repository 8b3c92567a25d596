/**
 * The server's side of the i18n layer: every language's messages registered (./instance.ts), and
 * remix-i18next's detector for loaders and the document render. Its detection is the one rule in
 * ./language.ts (`findLocale`), which the page cache also calls, so the two never disagree.
 */
import { RemixI18Next } from "remix-i18next/server";
import ar from "../locales/ar";
import de from "../locales/de";
import en from "../locales/en";
import { registerMessages } from "./instance";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, resolveLanguage, type Language } from "./language";

registerMessages("en", en);
registerMessages("de", de);
registerMessages("ar", ar);

export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    findLocale: async (request) => resolveLanguage(request.headers.get("cookie"), request.headers.get("accept-language")),
  },
});

/** The request's language (cookie, Accept-Language, English). */
export async function languageOf(request: Request): Promise<Language> {
  const language = await remixI18next.getLocale(request);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
