/**
 * Ponder follows the party contract on chain 137, and on the local chain the passkey wallet's
 * factory and the accounts it creates (their owners, for the owner → account lookup).
 * Configuration (every variable: docs/configuration.md):
 *   PONDER_RPC_URL_137  RPC URL (default: the local chain, http://127.0.0.1:8545)
 *   PARTY_ENV           local (default) | production; production reads PARTY_ADDRESS and
 *                       PARTY_START_BLOCK (abis/deployments.ts)
 *   DATABASE_URL        Postgres
 */
import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import { LOCAL_WALLET, partyDeployment } from "../abis/deployments";
import { partyAbi } from "../abis/party";
import { partyAccountAbi } from "../abis/party-account";
import { partyAccountFactoryAbi } from "../abis/party-account-factory";

const deployment = partyDeployment();
const local = deployment.environment === "local";
const rpcUrl = process.env.PONDER_RPC_URL_137 ?? "http://127.0.0.1:8545";

/**
 * Ponder starts every RPC endpoint at 20 requests/s and only slowly raises it, which makes a local
 * backfill (one block per transaction on anvil) take ~50 s per 1,000 blocks. It keeps one limit per
 * listed endpoint, so against the local chain we list the same URL several times: the limit starts
 * at 20 × RPC_FANOUT requests/s. A hosted provider keeps the default adaptive limit.
 */
const RPC_FANOUT = Number(process.env.PONDER_RPC_FANOUT ?? (local ? 25 : 1));

/**
 * The local wallet contracts exist on the local chain only (production's accounts are Account
 * Kit's, whose passkeys Alchemy keeps): elsewhere they are on no chain, so nothing is fetched.
 */
const walletChain = local ? { polygon: { startBlock: 0 } } : {};

export default createConfig({
  database: { kind: "postgres", connectionString: process.env.DATABASE_URL },
  chains: {
    polygon: {
      id: 137,
      rpc: RPC_FANOUT > 1 ? Array.from({ length: RPC_FANOUT }, () => rpcUrl) : rpcUrl,
      pollingInterval: Number(process.env.PONDER_POLLING_INTERVAL_MS ?? (local ? 200 : 1000)),
      // A local chain is thrown away and restarted with the same id; its cached blocks must not
      // survive into the next run.
      disableCache: local,
    },
  },
  contracts: {
    Party: {
      chain: "polygon",
      abi: partyAbi,
      address: deployment.address,
      startBlock: deployment.startBlock,
    },
    PartyAccountFactory: {
      chain: walletChain,
      abi: partyAccountFactoryAbi,
      address: LOCAL_WALLET.factory,
    },
    PartyAccount: {
      chain: walletChain,
      abi: partyAccountAbi,
      address: factory({
        address: LOCAL_WALLET.factory,
        event: getAbiItem({ abi: partyAccountFactoryAbi, name: "AccountCreated" }),
        parameter: "account",
      }),
    },
  },
});
