/**
 * The server's status rules (nextStatus in app/utils/operation-status.ts), fact by fact:
 * signed → included → indexed → final, failed from a reverted receipt or a dropped operation,
 * and never backwards.
 */
import { encodeErrorResult, pad } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { FINAL_CONFIRMATIONS } from "../../../app/ground/operation-statuses.js";
import { nextStatus, type StatusFacts, type StatusState } from "../../../app/utils/operation-status.js";

const TX = pad("0x7e", { size: 32 });
const signed: StatusState = { status: "signed", transactionHash: null, blockNumber: null, error: null };
const receipt = { transactionHash: TX, blockNumber: 100n, success: true, reason: null };
const indexed = { sender: "0x00000000000000000000000000000000000A11cE" as const, nonce: 1n, txHash: TX, blockNumber: 100n, success: true, revertReason: null, hasEvents: true };
const local = { confirmations: FINAL_CONFIRMATIONS };
const at = { transactionHash: TX, blockNumber: 100n };

describe("nextStatus", () => {
  it("stays signed without a receipt, and fails a dropped operation", () => {
    expect(nextStatus(signed, local)).toEqual(signed);
    expect(nextStatus(signed, { ...local, dropped: true })).toMatchObject({ status: "failed", error: { key: "wallet.lifecycle.dropped" } });
  });

  it("is included with a successful receipt from the bundler or a user_operations row without its events yet", () => {
    expect(nextStatus(signed, { ...local, receipt })).toEqual({ ...at, status: "included", error: null });
    expect(nextStatus(signed, { ...local, indexed: { ...indexed, hasEvents: false } })).toEqual({ ...at, status: "included", error: null });
  });

  it("is indexed once user_operations has it and its transaction's party rows exist", () => {
    expect(nextStatus(signed, { ...local, indexed })).toEqual({ ...at, status: "indexed", error: null });
  });

  it(`is final ${FINAL_CONFIRMATIONS} confirmations deep locally, or at or below the finalized block`, () => {
    const facts = (head: bigint, finalized: bigint | null, confirmations?: number): StatusFacts => ({ indexed, chain: { head, finalized }, confirmations });
    expect(nextStatus(signed, facts(101n, null, 3)).status).toBe("indexed"); // 2 confirmations
    expect(nextStatus(signed, facts(102n, null, 3)).status).toBe("final"); // 3
    expect(nextStatus(signed, facts(500n, 99n)).status).toBe("indexed"); // production: only the finalized tag counts
    expect(nextStatus(signed, facts(500n, 100n)).status).toBe("final");
    // Not final before it is indexed, however deep.
    expect(nextStatus(signed, { receipt, chain: { head: 1000n, finalized: 1000n }, confirmations: 3 }).status).toBe("included");
  });

  it("fails a reverted operation with the decoded reason, from either source", () => {
    const reason = encodeErrorResult({ abi: partyAbi, errorName: "NotAMember" });
    expect(nextStatus(signed, { receipt: { ...receipt, success: false, reason } })).toEqual({
      ...at,
      status: "failed",
      error: { key: "wallet.reverted", values: { name: "NotAMember" } },
    });
    expect(nextStatus(signed, { indexed: { ...indexed, success: false, revertReason: reason, hasEvents: false } }).error).toEqual({
      key: "wallet.reverted",
      values: { name: "NotAMember" },
    });
    expect(nextStatus(signed, { receipt: { ...receipt, success: false, reason: null } }).error).toEqual({ key: "wallet.reverted", values: { name: "Unknown" } });
  });

  it("fails an operation that is not the registered one, whatever its receipt says", () => {
    const mismatch = { key: "wallet.lifecycle.notRegistered", values: { sender: "0x0000000000000000000000000000000000000B0b" } };
    expect(nextStatus(signed, { receipt, mismatch })).toEqual({ ...at, status: "failed", error: mismatch });
    expect(nextStatus(signed, { indexed, mismatch, chain: { head: 500n, finalized: 500n } }).status).toBe("failed");
  });

  it("keeps an included operation included from its stored block, never moves back, and leaves final and failed alone", () => {
    const included: StatusState = { ...at, status: "included", error: null };
    expect(nextStatus(included, local)).toEqual(included);
    const indexedState: StatusState = { ...included, status: "indexed" };
    expect(nextStatus(indexedState, { ...local, indexed: { ...indexed, hasEvents: false } }).status).toBe("indexed");
    const final: StatusState = { ...included, status: "final" };
    expect(nextStatus(final, { dropped: true })).toBe(final);
    const failed: StatusState = { ...included, status: "failed", error: { key: "wallet.lifecycle.dropped" } };
    expect(nextStatus(failed, { indexed })).toBe(failed);
  });
});
