/**
 * The passkey account's owner limit (SPEC 6's OwnersLimitExceeded): at most MAX_OWNERS owners,
 * whether the factory creates the account with them or updateOwners adds them, and the limit
 * holds for the result of a call, so a full account can still replace owners in one call. The
 * account acts as itself (tests/setup/account-owners.ts); the bundler path is
 * tests/app/wallet/local/smart-account.test.ts's.
 */
import { parseEventLogs } from "viem";
import { partyAccountAbi } from "../../abis/party-account.js";
import { MAX_OWNERS } from "../../app/calls/update-owners.js";
import { deployWalletInfra } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { passkeyAccounts } from "../setup/account-owners.js";
import { useChain } from "./helpers.js";

const ctx = useChain();
let accounts: ReturnType<typeof passkeyAccounts>;
let limit: number;

beforeAll(async () => {
  const infra = await deployWalletInfra({ rpcUrl: ctx.tc.rpcUrl, deployer: ADMIN });
  accounts = passkeyAccounts(ctx.tc, infra);
  limit = Number(await ctx.tc.publicClient.readContract({ address: infra.accountImplementation, abi: partyAccountAbi, functionName: "MAX_OWNERS" }));
});

it("allows ten owners: a person's devices with room to spare (the app's MAX_OWNERS)", () => {
  expect(limit).toBe(10);
  expect(MAX_OWNERS).toBe(limit);
});

it("the factory creates an account with MAX_OWNERS owners, and refuses one more", async () => {
  const full = await accounts.create(accounts.newOwners(limit));
  expect(await accounts.owners(full)).toHaveLength(limit);
  await expect(ctx.tc.publicClient.simulateContract({ account: ADMIN, ...accounts.creation(accounts.newOwners(limit + 1)) })).rejects.toThrow(
    /OwnersLimitExceeded/,
  );
});

it("updateOwners adds up to the limit, refuses one more, and still replaces owners of a full account", async () => {
  const first = accounts.newOwners(limit);
  const account = await accounts.create(first.slice(0, 1));
  await accounts.updateOwners(account, first.slice(1), []);
  expect(await accounts.owners(account)).toHaveLength(limit);

  const [extra] = accounts.newOwners(1);
  await expect(accounts.updateOwners(account, [extra!], [])).rejects.toThrow(/OwnersLimitExceeded/);
  // Adding two and removing two: the count passes the limit in between, not at the end.
  const [a, b] = accounts.newOwners(2);
  const receipt = await accounts.updateOwners(account, [a!, b!], [first[0]!, first[1]!]);
  const [event] = parseEventLogs({ abi: partyAccountAbi, logs: receipt.logs, eventName: "OwnersUpdated" });
  expect(event!.args).toEqual({ added: [a, b], removed: [first[0], first[1]] });
  expect(new Set(await accounts.owners(account))).toEqual(new Set([...first.slice(2), a, b]));
});

it("removing every owner is refused with EmptyOwnersNotAllowed, and a missing one with OwnerDoesNotExist", async () => {
  const [only, stranger] = accounts.newOwners(2);
  const account = await accounts.create([only!]);
  await expect(accounts.updateOwners(account, [], [only!])).rejects.toThrow(/EmptyOwnersNotAllowed/);
  await expect(accounts.updateOwners(account, [], [stranger!])).rejects.toThrow(/OwnerDoesNotExist/);
  // Replacing the only owner is one call.
  await accounts.updateOwners(account, [stranger!], [only!]);
  expect(await accounts.owners(account)).toEqual([stranger]);
});
