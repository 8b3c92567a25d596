/**
 * The passkey account's owner limit (SPEC 6's OwnersLimitExceeded): at most MAX_OWNERS owners,
 * whether the factory creates the account with them or updateOwners adds them, and the limit
 * holds for the result of a call, so a full account can still replace one owner in one call.
 * The account acts as itself through anvil's impersonation (as an owner-signed user operation
 * would: msg.sender is the account); the bundler path is tests/app/wallet/local/smart-account.test.ts's.
 */
import { encodeFunctionData, pad, parseEventLogs, parseEther, type Address, type Hex } from "viem";
import { partyAccountAbi } from "../../abis/party-account.js";
import { partyAccountFactoryAbi } from "../../abis/party-account-factory.js";
import { normaliseOwners, ownerFromPublicKey } from "../../app/wallet/local/smart-account.js";
import { deployWalletInfra, type DeployWalletInfraReturnType } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { createSoftwarePasskey } from "../fixtures/software-passkey.js";
import { useChain } from "./helpers.js";

const ctx = useChain();
let infra: DeployWalletInfraReturnType;
let limit: number;

/** `n` fresh passkey owners, normalised as the factory takes them. */
const newOwners = (n: number): Hex[] =>
  normaliseOwners(Array.from({ length: n }, () => createSoftwarePasskey().publicKey)).map((key) => ownerFromPublicKey(key, infra.webAuthnVerifier));

let salt = 0;
/** The factory's arguments for an account of these owners, each call with its own salt (the account's errors bubble up through the factory). */
const creation = (owners: Hex[]) => ({ address: infra.factory, abi: [...partyAccountFactoryAbi, ...partyAccountAbi], functionName: "createAccount", args: [owners, pad(`0x${(++salt).toString(16).padStart(2, "0")}`)] }) as const;

async function createAccount(owners: Hex[]): Promise<Address> {
  const { tc } = ctx;
  const { result, request } = await tc.publicClient.simulateContract({ account: ADMIN, ...creation(owners) });
  await tc.waitFor(await tc.walletFor(ADMIN).writeContract(request));
  return result;
}

/** updateOwners as the account itself: simulated (so a revert names its error), then sent. */
async function updateOwners(account: Address, add: Hex[], remove: Hex[]) {
  const { tc } = ctx;
  const call = { address: account, abi: partyAccountAbi, functionName: "updateOwners", args: [add, remove] } as const;
  await tc.publicClient.simulateContract({ account, ...call });
  await tc.testClient.impersonateAccount({ address: account });
  await tc.testClient.setBalance({ address: account, value: parseEther("1") });
  try {
    return await tc.waitFor(await tc.testClient.sendUnsignedTransaction({ from: account, to: account, data: encodeFunctionData(call) }));
  } finally {
    await tc.testClient.stopImpersonatingAccount({ address: account });
  }
}

const owners = (account: Address) => ctx.tc.publicClient.readContract({ address: account, abi: partyAccountAbi, functionName: "owners" });

beforeAll(async () => {
  infra = await deployWalletInfra({ rpcUrl: ctx.tc.rpcUrl, deployer: ADMIN });
  limit = Number(await ctx.tc.publicClient.readContract({ address: infra.accountImplementation, abi: partyAccountAbi, functionName: "MAX_OWNERS" }));
});

it("allows ten owners: a person's devices with room to spare", () => {
  expect(limit).toBe(10);
});

it("the factory creates an account with MAX_OWNERS owners, and refuses one more", async () => {
  const full = await createAccount(newOwners(limit));
  expect(await owners(full)).toHaveLength(limit);
  await expect(ctx.tc.publicClient.simulateContract({ account: ADMIN, ...creation(newOwners(limit + 1)) })).rejects.toThrow(/OwnersLimitExceeded/);
});

it("updateOwners adds up to the limit, refuses one more, and still replaces one owner of a full account", async () => {
  const first = newOwners(limit);
  const account = await createAccount(first.slice(0, 1));
  await updateOwners(account, first.slice(1), []);
  expect(await owners(account)).toHaveLength(limit);

  const [extra] = newOwners(1);
  await expect(updateOwners(account, [extra!], [])).rejects.toThrow(/OwnersLimitExceeded/);
  // Adding two and removing two: the count passes the limit in between, not at the end.
  const [a, b] = newOwners(2);
  const receipt = await updateOwners(account, [a!, b!], [first[0]!, first[1]!]);
  const [event] = parseEventLogs({ abi: partyAccountAbi, logs: receipt.logs, eventName: "OwnersUpdated" });
  expect(event!.args).toEqual({ added: [a, b], removed: [first[0], first[1]] });
  expect(new Set(await owners(account))).toEqual(new Set([...first.slice(2), a, b]));
});

it("removing every owner is refused with EmptyOwnersNotAllowed, and a missing one with OwnerDoesNotExist", async () => {
  const [only, stranger] = newOwners(2);
  const account = await createAccount([only!]);
  await expect(updateOwners(account, [], [only!])).rejects.toThrow(/EmptyOwnersNotAllowed/);
  await expect(updateOwners(account, [], [stranger!])).rejects.toThrow(/OwnerDoesNotExist/);
  // Replacing the only owner is one call.
  await updateOwners(account, [stranger!], [only!]);
  expect(await owners(account)).toEqual([stranger]);
});
