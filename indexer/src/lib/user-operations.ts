/**
 * ERC-4337 user operations in a transaction receipt: the EntryPoint v0.7 UserOperationEvent logs,
 * with the revert data of the ones that failed (UserOperationRevertReason, emitted just before
 * the failed operation's UserOperationEvent). Pure: the handlers pass the receipt's logs.
 */
import { decodeEventLog, parseAbi, toEventSelector, zeroAddress, type Address, type Hex } from "viem";

/** EntryPoint v0.7, at the same address on every chain (and locally, scripts/lib/wallet-infra.ts). */
export const ENTRY_POINT_07: Address = "0x0000000071727De22E5E9d8BAf0edAc6f37da032";

export const entryPointEventsAbi = parseAbi([
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
  "event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)",
]);

export const USER_OPERATION_EVENT = toEventSelector(entryPointEventsAbi[0]);
export const USER_OPERATION_REVERT_REASON = toEventSelector(entryPointEventsAbi[1]);

export type ReceiptLog = { address: Address; topics: readonly Hex[]; data: Hex };

export type DecodedUserOperation = {
  userOpHash: Hex;
  sender: Address;
  /** null when the operation had no paymaster (the event's zero address). */
  paymaster: Address | null;
  nonce: bigint;
  success: boolean;
  revertReason: Hex | null;
  actualGasCost: bigint;
};

const lower = (value: string) => value.toLowerCase();

/** Every user operation the EntryPoint at `entryPoint` logged in these logs, in log order. */
export function decodeUserOperations(logs: readonly ReceiptLog[], entryPoint: Address = ENTRY_POINT_07): DecodedUserOperation[] {
  const from = lower(entryPoint);
  const reasons = new Map<string, Hex>();
  const operations: DecodedUserOperation[] = [];
  for (const log of logs) {
    if (lower(log.address) !== from) continue;
    const topic = log.topics[0];
    if (topic !== USER_OPERATION_EVENT && topic !== USER_OPERATION_REVERT_REASON) continue;
    const decoded = decodeEventLog({ abi: entryPointEventsAbi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    if (decoded.eventName === "UserOperationRevertReason") {
      reasons.set(lower(decoded.args.userOpHash), decoded.args.revertReason);
      continue;
    }
    const { userOpHash, sender, paymaster, nonce, success, actualGasCost } = decoded.args;
    operations.push({
      userOpHash: lower(userOpHash) as Hex,
      sender: lower(sender) as Address,
      paymaster: paymaster === zeroAddress ? null : (lower(paymaster) as Address),
      nonce,
      success,
      revertReason: success ? null : (reasons.get(lower(userOpHash)) ?? null),
      actualGasCost,
    });
  }
  return operations;
}
