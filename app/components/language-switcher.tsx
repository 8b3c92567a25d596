/**
 * The header's languages: plain links to /language (app/routes/language.ts), which remembers the
 * choice in a cookie and comes back to this page. Links, not a form: they work without JavaScript,
 * are a GET (no cross-site write to guard), and each names its language in that language.
 */
import { useLocation } from "@remix-run/react";
import { useI18n } from "../i18n/use-i18n";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../i18n/language";

export const languageHref = (language: Language, to: string) => `/language?${new URLSearchParams({ lng: language, to })}`;

export function LanguageSwitcher({ current }: { current: Language }) {
  const { t } = useI18n();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <nav className="languages" aria-label={t("nav.languages")}>
      {LANGUAGES.map((language) =>
        language === current ? (
          <span key={language} lang={language} aria-current="true">
            {LANGUAGE_NAMES[language]}
          </span>
        ) : (
          // A full page load: the new language's messages come with the page (app/entry.client.tsx).
          <a key={language} href={languageHref(language, here)} lang={language} hrefLang={language} rel="nofollow">
            {LANGUAGE_NAMES[language]}
          </a>
        ),
      )}
    </nav>
  );
}
