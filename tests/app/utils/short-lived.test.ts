/** shortLived: one call per key while in flight and for its time after, rejections never kept, bounded. */
import { shortLived } from "../../../app/utils/short-lived";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("shortLived", () => {
  it("callers that ask while a call is in flight share it, and its answer is kept for ttlMs", async () => {
    let now = 0;
    const cache = shortLived<string, number>({ ttlMs: 1000, now: () => now });
    const pending = deferred<number>();
    let calls = 0;
    const load = () => (calls++, pending.promise);
    const asked = Array.from({ length: 1000 }, () => cache.get("a", load));
    pending.resolve(7);
    expect(await Promise.all(asked)).toEqual(Array.from({ length: 1000 }, () => 7));
    now = 999;
    expect(await cache.get("a", async () => (calls++, 8))).toBe(7);
    expect(calls).toBe(1);
    now = 1000;
    expect(await cache.get("a", async () => (calls++, 8))).toBe(8);
    expect(await cache.get("b", async () => (calls++, 9))).toBe(9);
    expect(calls).toBe(3);
  });

  it("never keeps a rejection, and keeps an answer whose ttl is 0 only while in flight", async () => {
    const cache = shortLived<string, string>({ ttlMs: (value) => (value === "keep" ? 1000 : 0) });
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => "keep")).toBe("keep");
    expect(await cache.get("a", async () => "other")).toBe("keep");
    const pending = deferred<string>();
    const first = cache.get("b", () => pending.promise);
    const second = cache.get("b", async () => "second call");
    pending.resolve("not kept");
    expect([await first, await second]).toEqual(["not kept", "not kept"]);
    expect(await cache.get("b", async () => "asked again")).toBe("asked again");
  });

  it("holds at most maxEntries keys: the oldest go first", async () => {
    const cache = shortLived<number, number>({ ttlMs: 60_000, maxEntries: 3 });
    let calls = 0;
    for (const key of [1, 2, 3, 4]) await cache.get(key, async () => (calls++, key));
    expect(await cache.get(4, async () => (calls++, -1))).toBe(4);
    expect(await cache.get(1, async () => (calls++, -1))).toBe(-1);
    expect(calls).toBe(5);
  });
});
