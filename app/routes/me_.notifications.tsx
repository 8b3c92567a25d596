/**
 * POST /me/notifications: the Notifications form of /me (app/components/me/notifications.tsx)
 * records which kinds the signed-in member wants on Telegram, and the page's language for their
 * messages (the `lng` cookie, as every page: app/i18n/language.ts), then sends them back to /me. A
 * plain form post, so it works without JavaScript. Signed out: 401; the form of another account
 * (its `account` field): 403; a kind that does not exist: 400 naming the kinds. A GET goes to /me.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { languageOf } from "../i18n/i18n.server";
import { message } from "../i18n/message";
import { chooseNotifications } from "../models/notifications.server";
import { findSession } from "../models/sessions.server";
import { invariantResponse, retryAfterHeaders } from "../utils/http.server";
import { isNotificationKind, NOTIFICATION_KINDS } from "../utils/notification-kinds";
import { enforcePost } from "../utils/post-guard.server";
import { readLimited } from "../ground/read-limited";
import { readSessionToken } from "../utils/session-cookie.server";

/** The form: an account and at most every kind once, well under this. */
const FORM_LIMIT = 1024;

export const loader = () => redirect("/me#notifications");

export const headers = retryAfterHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  await enforcePost(request, { bucket: "default", context });
  const session = await findSession(readSessionToken(request));
  // Refusals are keyed messages: the error boundary says them in the page's language.
  invariantResponse(session, message("refusals.notifications.signIn"), { status: 401 });
  const body = await readLimited(request, FORM_LIMIT);
  invariantResponse(body !== undefined, message("refusals.notifications.tooLarge", { max: FORM_LIMIT }), { status: 413 });
  const form = new URLSearchParams(body);
  invariantResponse(form.get("account")?.toLowerCase() === session.address.toLowerCase(), message("refusals.notifications.otherAccount"), { status: 403 });
  const kinds = form.getAll("kind");
  const unknown = kinds.find((kind) => !isNotificationKind(kind));
  invariantResponse(
    unknown === undefined,
    message("refusals.notifications.unknownKind", { kind: String(unknown).slice(0, 40), kinds: NOTIFICATION_KINDS.join(", ") }),
  );
  await chooseNotifications(session.address, kinds.filter(isNotificationKind), await languageOf(request));
  return redirect("/me#notifications", 303);
}

/** Only reached through the error boundary: the loader sends every GET to /me. */
export default function NotificationsForm() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
