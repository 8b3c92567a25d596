/**
 * The one error boundary every route uses: a thrown Response shows its status and message
 * (400: what is wrong with the request, 404: not found, 503: the database or indexer is not
 * available); anything else shows a generic message, never a stack trace.
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

const TITLES: Record<number, string> = {
  400: "That request is not right",
  401: "Sign in first",
  404: "Not found",
  413: "Too large",
  429: "Too many requests",
  503: "Temporarily unavailable",
};

/**
 * `next`: what a route offers after the message for a given status, instead of the link home
 * (a member page's 404 says the address is not a member and points to the chapter list).
 */
export function GeneralErrorBoundary({ next = {} }: { next?: Partial<Record<number, ReactNode>> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data ? error.data : error.statusText;
    return (
      <section className="error" data-status={error.status}>
        <h1>
          {error.status} · {TITLES[error.status] ?? "Something went wrong"}
        </h1>
        <p>{message}</p>
        {next[error.status] ??
          (error.status === 503 || error.status === 429 ? <p>Try again in a few seconds.</p> : <Link to="/">All chapters</Link>)}
      </section>
    );
  }
  return (
    <section className="error" data-status={500}>
      <h1>500 · Something went wrong</h1>
      <p>The page could not be shown. Please try again.</p>
    </section>
  );
}
