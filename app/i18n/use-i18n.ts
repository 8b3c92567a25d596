/**
 * The page's `t` and language in a component. Lighter than react-i18next's useTranslation, which
 * subscribes every caller to language changes: a page never changes language in place (the
 * switcher loads the page again), and a chapter page renders hundreds of links and times, each of
 * which would pay for the subscription in every uncached render.
 */
import type { TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { keptT } from "./instance";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./language";

export function useI18n(): { t: TFunction; language: Language } {
  const { i18n } = useContext(I18nContext);
  return { t: keptT(i18n), language: isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE };
}
