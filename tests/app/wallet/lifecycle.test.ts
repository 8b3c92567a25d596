/**
 * The client's lifecycle logic (app/wallet/receipt.ts, replace.ts, track.ts) with fakes for the bundler, the clock,
 * the random source and fetch: the SPEC 9 polling schedule exactly, the ×1.1 replacement fees,
 * and the order in which the page hears about each status.
 */
import { encodeErrorResult, pad, type Address, type Hex } from "viem";
import { UserOperationReceiptNotFoundError, type UserOperationReceipt } from "viem/account-abstraction";
import { partyAbi } from "../../../abis/party.js";
import { revertErrorName, revertMessage } from "../../../app/calls/revert.js";
import type { OperationRecord } from "../../../app/utils/operation-status.js";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import { pollUserOperationReceipt, RECEIPT_POLLING, receiptPollDelays, UserOperationStuckError } from "../../../app/wallet/receipt.js";
import { bumpFee, REPLACEMENT_FEE_FACTOR, waitForReceiptOrReplace, type ReplacementRequest } from "../../../app/wallet/replace.js";
import { OperationNotFoundError, trackOperation } from "../../../app/wallet/track.js";

const HASH = pad("0xaa", { size: 32 });
const REPLACEMENT = pad("0xbb", { size: 32 });
const TX = pad("0xcc", { size: 32 });
const SENDER: Address = "0x00000000000000000000000000000000000a11ce";
const PARTY: Address = "0x0000000000000000000000000000000000000b0b";
const NOT_A_MEMBER = encodeErrorResult({ abi: partyAbi, errorName: "NotAMember" });

function receipt(userOpHash: Hex, success = true, reason?: Hex): UserOperationReceipt {
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
function fakeBundler(appearAt: Record<Hex, { attempt: number; receipt: UserOperationReceipt }> = {}) {
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

function fakeClock(randoms: number[] = []) {
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
      { status: "failed", userOpHash: HASH, error: "Transaction reverted: NotAMember", transactionHash: TX, blockNumber: 42 },
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
    expect(revertMessage(encodeErrorResult({ abi: partyAbi, errorName: "AlreadyApplied" }))).toBe("Transaction reverted: AlreadyApplied");
    expect(revertMessage(undefined)).toBe("Transaction reverted: Unknown");
    expect(revertMessage("0x")).toBe("Transaction reverted: Unknown");
    expect(revertMessage("0xdeadbeef")).toBe("Transaction reverted: Unknown");
    // Error(string) decodes against any ABI but is not a contract error.
    expect(revertMessage("0x08c379a0" + "0".repeat(62) + "20" + "0".repeat(64))).toBe("Transaction reverted: Unknown");
  });
});

describe("replacement", () => {
  it("raises both fees by 10 %, rounded up to the wei", () => {
    expect(bumpFee(100n)).toBe(110n);
    expect(bumpFee(10n)).toBe(11n);
    expect(bumpFee(101n)).toBe(112n); // 111.1
    expect(bumpFee(1n)).toBe(2n); // 1.1
    expect(bumpFee(0n)).toBe(0n);
    expect(bumpFee(1_000_000_392n)).toBe(1_100_000_432n); // 1,100,000,431.2
    expect(bumpFee(30_000_000_000n)).toBe(33_000_000_000n);
  });

  it("re-sends the same calls with the same nonce and fees × 1.1 once stuck, then waits for either hash", async () => {
    const calls = [{ to: PARTY, data: "0x1234" as Hex, value: 0n }];
    const sent = { calls, nonce: 5n, maxFeePerGas: 1_000_000_392n, maxPriorityFeePerGas: 1_000_000_000n };
    const requests: ReplacementRequest[] = [];
    const bundler = fakeBundler({ [REPLACEMENT]: { attempt: 1, receipt: receipt(REPLACEMENT) } });
    const clock = fakeClock();
    const events: LifecycleEvent[] = [];

    const result = await waitForReceiptOrReplace({
      bundlerClient: bundler,
      hash: HASH,
      sent,
      sendUserOperation: async (request) => {
        requests.push(request);
        return REPLACEMENT;
      },
      onStatus: (e) => events.push(e),
      ...clock,
    });

    expect(requests).toEqual([{ calls, nonce: 5n, maxFeePerGas: 1_100_000_432n, maxPriorityFeePerGas: 1_100_000_000n }]);
    expect(result.hash).toBe(REPLACEMENT);
    expect(events.map((e) => e.status)).toEqual(["stuck", "replaced", "included"]);
    expect(events[1]).toEqual({
      status: "replaced",
      userOpHash: HASH,
      replacement: REPLACEMENT,
      maxFeePerGas: 1_100_000_432n,
      maxPriorityFeePerGas: 1_100_000_000n,
    });
    // The full schedule for the stuck one, then the first retry of the new one.
    expect(clock.sleeps).toEqual([2000, 3000, 4500, 6750, 10125, 2000]);
    // After the replacement both hashes are asked for, the new one first.
    expect(bundler.asked.slice(6)).toEqual([REPLACEMENT, HASH, REPLACEMENT]);
  });

  it("gives up after maxReplacements stuck replacements, and takes the old receipt when the replacement is refused", async () => {
    const sent = { calls: [], nonce: 1n, maxFeePerGas: 10n, maxPriorityFeePerGas: 10n };
    const stuck = await waitForReceiptOrReplace({
      bundlerClient: fakeBundler(),
      hash: HASH,
      sent,
      sendUserOperation: async () => REPLACEMENT,
      ...fakeClock(),
    }).catch((e: unknown) => e);
    expect(stuck).toBeInstanceOf(UserOperationStuckError);
    expect((stuck as UserOperationStuckError).userOpHash).toBe(REPLACEMENT);

    // The old one lands between the last poll and the replacement: the bundler refuses the nonce.
    const late = fakeBundler({ [HASH]: { attempt: 6, receipt: receipt(HASH) } });
    const events: LifecycleEvent[] = [];
    const result = await waitForReceiptOrReplace({
      bundlerClient: late,
      hash: HASH,
      sent,
      sendUserOperation: async () => {
        throw new Error("AA25 invalid account nonce");
      },
      onStatus: (e) => events.push(e),
      ...fakeClock(),
    });
    expect(result.hash).toBe(HASH);
    expect(events.map((e) => e.status)).toEqual(["stuck", "included"]);
  });
});

