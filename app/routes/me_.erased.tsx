/**
 * /me/erased: where the erase form (app/routes/me_.erase.tsx) ends. The same text for everyone:
 * it names nobody, and the session is gone by now.
 */
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { pageMeta } from "../i18n/meta";
import { useI18n } from "../i18n/use-i18n";

export const meta = pageMeta((t) => ({ title: t("myData.erasedTitle"), description: t("myData.erasedTitle") }));

export default function Erased() {
  const { t } = useI18n();
  return (
    <>
      <h1>{t("myData.erasedTitle")}</h1>
      <p>{t("myData.erased")}</p>
      <p>{t("myData.erasedChain")}</p>
      <p>
        <Link to="/">{t("errors.allChapters")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
