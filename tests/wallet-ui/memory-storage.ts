/** An in-memory Web Storage (localStorage / sessionStorage) for Node tests. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  /** Everything stored, parsed where it is JSON. */
  dump(): Record<string, unknown> {
    return Object.fromEntries([...this.items].map(([k, v]) => [k, parse(v)]));
  }
}

function parse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
