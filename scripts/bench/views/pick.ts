/** A random item of a non-empty list. */
export const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
