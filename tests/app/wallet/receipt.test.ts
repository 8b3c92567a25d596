/**
 * app/wallet/receipt.ts with a fake bundler, clock and random source: the SPEC 9 polling schedule
 * exactly, and what the page hears when the operation lands, reverts or never shows up.
 */
import { encodeErrorResult } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { revertErrorName, revertMessage } from "../../../app/calls/revert.js";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import { pollUserOperationReceipt, RECEIPT_POLLING, receiptPollDelays, UserOperationStuckError } from "../../../app/wallet/receipt.js";
import { REPLACEMENT_FEE_FACTOR } from "../../../app/wallet/replace.js";
import { fakeBundler, fakeClock, HASH, NOT_A_MEMBER, receipt, TX } from "./lifecycle-fakes.js";

describe("SPEC 9 constants", () => {
  it("polls 5 times more, from 2000 ms, ×1.5, with up to 100 ms jitter; replacements raise fees ×1.1", () => {
    expect(RECEIPT_POLLING).toEqual({ retries: 5, intervalMs: 2000, multiplier: 1.5, jitterMs: 100 });
    expect(receiptPollDelays()).toEqual([2000, 3000, 4500, 6750, 10125]);
    expect(Number(REPLACEMENT_FEE_FACTOR.numerator) / Number(REPLACEMENT_FEE_FACTOR.denominator)).toBe(1.1);
  });
});

describe("pollUserOperationReceipt", () => {
  it("tries at once, then waits 2000, 3000, 4500, 6750 and 10125 ms plus jitter ≤ 100 ms, then reports stuck", async () => {
    const bundler = fakeBundler();
    const clock = fakeClock([0, 0.5, 0.999999, 0.25, 1 - Number.EPSILON]);
    const events: LifecycleEvent[] = [];
    const error = await pollUserOperationReceipt({ bundlerClient: bundler, hash: HASH, onStatus: (e) => events.push(e), ...clock }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(UserOperationStuckError);
    expect(clock.sleeps).toEqual([2000, 3050, 4600, 6775, 10225]);
    const base = receiptPollDelays();
    clock.sleeps.forEach((ms, i) => {
      expect(ms - base[i]!).toBeGreaterThanOrEqual(0);
      expect(ms - base[i]!).toBeLessThanOrEqual(100);
    });
    expect(bundler.asked).toEqual(Array(6).fill(HASH)); // the first try and 5 retries
    expect(events).toEqual([{ status: "stuck", userOpHash: HASH, waitedMs: 2000 + 3050 + 4600 + 6775 + 10225 }]);
    expect((error as UserOperationStuckError).waitedMs).toBe(26650);
  });

  it("jitter stays within 0–100 ms for any random value", async () => {
    for (const r of [0, 0.1, 0.5, 0.9, 0.9999999]) {
      const clock = fakeClock(Array(5).fill(r));
      await pollUserOperationReceipt({ bundlerClient: fakeBundler(), hash: HASH, ...clock }).catch(() => undefined);
      expect(clock.sleeps.map((ms, i) => ms - receiptPollDelays()[i]!).every((j) => j >= 0 && j <= 100)).toBe(true);
    }
  });

  it("returns the receipt as soon as it appears and reports included", async () => {
    const found = receipt(HASH);
    const bundler = fakeBundler({ [HASH]: { attempt: 2, receipt: found } });
    const clock = fakeClock();
    const events: LifecycleEvent[] = [];
    await expect(pollUserOperationReceipt({ bundlerClient: bundler, hash: HASH, onStatus: (e) => events.push(e), ...clock })).resolves.toBe(found);
    expect(clock.sleeps).toEqual([2000, 3000]);
    expect(events).toEqual([{ status: "included", userOpHash: HASH, transactionHash: TX, blockNumber: 42 }]);
  });

  it("reports a reverted operation as failed with SPEC 8's text", async () => {
    const bundler = fakeBundler({ [HASH]: { attempt: 0, receipt: receipt(HASH, false, NOT_A_MEMBER) } });
    const events: LifecycleEvent[] = [];
    const result = await pollUserOperationReceipt({ bundlerClient: bundler, hash: HASH, onStatus: (e) => events.push(e), ...fakeClock() });
    expect(result.success).toBe(false);
    expect(events).toEqual([
      { status: "failed", userOpHash: HASH, error: { key: "wallet.reverted", values: { name: "NotAMember" } }, transactionHash: TX, blockNumber: 42 },
    ]);
  });

  it("counts a bundler that does not answer as not there yet", async () => {
    let calls = 0;
    const flaky = {
      async getUserOperationReceipt() {
        calls += 1;
        if (calls === 1) throw new Error("fetch failed");
        return receipt(HASH);
      },
    };
    const clock = fakeClock();
    await expect(pollUserOperationReceipt({ bundlerClient: flaky, hash: HASH, ...clock })).resolves.toMatchObject({ success: true });
    expect(clock.sleeps).toEqual([2000]);
  });
});

describe("revert reasons", () => {
  it("names the party's and the wallet's errors, and nothing else", () => {
    expect(revertErrorName(NOT_A_MEMBER)).toBe("NotAMember");
    const reverted = (name: string) => ({ key: "wallet.reverted", values: { name } });
    expect(revertMessage(encodeErrorResult({ abi: partyAbi, errorName: "AlreadyApplied" }))).toEqual(reverted("AlreadyApplied"));
    expect(revertMessage(undefined)).toEqual(reverted("Unknown"));
    expect(revertMessage("0x")).toEqual(reverted("Unknown"));
    expect(revertMessage("0xdeadbeef")).toEqual(reverted("Unknown"));
    // Error(string) decodes against any ABI but is not a contract error.
    expect(revertMessage("0x08c379a0" + "0".repeat(62) + "20" + "0".repeat(64))).toEqual(reverted("Unknown"));
  });
});
