/**
 * GET /api/accounts?owner=0x…[&owner=0x…] — the passkey accounts these owners own now, from the
 * read model, earliest addition first (app/models/account-owners.server.ts): how the local
 * wallet's sign-in finds the account of a passkey that was added to one, whose own address would
 * open an empty account. An owner is `webAuthnVerifier ++ qx ++ qy` (84 bytes); at most four (a
 * signature admits two public keys). 200 `{ accounts: [{ owner, account, addedBlock, addedAt }] }`,
 * 400 `{ message }` naming what is wrong, 405 not GET, 503 database not reachable.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Hex } from "viem";
import { accountsOfOwners } from "../models/account-owners.server";
import { invariantResponse, json, jsonErrors, methodNotAllowed } from "../utils/http.server";

const MAX_LOOKUP_OWNERS = 4;

export function loader({ request }: LoaderFunctionArgs) {
  return jsonErrors(async () => {
    const owners = new URL(request.url).searchParams.getAll("owner");
    invariantResponse(owners.length > 0, "owner is missing: give one or more ?owner=0x… (the verifier's address and the public key, 84 bytes)");
    invariantResponse(owners.length <= MAX_LOOKUP_OWNERS, `at most ${MAX_LOOKUP_OWNERS} owners at once`);
    for (const owner of owners) {
      invariantResponse(/^0x[0-9a-fA-F]{168}$/.test(owner), `owner must be 0x followed by 168 hex digits (84 bytes), got "${owner.slice(0, 80)}"`);
    }
    return json(200, { accounts: await accountsOfOwners({ owners: owners as Hex[] }) });
  });
}

export function action() {
  return methodNotAllowed("GET");
}
