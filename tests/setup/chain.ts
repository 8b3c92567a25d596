/**
 * A real anvil (chain 137) with the party contract deployed, one per test file.
 * `party(account)` gives a typed contract instance that sends as that account and waits for the
 * receipt; `snapshot()`/`revert()` let tests reset state between cases cheaply.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContract,
  http,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { partyAbi } from "../../abis/party.js";
import { startAnvil, type StartAnvilParameters } from "../../scripts/lib/anvil.js";
import { deployParty } from "../../scripts/lib/deploy.js";
import { localChain } from "../../scripts/lib/chain-definition.js";
import { ADMIN } from "../fixtures/accounts.js";

export async function setupChain(params: StartAnvilParameters = {}) {
  const anvil = await startAnvil(params);
  const chain = localChain(anvil.rpcUrl);
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const { address, implementation } = await deployParty({ rpcUrl: anvil.rpcUrl, deployer: ADMIN });

  const walletFor = (account: PrivateKeyAccount) => createWalletClient({ chain, transport, account });

  /** Read-only party contract. */
  const read = getContract({ address, abi: partyAbi, client: publicClient });

  /** The party contract as `account`: `write` sends and waits, failing on a revert. */
  const party = (account: PrivateKeyAccount) =>
    getContract({ address, abi: partyAbi, client: { public: publicClient, wallet: walletFor(account) } });

  async function waitFor(hash: Hex) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }

  return {
    anvil,
    rpcUrl: anvil.rpcUrl,
    chain,
    address: address as Address,
    implementation,
    publicClient,
    testClient,
    walletFor,
    read,
    party,
    waitFor,
    snapshot: () => testClient.snapshot(),
    revert: (id: Hex) => testClient.revert({ id }),
    stop: () => anvil.stop(),
  };
}

export type TestChain = Awaited<ReturnType<typeof setupChain>>;
