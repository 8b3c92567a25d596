/**
 * POST /api/calls/updateOwners against a real chain: the preflight runs the call from the sender
 * to its own account, so every passkey-account error a member can meet is a 422 with SPEC 8's
 * "Transaction reverted: <Name>" before anything is signed (the sentences: wallet-errors.test.ts).
 */
import type { Address, Hex } from "viem";
import { ownerOfKey } from "../../../app/utils/device-link.js";
import { deployWalletInfra } from "../../../scripts/lib/wallet-infra.js";
import { ADMIN, ALICE } from "../../fixtures/accounts.js";
import { passkeyAccounts } from "../../setup/account-owners.js";
import { post, useActionChain } from "./action.js";

const ctx = useActionChain();
let accounts: ReturnType<typeof passkeyAccounts>;
let verifier: Address;
let account: Address;
let first: Hex, second: Hex;

beforeAll(async () => {
  const infra = await deployWalletInfra({ rpcUrl: ctx.tc.rpcUrl, deployer: ADMIN });
  verifier = infra.webAuthnVerifier;
  accounts = passkeyAccounts(ctx.tc, infra);
  [first, second] = accounts.newOwners(2) as [Hex, Hex];
  account = await accounts.create([first]);
});

const update = (args: { add?: Hex[]; remove?: Hex[] }, from: Address = account) => post("updateOwners", { from, args: { account, ...args } });
const reverted = (error: string) => ({
  status: 422,
  body: { error, message: `Transaction reverted: ${error}`, key: "wallet.reverted", values: expect.objectContaining({ name: error }) },
});

it("answers the call to the account itself when the contract would take it", async () => {
  const { status, body } = await update({ add: [second] });
  expect(status).toBe(200);
  expect(body.calls).toEqual([expect.objectContaining({ to: account, value: "0" })]);
});

it("answers each passkey-account error as SPEC 8's revert text", async () => {
  expect(await update({ remove: [first] })).toEqual(reverted("EmptyOwnersNotAllowed"));
  expect(await update({ remove: [second] })).toEqual(reverted("OwnerDoesNotExist"));
  expect(await update({ add: [ownerOfKey(`0x${"11".repeat(64)}`, verifier)] })).toEqual(reverted("InvalidOwner"));
  expect(await update({ add: [first] })).toEqual(reverted("MultiSignerERC7913AlreadyExists"));
  expect(await update({ add: accounts.newOwners(10) })).toEqual(reverted("OwnersLimitExceeded"));
  // Another sender cannot change this account's passkeys.
  expect(await update({ add: [second] }, ALICE.address)).toEqual(reverted("AccountUnauthorized"));
});
