/**
 * POST /me/erase: the My data section's erase form (app/components/me/my-data.tsx) erases
 * everything the app holds about the signed-in account off chain (app/models/my-data.server.ts),
 * ends every session of it, and sends the browser to /me/erased. Signed out: 401; another site:
 * 403; another account's form: 403; without the confirmation ticked: 400. A GET goes to /me.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { message } from "../i18n/message";
import { eraseMyData } from "../models/my-data.server";
import { findSession } from "../models/sessions.server";
import { invariantResponse, retryAfterHeaders } from "../utils/http.server";
import { enforcePost } from "../utils/post-guard.server";
import { readLimited } from "../utils/read-limited";
import { clearedSessionCookie, readSessionToken } from "../utils/session-cookie.server";

/** The form: an account and a ticked box. */
const FORM_LIMIT = 1024;

export const loader = () => redirect("/me#my-data");

export const headers = retryAfterHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  await enforcePost(request, { bucket: "default", context });
  const session = await findSession(readSessionToken(request));
  invariantResponse(session, message("refusals.myData.signIn"), { status: 401 });
  const body = await readLimited(request, FORM_LIMIT);
  invariantResponse(body !== undefined, message("refusals.myData.tooLarge", { max: FORM_LIMIT }), { status: 413 });
  const form = new URLSearchParams(body);
  invariantResponse(form.get("account")?.toLowerCase() === session.address.toLowerCase(), message("refusals.myData.otherAccount"), { status: 403 });
  invariantResponse(form.get("confirm") === "erase", message("refusals.myData.confirm"));
  await eraseMyData(session.address);
  return redirect("/me/erased", { status: 303, headers: { "set-cookie": clearedSessionCookie(), "cache-control": "private, no-store" } });
}

/** Only reached through the error boundary: the loader sends every GET to /me. */
export default function EraseForm() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