describe("replacement refused because the bundler already sent the operation", () => {
  it("waits on for the original (the bundler resubmits its bundle itself)", async () => {
    const sent = { calls: [], nonce: 1n, maxFeePerGas: 10n, maxPriorityFeePerGas: 10n };
    // The original lands on the 8th try: after the first schedule (6 tries) and the refused replacement's re-check.
    const bundler = fakeBundler({ [HASH]: { attempt: 8, receipt: receipt(HASH) } });
    const events: LifecycleEvent[] = [];
    const clock = fakeClock();
    const result = await waitForReceiptOrReplace({
      bundlerClient: bundler,
      hash: HASH,
      sent,
      sendUserOperation: async () => {
        throw new Error("Details: AA25 invalid account nonce: Another UserOperation with same sender and nonce is already being processed");
      },
      onStatus: (e) => events.push(e),
      ...clock,
    });
    expect(result.hash).toBe(HASH);
    expect(events.map((e) => e.status)).toEqual(["stuck", "included"]);
    expect(clock.sleeps).toEqual([2000, 3000, 4500, 6750, 10125, 2000]);
  });

  it("other refusals are thrown", async () => {
    const sent = { calls: [], nonce: 1n, maxFeePerGas: 10n, maxPriorityFeePerGas: 10n };
    await expect(
      waitForReceiptOrReplace({
        bundlerClient: fakeBundler(),
        hash: HASH,
        sent,
        sendUserOperation: async () => {
          throw new Error("AA31 paymaster deposit too low");
        },
        ...fakeClock(),
      }),
    ).rejects.toThrow(/AA31/);
  });
});

describe("trackOperation", () => {
  const record = (status: OperationRecord["status"], extra: Partial<OperationRecord> = {}): OperationRecord => ({
    userOpHash: HASH,
    sender: SENDER,
    operation: "applyForChapterMembership",
    subject: { chapterId: "1" },
    status,
    transactionHash: status === "signed" ? null : TX,
    blockNumber: status === "signed" ? null : 42,
    error: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...extra,
  });

  function fakeFetch(answers: (OperationRecord | number | Error)[]) {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (next instanceof Error) throw next;
      if (typeof next === "number") return new Response(JSON.stringify({ message: "no" }), { status: next });
      return new Response(JSON.stringify(next), { status: 200 });
    }) as typeof globalThis.fetch;
    return { fetch, urls };
  }

  it("reports signed, included, indexed and final once each, in order, even when the server skips one", async () => {
    const { fetch, urls } = fakeFetch([record("signed"), record("signed"), new Error("offline"), 503, record("indexed"), record("indexed"), record("final")]);
    const clock = fakeClock();
    const events: LifecycleEvent[] = [];
    const last = await trackOperation({ hash: HASH, baseUrl: "http://app.test", fetch, onStatus: (e) => events.push(e), ...clock });

    expect(last.status).toBe("final");
    expect(events.map((e) => e.status)).toEqual(["signed", "included", "indexed", "final"]);
    expect(events[1]).toEqual({ status: "included", userOpHash: HASH, transactionHash: TX, blockNumber: 42 });
    expect(urls.every((url) => url === `http://app.test/api/operations/${HASH}`)).toBe(true);
    expect(urls).toHaveLength(7);
    // 500 ms until indexed, then growing ×1.5 while waiting for final.
    expect(clock.sleeps).toEqual([500, 500, 500, 500, 750, 1125]);
  });

  it("reports failed with the server's reason, and nothing after it", async () => {
    const { fetch } = fakeFetch([record("signed"), record("failed", { error: "Transaction reverted: NotAMember" })]);
    const events: LifecycleEvent[] = [];
    const last = await trackOperation({ hash: HASH, fetch, onStatus: (e) => events.push(e), ...fakeClock() });
    expect(last.status).toBe("failed");
    expect(events).toEqual([
      { status: "signed", userOpHash: HASH },
      { status: "failed", userOpHash: HASH, error: "Transaction reverted: NotAMember", transactionHash: TX, blockNumber: 42 },
    ]);
  });

  it("throws for a hash the server does not know, and gives up at the timeout", async () => {
    await expect(trackOperation({ hash: HASH, fetch: fakeFetch([404]).fetch, ...fakeClock() })).rejects.toBeInstanceOf(OperationNotFoundError);
    const clock = fakeClock();
    await expect(trackOperation({ hash: HASH, fetch: fakeFetch([record("included")]).fetch, timeoutMs: 2000, ...clock })).rejects.toThrow(
      /did not reach final in time \(last status: included\)/,
    );
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(2000);
  });
});
