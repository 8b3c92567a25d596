/**
 * The wallet as the environment configures it and the browser is told (publicEnv().wallet): read
 * by env.server.ts, used by app/wallet/. Addresses and ids only, never a key.
 */
import type { Address } from "viem";

export type WalletBackendName = "local" | "alchemy";

/** What the browser is told about the wallet (publicEnv().wallet): addresses and ids, never a key. */
export type WalletConfig = {
  backend: WalletBackendName;
  chainId: number;
  /** The party contract: commands' EIP-712 verifying contract. */
  partyAddress: Address;
  /** Same-origin JSON-RPC proxy for chain, bundler and paymaster methods. */
  rpcPath: string;
  /** Local back-end: the wallet contracts on the local chain. */
  local?: { entryPoint: Address; factory: Address; paymaster: Address; webAuthnVerifier: Address };
  /** Account Kit: the gas sponsorship policy, when there is one. */
  gasPolicyId?: string;
};
