/**
 * Remix's default browser entry, after one step: the page's language messages. The server wrote
 * the language into `<html lang>`; its messages are a chunk of their own per language (a
 * content-hashed file, cached for good), so a page downloads only its own language's strings and
 * none of the others. Hydration waits for them: the first render must say what the server said.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { registerMessages } from "./i18n/instance";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./i18n/language";
import type { Messages } from "./locales/types";

const MESSAGES: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import("./locales/en"),
  de: () => import("./locales/de"),
  ar: () => import("./locales/ar"),
};

const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;

void MESSAGES[language]().then(({ default: messages }) => {
  const i18n = registerMessages(language, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RemixBrowser />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});
