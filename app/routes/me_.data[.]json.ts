/**
 * GET /me/data.json: everything the app holds about the signed-in account off chain, as one JSON
 * file to keep (app/models/my-data.server.ts says what is in it). Personal: never cached, by
 * anyone. Signed out: 401, a sentence in the request's language.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { message } from "../i18n/message";
import { exportMyData } from "../models/my-data.server";
import { findSession } from "../models/sessions.server";
import { localText } from "../utils/http.server";
import { readSessionToken } from "../utils/session-cookie.server";

const PRIVATE = { "cache-control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await findSession(readSessionToken(request));
  if (!session) return localText(request, message("refusals.myData.signIn"), 401, PRIVATE);
  const data = await exportMyData(session.address, { origin: new URL(request.url).origin });
  const day = data.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="my-data-${session.address}-${day}.json"`,
      ...PRIVATE,
    },
  });
}
