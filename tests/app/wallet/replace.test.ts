/**
 * app/wallet/replace.ts with a fake bundler and clock: a stuck operation is re-sent with the same
 * nonce and fees ×1.1, and what happens when the bundler refuses the replacement.
 */
import type { Hex } from "viem";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import { UserOperationStuckError } from "../../../app/wallet/receipt.js";
import { bumpFee, waitForReceiptOrReplace, type ReplacementRequest } from "../../../app/wallet/replace.js";
import { fakeBundler, fakeClock, HASH, PARTY, receipt, REPLACEMENT } from "./lifecycle-fakes.js";

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
