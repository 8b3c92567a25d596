/**
 * GET /api/operations/:hash — one registered user operation, its status brought up to date
 * first (and persisted): 200 `{ userOpHash, sender, operation, subject, status, transactionHash,
 * blockNumber, error, createdAt, updatedAt }`, status one of signed, included, indexed, final,
 * failed (rules in app/utils/operation-status.ts; error "Transaction reverted: <Name>" when
 * failed). 400 not a 32-byte hash · 404 never registered · 405 not GET · 429 over 240 lookups
 * a minute per client (guardLookup: the wallet polls it, and a record is brought up to date from
 * the bundler and the chain, whose answers are kept a second per hash) · 503 database down.
 * No client state is needed: after a reload the page asks again with the hash it shows.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isBytes32 } from "../ground/hex";
import { getOperation } from "../services/operations/advance.server";
import { json, jsonErrors, methodNotAllowed } from "../utils/http.server";
import { guardLookup } from "../utils/post-guard.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const limited = await guardLookup(request, { context });
  if (limited) return limited;
  const hash = params.hash ?? "";
  if (!isBytes32(hash)) {
    return json(400, { message: "hash: must be a user operation hash (0x followed by 64 hex digits)", field: "hash" });
  }
  return jsonErrors(async () => {
    const record = await getOperation(hash);
    if (!record) return json(404, { message: `No user operation ${hash} is registered here` });
    return json(200, record);
  });
}

export function action() {
  return methodNotAllowed("GET");
}
