/**
 * Production's rule for user operations (issue #11): the proxy carries, and so the gas policy
 * sponsors, only user operations whose every call goes to the party contract, with no value (the
 * party has no payable function: a call with value would revert, its gas paid for nothing).
 * Anything else gets a JSON-RPC error before it reaches Alchemy. The rule covers every method
 * that takes a user operation, sponsoring or not: the proxy serves the party's members only.
 *
 * The calls are read from `callData` as the account's execute function encodes them
 * (account-calls.ts), which says what happens only for an account that executes what its call
 * data says: a user operation whose calls pass goes on to `account`, the check that its sender
 * is an account made by a known factory (known-accounts.server.ts). The gas policy's own rules
 * in Alchemy's dashboard are the last line.
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

type Refusal = JsonRpcError | undefined;

/**
 * The refusal for a request whose user operation makes a call that is not to `party`, or none;
 * then `account`'s for its sender (asynchronous: it may read the chain), when given.
 */
export function partyCallsOnly(
  party: Address,
  account?: (operation: Record<string, unknown>) => Promise<Refusal>,
): (method: RpcAllowedMethod, params: unknown) => Refusal | Promise<Refusal> {
  return (method, params) => {
    const locate = Object.hasOwn(USER_OPERATION, method) ? USER_OPERATION[method as NonChainMethod] : null;
    if (!locate) return undefined;
    const operation = Array.isArray(params) ? locate(params) : undefined;
    const callData = field(operation, "callData");
    if (typeof callData !== "string" || !isHex(callData, { strict: true })) {
      return { code: -32602, message: `Invalid params: ${method} takes a user operation with its callData as hex` };
    }
    const reason = whyNot(callData, party);
    if (reason) return { code: NOT_SPONSORED, message: `${NOT_SPONSORED_MESSAGE} (${reason})` };
    return account?.(operation as Record<string, unknown>);
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
