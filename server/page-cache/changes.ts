/**
 * The page cache's memory of recent changes of the read model (server/page-cache.ts), so a render
 * that was in flight while one happened is kept only when the change touched nothing it shows.
 */
import { UNTAGGED } from "./entry";

/** What a change of the read model drops: the pages of these tags, or every page. */
export type Dropped = ReadonlySet<string> | "all";

/** How many past changes are remembered for renders still in flight (a render older than them is not kept). */
const CHANGES_KEPT = 256;

export class Changes {
  /** Counts changes; a render remembers the one it started at. */
  #generation = 0;
  /** The last CHANGES_KEPT changes, oldest first. */
  readonly #changes: { generation: number; dropped: Dropped }[] = [];

  get generation(): number {
    return this.#generation;
  }

  record(dropped: Dropped) {
    this.#generation++;
    this.#changes.push({ generation: this.#generation, dropped });
    if (this.#changes.length > CHANGES_KEPT) this.#changes.shift();
  }

  /**
   * True when no change since `generation` touched these tags: a page rendered then still shows
   * the read model as it is. (A render reads the database after its generation began, so it is
   * at least that new.) A change to an unknown version drops "all", so it fails this too.
   */
  unchangedSince(generation: number, tags: readonly string[]): boolean {
    if (generation === this.#generation) return true;
    const oldest = this.#changes[0];
    if (!oldest || oldest.generation > generation + 1) return false;
    return this.#changes.every(
      ({ generation: g, dropped }) => g <= generation || (dropped !== "all" && !tags.some((tag) => tag === UNTAGGED || dropped.has(tag))),
    );
  }
}
