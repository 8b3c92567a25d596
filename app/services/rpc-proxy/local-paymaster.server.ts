import { getAddress, type Address } from "viem";
import type { RpcOutcome } from "./methods";

/**
 * ERC-7677 answers for the local SponsorPaymaster (contracts/wallet/SponsorPaymaster.sol): it
 * sponsors every PartyAccount and needs no paymaster data. Gas limits are left out, so the bundler
 * estimates them with the user operation (as app/wallet/local/sponsor.ts does).
 */
export type PaymasterMethod = "pm_getPaymasterStubData" | "pm_getPaymasterData";

export function localPaymaster(method: PaymasterMethod, params: unknown, local: { paymaster: Address; entryPoint: Address }): RpcOutcome {
  if (!Array.isArray(params) || params.length < 3 || typeof params[0] !== "object" || params[0] === null) {
    return { error: { code: -32602, message: `${method} takes [userOperation, entryPoint, chainId, context?]` } };
  }
  const [, entryPoint, chainId] = params as [unknown, unknown, unknown];
  if (typeof entryPoint !== "string" || entryPoint.toLowerCase() !== local.entryPoint.toLowerCase()) {
    return { error: { code: -32602, message: `The local paymaster sponsors only user operations for EntryPoint v0.7 (${local.entryPoint})` } };
  }
  if (typeof chainId !== "string" || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId) || BigInt(chainId) !== 137n) {
    return { error: { code: -32602, message: "The local paymaster sponsors only chain 137 (0x89)" } };
  }
  const data = { paymaster: getAddress(local.paymaster), paymasterData: "0x" };
  return { result: method === "pm_getPaymasterStubData" ? { ...data, isFinal: true } : data };
}
