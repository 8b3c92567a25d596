/**
 * The benchmark's chain: an anvil with `--auto-impersonate`, a zero base fee and a 1e9 block gas
 * limit, and the party contract on it. Any address can send (eth_sendTransaction, gas price 0),
 * so no transaction is signed and no account funded.
 */
import type { Address, Hex } from "viem";
import { toQuantity, type Rpc, type RpcCall } from "./rpc.js";

/** What every step on the benchmark's chain gets: the chain, the contract, and where to report progress. */
export type BenchChain = { rpc: Rpc; party: Address; log: (message: string) => void };

/** `from` sends `data` to the party contract with its next nonce, counted in `nonces`. */
export function impersonatedTransaction(
  nonces: Map<Address, number>,
  party: Address,
  tx: { from: Address; data: Hex; gas: number },
): RpcCall {
  const nonce = nonces.get(tx.from) ?? 0;
  nonces.set(tx.from, nonce + 1);
  return {
    method: "eth_sendTransaction",
    params: [
      {
        from: tx.from,
        to: party,
        data: tx.data,
        gas: toQuantity(tx.gas),
        nonce: toQuantity(nonce),
        maxFeePerGas: "0x0",
        maxPriorityFeePerGas: "0x0",
      },
    ],
  };
}
