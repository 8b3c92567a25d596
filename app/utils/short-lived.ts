/**
 * Answers from an outside system kept for a short while per key, so that many requests asking the
 * same thing make one upstream call: callers that ask while a call is in flight share it, and its
 * answer is kept `ttlMs` after it settles (a rejection is never kept: the next caller asks again).
 * `ttlMs` may depend on the answer; 0 keeps it only while in flight. At most `maxEntries` keys are
 * held (the oldest go first), so made-up keys cannot grow it without bound.
 */
export type ShortLived<K, V> = {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Forgets every answer (tests). */
  clear(): void;
};

export type ShortLivedParameters<V> = {
  ttlMs: number | ((value: V) => number);
  maxEntries?: number;
  now?: () => number;
};

export function shortLived<K, V>({ ttlMs, maxEntries = 10_000, now = Date.now }: ShortLivedParameters<V>): ShortLived<K, V> {
  type Entry = { value: Promise<V>; expiresAt: number };
  const entries = new Map<K, Entry>();
  const ttlOf = typeof ttlMs === "function" ? ttlMs : () => ttlMs;

  return {
    get(key, load) {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value;
      entries.delete(key);
      // Expired answers at the front (the oldest) go; past the bound, the oldest whatever it is.
      for (const [k, entry] of entries) {
        if (entry.expiresAt > at && entries.size < maxEntries) break;
        entries.delete(k);
      }
      const entry: Entry = { value: load(), expiresAt: Infinity };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          if (entries.get(key) !== entry) return;
          const ttl = ttlOf(value);
          if (ttl > 0) entry.expiresAt = now() + ttl;
          else entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    clear: () => entries.clear(),
  };
}
