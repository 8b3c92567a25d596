/**
 * app/wallet/track.ts with a fake fetch and clock: the order in which the page hears about each
 * status the server reports for an operation.
 */
import type { OperationRecord } from "../../../app/utils/operation-status.js";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import { OperationNotFoundError, OperationTrackingTimeoutError, trackOperation } from "../../../app/wallet/track.js";
import { fakeClock, HASH, SENDER, TX } from "./lifecycle-fakes.js";

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
    const error = { message: "Transaction reverted: NotAMember", key: "wallet.reverted", values: { name: "NotAMember" } };
    const { fetch } = fakeFetch([record("signed"), record("failed", { error })]);
    const events: LifecycleEvent[] = [];
    const last = await trackOperation({ hash: HASH, fetch, onStatus: (e) => events.push(e), ...fakeClock() });
    expect(last.status).toBe("failed");
    expect(events).toEqual([
      { status: "signed", userOpHash: HASH },
      { status: "failed", userOpHash: HASH, error: { text: error.message, said: { key: error.key, values: error.values } }, transactionHash: TX, blockNumber: 42 },
    ]);
  });

  it("throws for a hash the server does not know, and gives up at the timeout", async () => {
    await expect(trackOperation({ hash: HASH, fetch: fakeFetch([404]).fetch, ...fakeClock() })).rejects.toBeInstanceOf(OperationNotFoundError);
    const clock = fakeClock();
    const timedOut = await trackOperation({ hash: HASH, fetch: fakeFetch([record("included")]).fetch, timeoutMs: 2000, ...clock }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(OperationTrackingTimeoutError);
    expect((timedOut as OperationTrackingTimeoutError).shown).toEqual({ key: "wallet.lifecycle.notFinal", values: { hash: HASH, status: "included" } });
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(2000);
  });
});
