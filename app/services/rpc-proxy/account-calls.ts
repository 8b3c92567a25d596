/**
 * The calls a smart account's `callData` makes, for the accounts this product's wallets use:
 *
 * - PartyAccount (WALLET_BACKEND=local; OpenZeppelin's ERC7821): `execute(bytes32 mode, bytes
 *   executionData)` in batch mode, the executions `abi.encode(Execution[])`, or with ERC-7821's
 *   opData (`abi.encode(Execution[], bytes)`).
 * - Account Kit's Modular Account v2 (WALLET_BACKEND=alchemy): `execute(address,uint256,bytes)`
 *   and `executeBatch((address,uint256,bytes)[])`, either behind the `executeUserOp` selector
 *   (0x8dd7712f) when the validation has execution hooks.
 * - Account Kit's LightAccount: the same `execute`, and `executeBatch(address[],bytes[])` /
 *   `executeBatch(address[],uint256[],bytes[])`.
 *
 * Anything else (another function, another ERC-7821 mode, arrays of different lengths) is
 * undefined: the caller cannot tell what it would do.
 */
import { decodeFunctionData, getAddress, parseAbi, slice, type Address, type Hex } from "viem";
import * as Calls from "ox/erc7821/Calls";

export type AccountCall = { to: Address; value: bigint; data: Hex };

const accountAbi = parseAbi([
  "function execute(address target, uint256 value, bytes data)",
  "function executeBatch((address target, uint256 value, bytes data)[] calls)",
  "function executeBatch(address[] dest, bytes[] func)",
  "function executeBatch(address[] dest, uint256[] value, bytes[] func)",
  "function execute(bytes32 mode, bytes executionData)",
]);

/** Modular Account v2's `executeUserOp(PackedUserOperation,bytes32)`: the EntryPoint hands the account the rest of callData. */
export const EXECUTE_USER_OP_SELECTOR = "0x8dd7712f";

/** ERC-7821 / ERC-7579 mode bytes 0..9: call type (batch), exec type (revert on failure), unused, mode selector. */
const ERC7821_BATCH = "0x01000000000000000000";
const ERC7821_BATCH_WITH_OP_DATA = "0x01000000000078210001";

export function decodeAccountCalls(callData: Hex): AccountCall[] | undefined {
  try {
    const inner = callData.slice(0, 10).toLowerCase() === EXECUTE_USER_OP_SELECTOR ? slice(callData, 4) : callData;
    return decode(inner);
  } catch {
    return undefined;
  }
}

function decode(callData: Hex): AccountCall[] | undefined {
  const { functionName, args } = decodeFunctionData({ abi: accountAbi, data: callData });
  if (functionName === "executeBatch") {
    if (args.length === 1) return args[0].map(({ target, value, data }) => call(target, value, data));
    const [targets, ...rest] = args;
    const [values, datas] = rest.length === 2 ? rest : [targets.map(() => 0n), rest[0]];
    // LightAccount reverts on arrays of different lengths (an empty value array means no value).
    if (datas.length !== targets.length || (values.length !== targets.length && values.length !== 0)) return undefined;
    return targets.map((target, i) => call(target, values[i] ?? 0n, datas[i]!));
  }
  if (args.length === 3) return [call(...args)];
  const [mode, executionData] = args;
  const kind = mode.slice(0, 22).toLowerCase();
  if (kind !== ERC7821_BATCH && kind !== ERC7821_BATCH_WITH_OP_DATA) return undefined;
  const { calls } = Calls.decode(executionData, { opData: kind === ERC7821_BATCH_WITH_OP_DATA });
  return calls.map(({ to, value, data }) => call(to, value ?? 0n, data ?? "0x"));
}

function call(to: Address, value: bigint, data: Hex): AccountCall {
  return { to: getAddress(to), value, data };
}
