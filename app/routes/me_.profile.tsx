/**
 * POST /me/profile: the Profile form of /me (app/components/me/profile.tsx) saves the signed-in
 * account's display name and short text, each with its visibility, then sends it back to /me.
 * Works without JavaScript: a refused field answers this page, the form again with what was sent
 * and the reason. Signed out: 401; another site: 403; another account's form (its `account`
 * field): 403; a field the form does not have or a visibility that does not exist: 400; a field
 * the rules refuse (app/utils/profile-fields.ts): 400; a name another member already shows near
 * this account: 409. Every refusal is a message { key, values }, said in the page's language.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ProfileSection } from "../components/me/profile";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { message, type Message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { nameShownNearby } from "../models/profile-views.server";
import { saveOwnProfile } from "../models/profiles.server";
import { getViewer } from "../models/viewer.server";
import { readOwnForm } from "../services/own-form.server";
import { invariantResponse } from "../utils/http.server";
import { checkAbout, checkDisplayName, nameSkeleton } from "../utils/profile-fields";
import { isVisibility, type Visibility } from "../ground/profile-visibility";

/** The form: an account, a name of 50 and a text of 280 characters (up to 4 bytes each, escaped), well under this. */
const FORM_LIMIT = 8192;
const FIELDS = new Set(["account", "displayName", "displayNameVisibility", "about", "aboutVisibility"]);

/**
 * No data: a GET shows the way to /me. (A redirect here would also answer a refused post, whose
 * page Remix renders with its loaders after the action.)
 */
export const loader = () => null;

/** One account's form, or a refusal of it: no shared cache may keep either (a 429 keeps its Retry-After). */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retryAfter = errorHeaders?.get("retry-after");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export type ProfileForm = { displayName: string; displayNameVisibility: Visibility; about: string; aboutVisibility: Visibility };

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form } = await readOwnForm(request, { context, limit: FORM_LIMIT, refusals: "refusals.profile" });
  const unknown = [...form.keys()].find((key) => !FIELDS.has(key));
  invariantResponse(unknown === undefined, message("refusals.profile.unknownField", { field: String(unknown).slice(0, 40) }));
  const displayNameVisibility = form.get("displayNameVisibility");
  const aboutVisibility = form.get("aboutVisibility");
  invariantResponse(isVisibility(displayNameVisibility) && isVisibility(aboutVisibility), message("refusals.profile.visibility"));

  const sent: ProfileForm = { displayName: form.get("displayName") ?? "", displayNameVisibility, about: form.get("about") ?? "", aboutVisibility };
  const refuse = (status: number, error: Message) => data({ account: session.address, sent, error }, { status });
  const name = checkDisplayName(sent.displayName);
  if (!name.ok) return refuse(400, name.refusal);
  const about = checkAbout(sent.about);
  if (!about.ok) return refuse(400, about.refusal);
  if (name.value !== null && displayNameVisibility !== "self") {
    const viewer = await getViewer(request);
    const chapterIds = [viewer?.status === "member" ? viewer.chapterId : null, viewer?.pendingApplicationChapterId ?? null].filter((id): id is string => id !== null);
    const taken = await nameShownNearby({ account: session.address, skeleton: nameSkeleton(name.value), chapterIds });
    if (taken) return refuse(409, message("refusals.profile.name.taken"));
  }
  await saveOwnProfile(session.address, { displayName: name.value, displayNameVisibility, about: about.value, aboutVisibility });
  return redirect("/me#profile", 303);
}

/** Without JavaScript, a refused form lands here: the form again, with what was sent and why. A GET: the way to /me. */
export default function ProfileRefused() {
  const refused = useActionData<typeof action>() as { account: string; sent: ProfileForm; error: Message } | undefined;
  const { t } = useI18n();
  return (
    <>
      <h1>{t("profile.heading")}</h1>
      {refused ? <ProfileSection account={refused.account} profile={refused.sent} refused={refused.error} /> : null}
      <p>
        <Link to="/me">{t("profile.backToMe")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
