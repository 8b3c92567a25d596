/**
 * POST /api/documents — a minter's document, added and pinned on the party's IPFS node and kept in
 * the app's store, before anything is signed: the form then mints (or sends) with the CID it
 * answers. Body: JSON `{ kind: "evaluation" | "info", language, title, body, scale? }`
 * (app/documents/document.ts). 200 `{ cid, hashCode, hashSize, hashDigest }`; 400 `{ message,
 * field, key, values }`; 401 not signed in; 403 not the evaluation minter (info sender), or
 * cross-site; 413 body too large; 429 (guardKeyedPost); 503 IPFS not reachable (nothing stored).
 * Refusals carry their key and values beside the English, for the form to say in the page's language.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { inputIssue } from "../calls/operation";
import { draftSchema } from "../documents/document";
import { message } from "../i18n/message";
import { getViewer } from "../models/viewer.server";
import { publishDocument } from "../services/documents.server";
import { json, messageBody, methodNotAllowed, refused, refusedJson } from "../utils/http.server";
import { guardKeyedPost } from "../utils/post-guard.server";
import { readLimited } from "../ground/read-limited";
import { holds } from "../utils/viewer";

/** A body of 50,000 characters is at most 200 KB of UTF-8; the title and scale add little. */
export const MAX_DOCUMENT_REQUEST_BYTES = 256 * 1024;

export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const guarded = await guardKeyedPost(request, { bucket: "default", context });
  if (guarded) return guarded;
  const viewer = await getViewer(request);
  if (!viewer) return refusedJson(refused(401, message("documents.api.notSignedIn")));

  const text = await readLimited(request, MAX_DOCUMENT_REQUEST_BYTES);
  if (text === undefined) return refusedJson(refused(413, message("documents.api.tooLarge", { size: MAX_DOCUMENT_REQUEST_BYTES / 1024 })));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refusedJson(refused(400, message("documents.api.notJson")));
  }
  const parsed = draftSchema.safeParse(body);
  if (!parsed.success) {
    const issue = inputIssue(parsed.error, []);
    return json(400, { ...messageBody(issue.said), message: issue.message, field: issue.field });
  }
  const document = parsed.data;
  const role = document.kind === "evaluation" ? "evaluationMinter" : "infoSender";
  if (!holds(viewer, role)) return refusedJson(refused(403, message(`documents.api.not.${role}`)));

  const published = await publishDocument(document);
  if (!published.ok) return refusedJson(published);
  return json(200, { cid: published.cid, ...published.contentId });
}
