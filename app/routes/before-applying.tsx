/**
 * /before-applying: before the first application, the truth (issue 28 item 5). What goes on
 * chain and stays public for good, what stays private and erasable, in the page's language
 * (app/components/me/disclosure.tsx); a signed-in account confirms it once (POST, stored off
 * chain: app/models/disclosures.server.ts) and goes on to `next`, a path of this site (the apply
 * form sends applicants here). Signed out: the text and a word to sign in; a POST signed out:
 * 401; another site or another account's form: 403. Never cached: a signed-in page says when.
 */
import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DisclosureConfirm, DisclosureText } from "../components/me/disclosure";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { languageOf } from "../i18n/i18n.server";
import { pageMeta } from "../i18n/meta";
import { useI18n } from "../i18n/use-i18n";
import { confirmDisclosure, disclosureConfirmedAt } from "../models/disclosures.server";
import { findSession } from "../models/sessions.server";
import { readOwnForm } from "../services/own-form.server";
import { readSessionToken } from "../utils/session-cookie.server";

const FORM_LIMIT = 1024;

export const meta = pageMeta((t) => ({ title: t("disclosure.title"), description: t("disclosure.intro") }));

/** A signed-in page says when its account confirmed: no shared cache keeps any of them. */
export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? { "Cache-Control": "private, no-store" };

/** `next` when it is a path of this site (not another site's URL, not //host), else null. */
function localPath(next: string | null | undefined): string | null {
  if (!next || next.length > 200 || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  return /^[\x21-\x7e]+$/.test(next) ? next : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const next = localPath(new URL(request.url).searchParams.get("next"));
  const session = await findSession(readSessionToken(request));
  const confirmedAt = session ? await disclosureConfirmedAt(session.address) : null;
  return { account: session?.address ?? null, confirmedAt: confirmedAt?.toISOString() ?? null, next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form } = await readOwnForm(request, { context, limit: FORM_LIMIT, refusals: "refusals.disclosure" });
  await confirmDisclosure(session.address, await languageOf(request));
  const next = localPath(form.get("next"));
  return redirect(next ?? "/before-applying", { status: 303, headers: { "cache-control": "private, no-store" } });
}

export default function BeforeApplying() {
  const page = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <>
      <h1>{t("disclosure.title")}</h1>
      <DisclosureText />
      <DisclosureConfirm {...page} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
