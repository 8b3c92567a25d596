/**
 * GET /language?lng=de&to=/chapters/7 — the header's language switcher: remembers the language in
 * a long-lived cookie (a preference, not a credential: SameSite=Lax, readable) and sends the
 * browser back to the page it came from, which then renders in that language. A GET: nothing to
 * forge across sites beyond a language choice, and it works without JavaScript. `to` must be a
 * path on this site (no open redirect); anything else is a 400 that says what is wrong, as plain
 * text in the language the request already has (a resource route has no page to show it in).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { languageOf } from "../i18n/i18n.server";
import { tFor } from "../i18n/instance";
import { isLanguage, LANGUAGES, languageCookie } from "../i18n/language";

/** A path of this site: one leading slash (not `//host` or `/\host`, which browsers read as another site). */
const SAME_SITE_PATH = /^\/(?![/\\])[^\s]*$/;

const refuse = (text: string) =>
  new Response(text, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const to = url.searchParams.get("to") ?? "/";
  if (!isLanguage(lng) || !SAME_SITE_PATH.test(to) || to.length > 2048) {
    const t = tFor(await languageOf(request));
    if (!isLanguage(lng)) return refuse(t("errors.language.unknown", { languages: LANGUAGES.join(", "), got: (lng ?? "").slice(0, 20) }));
    return refuse(t("errors.language.to"));
  }
  return new Response(null, {
    status: 303,
    headers: { location: to, "set-cookie": languageCookie(lng), "cache-control": "no-store" },
  });
}
