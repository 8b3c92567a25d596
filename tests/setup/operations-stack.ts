/**
 * The whole write path for the lifecycle tests and bench:writes: anvil (chain 137) with the party
 * contract and the wallet infrastructure, the alto bundler, the app's migrations, the indexer
 * (Ponder) filling the read model, and the app's environment (`appEnv`) pointing at all of them,
 * for route modules called in-process or for an app server the caller starts.
 *
 * No vitest imports: scripts/bench-writes.ts uses it as well. The caller brings the database
 * (a fresh one: setupTestDatabase() in tests, createDatabase() in the bench).
 */
import { randomBytes } from "node:crypto";
import { createPublicClient, createTestClient, createWalletClient, getContract, http, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { partyAbi } from "../../abis/party.js";
import { partyDeployment } from "../../abis/deployments.js";
import { migrate } from "../../db/migrate.js";
import { startAnvil } from "../../scripts/lib/anvil.js";
import { deployParty } from "../../scripts/lib/deploy.js";
import { startIndexer, type Indexer } from "../../scripts/lib/indexer.js";
import { localChain } from "../../scripts/lib/chain-definition.js";
import { ADMIN } from "../fixtures/accounts.js";
import { startWalletServices, type WalletServicesOptions } from "./wallet-services.js";

export type StartOperationsStackParameters = WalletServicesOptions & {
  databaseUrl: string;
  /** Seconds per block (anvil --block-time); automine when unset. */
  blockTime?: number;
  /** Where the indexer's output goes (kept in memory when unset). */
  indexerLog?: (text: string) => void;
};

export async function startOperationsStack(params: StartOperationsStackParameters) {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((error: unknown) => console.error("operations stack stop:", error));
  };
  try {
    const anvil = await startAnvil({ blockTime: params.blockTime });
    stops.push(anvil.stop);
    const rpcUrl = anvil.rpcUrl;
    const chain = localChain(rpcUrl);
    const transport = http(rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
    const testClient = createTestClient({ chain, transport, mode: "anvil" });
    const { address } = await deployParty({ rpcUrl, deployer: ADMIN });
    if (address !== partyDeployment({ PARTY_ENV: "local" }).address) throw new Error(`party at ${address}, the app expects the local address`);

    const wallet = await startWalletServices({ rpcUrl, publicClient }, { bundleMode: params.bundleMode });
    stops.push(wallet.stop);

    await migrate(params.databaseUrl);
    const id = randomBytes(5).toString("hex");
    const indexer: Indexer = await startIndexer({
      databaseUrl: params.databaseUrl,
      rpcUrl,
      schema: `s_${id}`,
      viewsSchema: `v_${id}`,
      log: params.indexerLog,
    });
    stops.push(indexer.kill);
    await indexer.waitReady(120_000);

    const appEnv: Record<string, string> = {
      DATABASE_URL: params.databaseUrl,
      READ_MODEL_SCHEMA: indexer.viewsSchema,
      INDEXER_URL: indexer.url,
      CHAIN_RPC_URL: rpcUrl,
      BUNDLER_RPC_URL: wallet.bundler.url,
      PARTY_ENV: "local",
    };
    /** Stops `stop` with the stack (e.g. an app server started with `appEnv`). */
    const adopt = (stopIt: () => Promise<unknown>) => stops.push(stopIt);

    const walletFor = (account: PrivateKeyAccount) => createWalletClient({ chain, transport, account });
    /** The party contract as `account` (a plain key): sends and waits, failing on a revert. */
    async function send(account: PrivateKeyAccount, write: (party: ReturnType<typeof partyAs>) => Promise<Hex>) {
      const hash = await write(partyAs(account));
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
      return receipt;
    }
    const partyAs = (account: PrivateKeyAccount) => getContract({ address, abi: partyAbi, client: { public: publicClient, wallet: walletFor(account) } });

    return {
      anvil,
      rpcUrl,
      address: address as Address,
      publicClient,
      testClient,
      wallet,
      indexer,
      appEnv,
      adopt,
      read: getContract({ address, abi: partyAbi, client: publicClient }),
      send,
      /** Waits until the indexer has the chain's current head. */
      waitForIndexer: async () => indexer.waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }), 60_000),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type OperationsStack = Awaited<ReturnType<typeof startOperationsStack>>;
