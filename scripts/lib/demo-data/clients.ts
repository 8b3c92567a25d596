import { createPublicClient, createTestClient, createWalletClient, http } from "viem";
import { localChain } from "../chain-definition.js";

/** The clients the seed and its read-back use on the local chain. */
export function createSeedClients(rpcUrl: string) {
  const chain = localChain(rpcUrl);
  // Hundreds of sends and receipt polls per phase: batching turns them into a few HTTP requests,
  // small enough that parsing one response never stalls the event loop for long.
  const transport = http(rpcUrl, { batch: { batchSize: 64, wait: 0 }, retryCount: 0 });
  return {
    chain,
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport }),
    testClient: createTestClient({ chain, transport, mode: "anvil" }),
  };
}

export type SeedClients = ReturnType<typeof createSeedClients>;
