/**
 * Production's rule for user operations (issue #11): the proxy carries, and so the gas policy
 * sponsors, only user operations whose every call goes to the party contract, with no value (the
 * party has no payable function: a call with value would revert, its gas paid for nothing).
 * Anything else gets a JSON-RPC error before it reaches Alchemy. The rule covers every method
 * that takes a user operation, sponsoring or not: the proxy serves the party's members only.
 *
 * A user operation that deploys its account (initCode, or factory and factoryData) passes when
 * its calls do. The calls are read from `callData` as the account's execute function encodes
 * them (account-calls.ts): an account contract that does something else with that call data is
 * not caught here; the gas policy's own rules in Alchemy's dashboard are the second line.
 */
import { isHex, type Address } from "viem";
import { decodeAccountCalls } from "./account-calls";
import type { JsonRpcError, RPC_ALLOWED_METHODS, RpcAllowedMethod } from "./methods";

/** EIP-1474's "Transaction rejected": the request is well formed, the policy refuses it. */
export const NOT_SPONSORED = -32003;
export const NOT_SPONSORED_MESSAGE = "Only calls to the party contract are sponsored";

type NonChainMethod = { [M in RpcAllowedMethod]: (typeof RPC_ALLOWED_METHODS)[M] extends "chain" ? never : M }[RpcAllowedMethod];

/**
 * Where each method names its user operation, or null for those that take none. Every bundler,
 * paymaster and Alchemy method of the allow-list is here, so a new one must be placed.
 */
const USER_OPERATION: Record<NonChainMethod, ((params: unknown[]) => unknown) | null> = {
  eth_estimateUserOperationGas: (params) => params[0],
  eth_sendUserOperation: (params) => params[0],
  pm_getPaymasterStubData: (params) => params[0],
  pm_getPaymasterData: (params) => params[0],
  alchemy_requestGasAndPaymasterAndData: (params) => field(params[0], "userOperation"),
  alchemy_simulateUserOperationAssetChanges: (params) => params[0],
  eth_supportedEntryPoints: null,
  eth_getUserOperationByHash: null,
  eth_getUserOperationReceipt: null,
  rundler_maxPriorityFeePerGas: null,
};

/** The refusal for a request whose user operation makes a call that is not to `party`, or none. */
export function partyCallsOnly(party: Address): (method: RpcAllowedMethod, params: unknown) => JsonRpcError | undefined {
  return (method, params) => {
    const locate = Object.hasOwn(USER_OPERATION, method) ? USER_OPERATION[method as NonChainMethod] : null;
    if (!locate) return undefined;
    const callData = field(Array.isArray(params) ? locate(params) : undefined, "callData");
    if (typeof callData !== "string" || !isHex(callData, { strict: true })) {
      return { code: -32602, message: `Invalid params: ${method} takes a user operation with its callData as hex` };
    }
    const reason = whyNot(callData, party);
    return reason ? { code: NOT_SPONSORED, message: `${NOT_SPONSORED_MESSAGE} (${reason})` } : undefined;
  };
}

function whyNot(callData: `0x${string}`, party: Address): string | undefined {
  const calls = decodeAccountCalls(callData);
  if (!calls) return "the callData is not an account execute or executeBatch call";
  if (calls.length === 0) return "the user operation makes no call";
  for (const [i, call] of calls.entries()) {
    const which = calls.length > 1 ? `call ${i + 1} of ${calls.length}` : "the call";
    if (call.to !== party) return `${which} is to ${call.to}, not the party ${party}`;
    if (call.value !== 0n) return `${which} sends ${call.value} wei; the party takes none`;
  }
  return undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}
