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
import { readOwnForm } from "../services/own-form.server";
import { invariantResponse, retryAfterHeaders } from "../utils/http.server";
import { clearedSessionCookie } from "../utils/session-cookie.server";

/** The form: an account and a ticked box. */
const FORM_LIMIT = 1024;

export const loader = () => redirect("/me#my-data");

export const headers = retryAfterHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form } = await readOwnForm(request, { context, limit: FORM_LIMIT, refusals: "refusals.myData" });
  invariantResponse(form.get("confirm") === "erase", message("refusals.myData.confirm"));
  await eraseMyData(session.address);
  return redirect("/me/erased", { status: 303, headers: { "set-cookie": clearedSessionCookie(), "cache-control": "private, no-store" } });
}

/** Only reached through the error boundary: the loader sends every GET to /me. */
export default function EraseForm() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
