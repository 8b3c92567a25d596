/**
 * The local wallet's factory and paymaster contracts on a real anvil: the factory takes only the
 * normalised owner list and creates each account once, and the paymaster sponsors PartyAccount
 * clones and no other sender. No bundler: the wallet infrastructure alone, on a chain without demo
 * data.
 */
import { keccak256, pad, parseEventLogs, zeroAddress, type Address, type Hex } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { partyAccountAbi } from "../../../../abis/party-account.js";
import { partyAccountFactoryAbi } from "../../../../abis/party-account-factory.js";
import { sponsorPaymasterAbi } from "../../../../abis/sponsor-paymaster.js";
import {
  ownerFromPublicKey,
  toPartyAccount,
  type PartyAccount,
  type ToPartyAccountParameters,
} from "../../../../app/wallet/local/smart-account.js";
import { deployWalletInfra, type DeployWalletInfraReturnType } from "../../../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../../../fixtures/accounts.js";
import { createSoftwarePasskey, type SoftwarePasskey } from "../../../fixtures/software-passkey.js";
import { startStack, type Stack } from "../../../setup/stack.js";

let stack: Stack;
let infra: DeployWalletInfraReturnType;
/** The PartyAccount signed by `passkey` (a fresh software passkey when unset), with other account parameters. */
const accountFor = (passkey: SoftwarePasskey = createSoftwarePasskey(), options: Partial<Omit<ToPartyAccountParameters, "client" | "owner">> = {}) =>
  toPartyAccount({ client: stack.publicClient, owner: passkey.account, ...infra, ...options });

const key1 = createSoftwarePasskey();
const key3 = createSoftwarePasskey();
let owner1: Hex, owner3: Hex;
/** An account the factory has deployed: the clone the paymaster sponsors. */
let deployed: PartyAccount;

beforeAll(async () => {
  stack = await startStack({ seed: false, indexer: false, app: false });
  infra = await deployWalletInfra({ rpcUrl: stack.rpcUrl, deployer: ADMIN });
  [owner1, owner3] = [key1, key3].map((k) => ownerFromPublicKey(k.publicKey, infra.webAuthnVerifier));
  deployed = await accountFor();
  const { factory, factoryData } = await deployed.getFactoryArgs();
  await stack.waitFor(await stack.walletFor(ADMIN).sendTransaction({ to: factory!, data: factoryData! }));
});
afterAll(() => stack?.stop());

describe("factory", () => {
  const getAddress = (owners: Hex[], salt: Hex = pad("0x")) =>
    stack.publicClient.readContract({ address: infra.factory, abi: partyAccountFactoryAbi, functionName: "getAddress", args: [owners, salt] });

  it("takes only the normalised owner list, which the client produces from any order", async () => {
    const sorted = [owner1, owner3].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    await expect(getAddress([sorted[1], sorted[0]])).rejects.toThrow(/OwnersNotNormalised/);
    await expect(getAddress([sorted[0], sorted[0]])).rejects.toThrow(/OwnersNotNormalised/);
    await expect(getAddress([])).rejects.toThrow(/EmptyOwnersNotAllowed/);

    const account = await accountFor(key1, { owners: [key3.publicKey, key1.publicKey, key3.publicKey, "0x"] });
    expect(account.address).toBe(await getAddress(sorted));
    expect(account.initialOwners).toEqual(sorted);
    // Another salt, another account.
    expect(await getAddress(sorted, pad("0x01"))).not.toBe(account.address);
  });

  it("createAccount is idempotent and refuses owners that are not passkeys on the verifier", async () => {
    const owners = [ownerFromPublicKey(createSoftwarePasskey().publicKey, infra.webAuthnVerifier)];
    const salt = pad("0x07");
    const wallet = stack.walletFor(ADMIN);
    const create = async () =>
      stack.waitFor(await wallet.writeContract({ address: infra.factory, abi: partyAccountFactoryAbi, functionName: "createAccount", args: [owners, salt] }));
    const first = await create();
    const second = await create();
    const created = (logs: typeof first.logs) => parseEventLogs({ abi: partyAccountFactoryAbi, logs, eventName: "AccountCreated" });
    expect(created(first.logs)).toHaveLength(1);
    expect(created(second.logs)).toHaveLength(0);
    expect(created(first.logs)[0].args.account).toBe(await getAddress(owners, salt));

    await expect(
      stack.publicClient.simulateContract({
        address: infra.factory,
        // The account's errors bubble up through the factory.
        abi: [...partyAccountFactoryAbi, ...partyAccountAbi],
        functionName: "createAccount",
        args: [[ownerFromPublicKey(`0x${"11".repeat(64)}`, infra.webAuthnVerifier)], salt],
      }),
    ).rejects.toThrow(/InvalidOwner/);
  });
});

describe("paymaster", () => {
  it("sponsors PartyAccount clones and no other sender", async () => {
    const code = await stack.publicClient.getCode({ address: deployed.address });
    expect(await stack.publicClient.readContract({ address: infra.paymaster, abi: sponsorPaymasterAbi, functionName: "accountCodeHash" })).toBe(
      keccak256(code!),
    );
    const validate = async (sender: Address) => {
      const userOp = {
        sender,
        nonce: 0n,
        initCode: "0x",
        callData: "0x",
        accountGasLimits: pad("0x", { size: 32 }),
        preVerificationGas: 0n,
        gasFees: pad("0x", { size: 32 }),
        paymasterAndData: "0x",
        signature: "0x",
      } as const;
      const { result } = await stack.publicClient.simulateContract({
        account: entryPoint07Address,
        address: infra.paymaster,
        abi: sponsorPaymasterAbi,
        functionName: "validatePaymasterUserOp",
        args: [userOp, pad("0x"), 0n],
      });
      return result[1];
    };
    expect(await validate(deployed.address)).toBe(0n);
    expect(await validate(ADMIN.address)).toBe(1n);
    expect(await validate(infra.accountImplementation)).toBe(1n);
    expect(await validate(zeroAddress)).toBe(1n);
  });
});
