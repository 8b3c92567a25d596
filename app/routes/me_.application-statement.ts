/**
 * /me/application-statement: the signed-in account's statement for an application (issue 28
 * item 1; app/models/application-statements.server.ts), which the chapter page's apply form
 * (app/components/wallet/apply-form.client.tsx) saves before the application is signed.
 * - GET ?chapter=<id>: JSON `{ confirmed, own }`: whether the account has confirmed
 *   /before-applying's current text, and its statement to that chapter (or null).
 * - POST account, chapterId, statement, contact: saves it (200 `{ saved: true }`); both empty
 *   deletes it. `intent=delete` deletes it and goes back to /me (its form there).
 * Refusals are JSON `{ message, key, values }`: signed out 401, another site or another account's
 * form 403, not yet confirmed 403 (naming /before-applying), a field the form does not have or a
 * bad chapter id 400, a text the rules refuse (app/utils/application-statement.ts) 400, no such
 * chapter 404, an application already waiting 409, too large 413. Never cached.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { message } from "../i18n/message";
import { deleteStatement, ownStatements, pendingApplicationChapter, pruneStatements, saveStatement } from "../models/application-statements.server";
import { chapterExists } from "../models/chapters.server";
import { hasConfirmedDisclosure } from "../models/disclosures.server";
import { findSession } from "../models/sessions.server";
import { readOwnForm } from "../services/own-form.server";
import { checkContact, checkStatement } from "../utils/application-statement";
import { invariantResponse, json, messageBody, parseChapterId } from "../utils/http.server";
import { readSessionToken } from "../utils/session-cookie.server";

const PRIVATE = { "cache-control": "private, no-store" };
/** A statement of 1,000 and a contact of 100 characters, up to 4 bytes each and escaped: well under this. */
const FORM_LIMIT = 16_384;
const FIELDS = new Set(["account", "chapterId", "statement", "contact", "intent"]);

const refuse = (status: number, key: string, values?: Record<string, string | number>) => json(status, messageBody(message(key, values)), PRIVATE);

/** A thrown refusal (a keyed message, already JSON) keeps its body and gains the private cache header. */
async function answering(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const headers = new Headers(error.headers);
    headers.set("cache-control", PRIVATE["cache-control"]);
    return new Response(error.body, { status: error.status, headers });
  }
}

export const loader = ({ request }: LoaderFunctionArgs) =>
  answering(async () => {
    const session = await findSession(readSessionToken(request));
    if (!session) return refuse(401, "refusals.statement.signIn");
    const chapterId = parseChapterId(new URL(request.url).searchParams.get("chapter")).toString();
    const [confirmed, own] = await Promise.all([hasConfirmedDisclosure(session.address), ownStatements(session.address)]);
    return json(200, { confirmed, own: own.find((s) => s.chapterId === chapterId) ?? null }, PRIVATE);
  });

export const action = ({ request, context }: ActionFunctionArgs) =>
  answering(async () => {
    const { session, form } = await readOwnForm(request, { context, limit: FORM_LIMIT, refusals: "refusals.statement" });
    const unknown = [...form.keys()].find((key) => !FIELDS.has(key));
    if (unknown !== undefined) return refuse(400, "refusals.statement.unknownField", { field: unknown.slice(0, 40) });
    const chapterId = parseChapterId(form.get("chapterId")).toString();
    if (form.get("intent") === "delete") {
      await deleteStatement(session.address, chapterId);
      return redirect("/me#statements", { status: 303, headers: PRIVATE });
    }
    const statement = checkStatement(form.get("statement") ?? "");
    if (!statement.ok) return json(400, messageBody(statement.refusal), PRIVATE);
    const contact = checkContact(form.get("contact") ?? "");
    if (!contact.ok) return json(400, messageBody(contact.refusal), PRIVATE);
    if (!(await hasConfirmedDisclosure(session.address))) return refuse(403, "refusals.apply.disclosure", { page: "/before-applying" });
    invariantResponse(await chapterExists(BigInt(chapterId)), message("errors.chapterMissing", { id: chapterId }), { status: 404 });
    if ((await pendingApplicationChapter(session.address)) !== null) return refuse(409, "refusals.statement.pending");
    if (statement.value === null && contact.value === null) await deleteStatement(session.address, chapterId);
    else await saveStatement(session.address, chapterId, { statement: statement.value, contact: contact.value });
    void pruneStatements().catch((error: unknown) => console.warn(`statement pruning failed: ${error instanceof Error ? error.message : String(error)}`));
    return json(200, { saved: true }, PRIVATE);
  });
