/**
 * Passkey accounts without a bundler, for the contract and indexer tests of their owners: the
 * factory creates them (sent by ADMIN), and an account changes its owners as itself through
 * anvil's impersonation (msg.sender is the account, as in an owner-signed user operation).
 *
 *   const accounts = passkeyAccounts(tc, infra);
 *   const [k1, k2] = accounts.newOwners(2);
 *   const account = await accounts.create([k1]);
 *   await accounts.updateOwners(account, [k2], [k1]);
 */
import { encodeFunctionData, pad, parseEther, toHex, type Address, type Hex } from "viem";
import { partyAccountAbi } from "../../abis/party-account.js";
import { partyAccountFactoryAbi } from "../../abis/party-account-factory.js";
import { normaliseOwners, ownerFromPublicKey } from "../../app/wallet/local/smart-account.js";
import type { DeployWalletInfraReturnType } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { createSoftwarePasskey } from "../fixtures/software-passkey.js";
import type { TestChain } from "./chain.js";

export function passkeyAccounts(tc: Pick<TestChain, "publicClient" | "testClient" | "walletFor" | "waitFor">, infra: Pick<DeployWalletInfraReturnType, "factory" | "webAuthnVerifier">) {
  let salt = 0;
  /** The factory's arguments for an account of these owners, each with its own salt (the account's errors bubble up through the factory). */
  const creation = (owners: Hex[]) =>
    ({ address: infra.factory, abi: [...partyAccountFactoryAbi, ...partyAccountAbi], functionName: "createAccount", args: [owners, pad(toHex(++salt))] }) as const;

  return {
    creation,
    /** `n` fresh passkey owners (`verifier ++ qx ++ qy`), normalised as the factory takes them. */
    newOwners: (n: number): Hex[] =>
      normaliseOwners(Array.from({ length: n }, () => createSoftwarePasskey().publicKey)).map((key) => ownerFromPublicKey(key, infra.webAuthnVerifier)),
    async create(owners: Hex[]): Promise<Address> {
      const { result, request } = await tc.publicClient.simulateContract({ account: ADMIN, ...creation(owners) });
      await tc.waitFor(await tc.walletFor(ADMIN).writeContract(request));
      return result;
    },
    /** updateOwners as the account itself: simulated first (so a revert names its error), then sent. */
    async updateOwners(account: Address, add: Hex[], remove: Hex[]) {
      const call = { address: account, abi: partyAccountAbi, functionName: "updateOwners", args: [add, remove] } as const;
      await tc.publicClient.simulateContract({ account, ...call });
      await tc.testClient.impersonateAccount({ address: account });
      await tc.testClient.setBalance({ address: account, value: parseEther("1") });
      try {
        return await tc.waitFor(await tc.testClient.sendUnsignedTransaction({ from: account, to: account, data: encodeFunctionData(call) }));
      } finally {
        await tc.testClient.stopImpersonatingAccount({ address: account });
      }
    },
    owners: (account: Address) => tc.publicClient.readContract({ address: account, abi: partyAccountAbi, functionName: "owners" }),
  };
}
