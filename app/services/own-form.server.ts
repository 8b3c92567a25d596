/**
 * The start of every form a signed-in account posts about itself (/me's forms, /before-applying):
 * the request guard (another site 403, too many 429), the session (401), the body within `limit`
 * bytes (413), and the form's `account` field naming the session's own account (403): a form can
 * never change another account. Each refusal is thrown as a keyed message, `<refusals>.signIn`,
 * `.tooLarge` ({ max }) and `.otherAccount`, which the error boundary says in the page's language.
 *
 *   const { session, form } = await readOwnForm(request, { context, limit: 1024, refusals: "refusals.myData" });
 */
import { message } from "../i18n/message";
import { findSession, type Session } from "../models/sessions.server";
import { invariantResponse } from "../utils/http.server";
import { enforcePost } from "../utils/post-guard.server";
import { readLimited } from "../ground/read-limited";
import { readSessionToken } from "../utils/session-cookie.server";

export async function readOwnForm(
  request: Request,
  { context, limit, refusals }: { context: unknown; limit: number; refusals: string },
): Promise<{ session: Session; form: URLSearchParams }> {
  await enforcePost(request, { bucket: "default", context });
  const session = await findSession(readSessionToken(request));
  invariantResponse(session, message(`${refusals}.signIn`), { status: 401 });
  const body = await readLimited(request, limit);
  invariantResponse(body !== undefined, message(`${refusals}.tooLarge`, { max: limit }), { status: 413 });
  const form = new URLSearchParams(body);
  invariantResponse(form.get("account")?.toLowerCase() === session.address.toLowerCase(), message(`${refusals}.otherAccount`), { status: 403 });
  return { session, form };
}
