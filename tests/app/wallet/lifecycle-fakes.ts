/**
 * Fakes for the client's lifecycle tests (receipt, replace, track): a bundler whose receipts
 * appear at given attempts, a clock that records its sleeps, and the hashes they pass around.
 */
import { encodeErrorResult, pad, type Address, type Hex } from "viem";
import { UserOperationReceiptNotFoundError, type UserOperationReceipt } from "viem/account-abstraction";
import { partyAbi } from "../../../abis/party.js";

export const HASH = pad("0xaa", { size: 32 });
export const REPLACEMENT = pad("0xbb", { size: 32 });
export const TX = pad("0xcc", { size: 32 });
export const SENDER: Address = "0x00000000000000000000000000000000000a11ce";
export const PARTY: Address = "0x0000000000000000000000000000000000000b0b";
export const NOT_A_MEMBER = encodeErrorResult({ abi: partyAbi, errorName: "NotAMember" });

export function receipt(userOpHash: Hex, success = true, reason?: Hex): UserOperationReceipt {
  return {
    userOpHash,
    success,
    reason,
    sender: SENDER,
    nonce: 7n,
    actualGasCost: 1n,
    actualGasUsed: 1n,
    entryPoint: "0x0000000071727De22E5E9d8BAf0edAc6f37da032",
    logs: [],
    receipt: { transactionHash: TX, blockNumber: 42n } as UserOperationReceipt["receipt"],
  };
}

/** A bundler whose receipts appear at given attempts (counted per hash, from 0). */
export function fakeBundler(appearAt: Record<Hex, { attempt: number; receipt: UserOperationReceipt }> = {}) {
  const asked: Hex[] = [];
  const attempts = new Map<Hex, number>();
  return {
    asked,
    async getUserOperationReceipt({ hash }: { hash: Hex }) {
      asked.push(hash);
      const attempt = attempts.get(hash) ?? 0;
      attempts.set(hash, attempt + 1);
      const entry = appearAt[hash];
      if (entry && attempt >= entry.attempt) return entry.receipt;
      throw new UserOperationReceiptNotFoundError({ hash });
    },
  };
}

export function fakeClock(randoms: number[] = []) {
  const sleeps: number[] = [];
  let now = 0;
  return {
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => randoms.shift() ?? 0,
    now: () => now,
  };
}
