/**
 * The page cache's store (server/page-cache.ts): entries by key, least recently served first and
 * evicted first past `maxBytes`, and indexed by tag so a change drops exactly the pages that show
 * what it touched.
 */
import type { Entry } from "./entry";

export class Entries {
  readonly #entries = new Map<string, Entry>();
  /** Tag → keys of the entries that show it. */
  readonly #tagged = new Map<string, Set<string>>();
  #bytes = 0;
  /** Entries kept, evicted for room, and dropped by changes of the read model. */
  readonly counts = { stored: 0, evicted: 0, dropped: 0 };

  constructor(
    readonly maxBytes: number,
    readonly now: () => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** A current entry for `key`, marked as most recently used (an expired one goes). */
  current(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#remove(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps the entry (unless one is there already or it is too big); returns it when kept. */
  store(key: string, entry: Entry): Entry | undefined {
    if (this.current(key) !== undefined || entry.bytes > this.maxBytes) return undefined;
    this.#entries.set(key, entry);
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      if (keys) keys.add(key);
      else this.#tagged.set(tag, new Set([key]));
    }
    this.#bytes += entry.bytes;
    this.counts.stored++;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest);
      this.counts.evicted++;
    }
    return entry;
  }

  /** Drops the entries that show any of these tags. */
  drop(tags: Iterable<string>) {
    for (const tag of tags) {
      for (const key of this.#tagged.get(tag) ?? []) {
        this.counts.dropped++;
        this.#remove(key);
      }
    }
  }

  /** Drops every entry. */
  clear() {
    this.counts.dropped += this.#entries.size;
    this.#entries.clear();
    this.#tagged.clear();
    this.#bytes = 0;
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
    }
  }
}
