/**
 * The one error boundary every route uses: a thrown Response shows its status and message
 * (400: what is wrong with the request, 404: not found, 503: the database or indexer is not
 * available); anything else shows a generic message, never a stack trace. A keyed message
 * (app/i18n/message.ts) shows in the page's language (the rate limit's 429 is one); a plain one
 * (the database gateway's 503) as it came in English, and as its status's sentence in other languages.
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useI18n } from "../i18n/use-i18n";
import { interpolation, isMessage } from "../i18n/message";

const TITLE_KEYS: Record<number, string> = {
  400: "errors.title.400",
  401: "errors.title.401",
  404: "errors.title.404",
  413: "errors.title.413",
  429: "errors.title.429",
  503: "errors.title.503",
};

/** The sentence of a status for a plain English message on a page in another language. */
const STATUS_KEYS: Record<number, string> = {
  404: "errors.status.404",
  429: "errors.status.429",
  503: "errors.status.503",
};

function messageText(data: unknown, status: number, statusText: string, t: TFunction, language: string): string {
  if (isMessage(data)) return t(data.key, interpolation(data.values));
  const plain = typeof data === "string" && data ? data : statusText;
  const key = STATUS_KEYS[status];
  return language === "en" || !key ? plain : t(key);
}

/**
 * `next`: what a route offers after the message for a given status, instead of the link home
 * (a member page's 404 says the address is not a member and points to the chapter list).
 */
export function GeneralErrorBoundary({ next = {} }: { next?: Partial<Record<number, ReactNode>> }) {
  const error = useRouteError();
  const { t, language } = useI18n();
  if (isRouteErrorResponse(error)) {
    const message = messageText(error.data, error.status, error.statusText, t, language);
    return (
      <section className="error" data-status={error.status}>
        <h1>
          {error.status} · {t(TITLE_KEYS[error.status] ?? "errors.title.other")}
        </h1>
        <p>{message}</p>
        {next[error.status] ??
          (error.status === 503 || error.status === 429 ? <p>{t("errors.tryAgain")}</p> : <Link to="/">{t("errors.allChapters")}</Link>)}
      </section>
    );
  }
  return (
    <section className="error" data-status={500}>
      <h1>500 · {t("errors.title.other")}</h1>
      <p>{t("errors.unexpected")}</p>
    </section>
  );
}
