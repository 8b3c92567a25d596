/**
 * POST /api/calls/:operation — the unsigned call data for one party contract operation, checked
 * against the chain first. Body: JSON `{ from, args }` (or form data with the same names).
 * 200 `{ operation, calls: [{ to, data, value }] }` (value as a decimal string), 400 invalid
 * input `{ message, field }`, 404 unknown operation, 405 not POST, 413 body too large,
 * 422 `{ error, message: "Transaction reverted: <Name>", key: "wallet.reverted", values: { name, ...the error's arguments } }`,
 * 503 chain not reachable; 403 cross-site and 429 over 100 requests a minute per client
 * (guardKeyedPost); 403 for an application from an account that has not confirmed /before-applying
 * (app/services/apply-gate.server.ts), before the chain is asked. The 422, 503, 403 and 429 add
 * their message's `key` and `values` beside the English: the write button says them in the page's language.
 * A resource route: the forms post here with fetchers and the wallet signs what comes back.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { isOperationName, operations } from "../calls";
import { readCallRequest } from "../calls/request";
import { applyGate } from "../services/apply-gate.server";
import { preflight } from "../services/preflight.server";
import { partyAddress } from "../ground/env.server";
import { json, messageBody, methodNotAllowed, refusedJson } from "../utils/http.server";
import { guardKeyedPost } from "../utils/post-guard.server";

/** Without a loader, Remix would answer a GET with its own error; say it plainly instead. */
export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const refused = await guardKeyedPost(request, { bucket: "default", context });
  if (refused) return refused;
  const name = params.operation;
  if (!isOperationName(name)) return json(404, { message: `Unknown operation "${String(name).slice(0, 80)}"` });

  const body = await readCallRequest(request);
  if (!body.ok) return json(body.status, { message: body.message, ...(body.field ? { field: body.field } : {}) });

  const prepared = operations[name].prepare(partyAddress(), body.args);
  if (!prepared.ok) return json(400, { message: prepared.message, field: prepared.field });

  const gated = await applyGate(name, body.from);
  if (gated) return refusedJson(gated);

  const outcome = await preflight({ from: body.from, calls: prepared.calls });
  if (outcome.status === "reverted") return json(422, { error: outcome.error, ...messageBody(outcome.said) });
  if (outcome.status === "unavailable") return refusedJson(outcome.refused);

  const calls = prepared.calls.map(({ to, data, value }) => ({ to, data, value: value.toString() }));
  return json(200, { operation: name, calls });
}
