/**
 * The local sign-in's owner → account lookup (app/wallet/local/account-lookup.ts) over a stand-in
 * for GET /api/accounts: of a signature's candidate keys, the one an account lists as its owner is
 * the passkey's, with that account; none listed means the key's own account; a server that cannot
 * answer is a clear error, never a silently empty account.
 */
import { getAddress, type Hex } from "viem";
import { findOwnedAccount } from "../../../../app/wallet/local/account-lookup";
import { ownerFromPublicKey } from "../../../../app/wallet/local/smart-account";
import { WalletActionError } from "../../../../app/wallet/errors";

const VERIFIER = "0x4a4159C5f06E407CE0F54525895Fa05e0453eEe2";
const [wrong, right]: Hex[] = [`0x${"0a".repeat(64)}`, `0x${"0b".repeat(64)}`];
const ACCOUNT = "0x00000000000000000000000000000000000a11ce";

/** A GET /api/accounts answering `status` and `body`, which remembers the owners it was asked about. */
function server(status: number, body: object) {
  const asked: string[][] = [];
  const fetch = (async (url: string) => {
    asked.push(new URL(url, "http://app.test").searchParams.getAll("owner"));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

it("asks about every candidate's owner bytes, and picks the one an account lists", async () => {
  const { fetch, asked } = server(200, { accounts: [{ owner: ownerFromPublicKey(right, VERIFIER), account: ACCOUNT, addedBlock: "7", addedAt: "1" }] });
  expect(await findOwnedAccount({ candidates: [wrong, right], verifier: VERIFIER, fetch })).toEqual({ publicKey: right, account: getAddress(ACCOUNT) });
  expect(asked).toEqual([[wrong, right].map((key) => ownerFromPublicKey(key, VERIFIER))]);
});

it("is undefined when no account lists either key (a new passkey, or one on its own account)", async () => {
  expect(await findOwnedAccount({ candidates: [wrong, right], verifier: VERIFIER, fetch: server(200, { accounts: [] }).fetch })).toBeUndefined();
});

it("fails clearly when the server cannot answer", async () => {
  const failing = findOwnedAccount({ candidates: [right], verifier: VERIFIER, fetch: server(503, { message: "The database is not reachable right now" }).fetch });
  await expect(failing).rejects.toThrow(WalletActionError);
  await expect(failing).rejects.toThrow("Could not look up this passkey's account: The database is not reachable right now. Try again in a few seconds.");
  const unreachable = (() => Promise.reject(new TypeError("fetch failed"))) as typeof globalThis.fetch;
  await expect(findOwnedAccount({ candidates: [right], verifier: VERIFIER, fetch: unreachable })).rejects.toThrow(/the server did not answer/);
});
