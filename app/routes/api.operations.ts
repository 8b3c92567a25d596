/**
 * /api/operations — the server's record of the user operations members sent (the status rules:
 * app/utils/operation-status.ts; registering and advancing: app/services/operations/).
 *
 * POST, JSON `{ userOpHash, sender, operation, args, userOperation?, replaces?, clickedAt? }`, right
 * after the bundler accepted the operation (eth_sendUserOperation returned `userOpHash`;
 * `userOperation` is the signed operation it was given; `clickedAt` the click, ms since 1970, for
 * analytics: a time more than 5 s ahead or 10 minutes behind the server's becomes the
 * registration time, a non-number is a 400):
 *   201 `{ userOpHash, status: "signed" }` registered; 200 `{ userOpHash, status }` the same hash
 *   was registered before with the same contents (idempotent; status as it is now);
 *   400 `{ message, field }` invalid input — `operation` not a registry name, `args` that the
 *   operation's schema refuses (field `args.<name>`) — or an unproven record: the bundler (or the
 *   chain through it) must know `userOpHash` with this `sender` and a callData that makes the
 *   call `args` describe; while the operation is not in a block yet, the request must carry
 *   `userOperation`, whose hash must be `userOpHash` (app/services/operations/proof.server.ts);
 *   409 the hash is registered for another operation; 413 body over 64 KB; 415 not JSON;
 *   403 cross-site, 429 over 100 requests a minute per client (guardPost); 503 database or
 *   bundler not reachable. Nothing is stored on any of these. The subject is computed here from
 *   `operation` and `args` with the operations registry; a client's subject is never taken.
 *   `replaces` names the stuck operation this one replaces (same nonce, fees × 1.1): it must be a
 *   registered operation of the same sender (400 otherwise), and becomes failed, "Replaced by
 *   <hash>". Records are deleted a week after registration (retention.server.ts). When an
 *   operation ends (indexed or failed) its one analytics event is sent (outcome.server.ts).
 *
 * GET ?sender=0x…[&chapterId=…][&account=0x…][&evaluationId=…]
 *   200 `{ operations: [record, …] }`: the sender's operations that are not final or failed yet,
 *   newest first (at most 50), each brought up to date on the way; the subject filters narrow it
 *   to operations about all of the given chapter, account and evaluation. 400 without a valid
 *   sender; 429 over 240 lookups a minute per client (guardLookup). A record is what
 *   GET /api/operations/:hash answers.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPendingOperations } from "../services/operations/advance.server";
import { registerOperation } from "../services/operations/register.server";
import { json, jsonErrors, methodNotAllowed, parseAddress, parseChapterId, parseEvaluationId } from "../utils/http.server";
import { guardLookup, guardPost } from "../utils/post-guard.server";
import { readLimited } from "../ground/read-limited";

const MAX_BODY_BYTES = 64 * 1024;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Each record is brought up to date from the bundler and the chain: one client gets a share.
  const limited = await guardLookup(request, { context });
  if (limited) return limited;
  return jsonErrors(async () => {
    const url = new URL(request.url);
    const param = (name: string) => {
      const value = url.searchParams.get(name);
      return value === null || value === "" ? undefined : value;
    };
    const sender = parseAddress(param("sender") ?? null, "sender");
    const chapterId = param("chapterId");
    const evaluationId = param("evaluationId");
    const account = param("account");
    const operations = await listPendingOperations({
      sender,
      ...(chapterId === undefined ? {} : { chapterId: parseChapterId(chapterId) }),
      ...(evaluationId === undefined ? {} : { evaluationId: parseEvaluationId(evaluationId) }),
      ...(account === undefined ? {} : { account: parseAddress(account, "account") }),
    });
    return json(200, { operations });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const refused = await guardPost(request, { bucket: "default", context });
  if (refused) return refused;
  return jsonErrors(async () => {
    const type = request.headers.get("content-type") ?? "";
    if (type && !/^application\/json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
      return json(415, { message: "Send the body as JSON: { userOpHash, sender, operation, args }" });
    }
    const text = await readLimited(request, MAX_BODY_BYTES);
    if (text === undefined) return json(413, { message: `The body must be at most ${MAX_BODY_BYTES} bytes` });
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return json(400, { message: "The body is not valid JSON: send { userOpHash, sender, operation, args }" });
    }
    const result = await registerOperation(body);
    if (!result.ok) return json(result.status, { message: result.message, ...(result.field ? { field: result.field } : {}) });
    return json(result.created ? 201 : 200, { userOpHash: result.record.userOpHash, status: result.record.status });
  });
}
