/**
 * GET /api/operations/:hash — one registered user operation, its status brought up to date
 * first (and persisted): 200 `{ userOpHash, sender, operation, subject, status, transactionHash,
 * blockNumber, error, createdAt, updatedAt }`, status one of signed, included, indexed, final,
 * failed (rules in app/models/operations.server.ts; error "Transaction reverted: <Name>" when
 * failed). 400 not a 32-byte hash · 404 never registered · 405 not GET · 503 database down.
 * No client state is needed: after a reload the page asks again with the hash it shows.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Hex } from "viem";
import { getOperation } from "../models/operations.server";

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers } });

export async function loader({ params }: LoaderFunctionArgs) {
  const hash = params.hash ?? "";
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    return json(400, { message: "hash: must be a user operation hash (0x followed by 64 hex digits)", field: "hash" });
  }
  try {
    const record = await getOperation(hash as Hex);
    if (!record) return json(404, { message: `No user operation ${hash} is registered here` });
    return json(200, record);
  } catch (error) {
    if (error instanceof Response) return json(error.status, { message: await error.text() });
    throw error;
  }
}

export function action() {
  return json(405, { message: "Only GET is allowed here" }, { allow: "GET" });
}
