/** Which chapter an arrow key on the map goes to (app/components/chapter-map.tsx). */
export type Direction = "left" | "right" | "up" | "down";

type Placed = { id: string; x: number; y: number };

/**
 * The chapter nearest to `fromId` that way (y grows upwards, as on the map). First among those
 * within 45° of the key's direction, else among all on that side; nearest by the distance along
 * the key's axis plus twice the distance across it, so a chapter straight ahead wins over a nearer
 * one off to the side. Ties go to the lower id, so a key always goes to the same place. Null when
 * none lies that way (Tab still reaches every chapter).
 */
export function nearestInDirection(points: readonly Placed[], fromId: string, direction: Direction): string | null {
  const from = points.find((p) => p.id === fromId);
  if (!from) return null;
  const ahead = points
    .filter((p) => p.id !== from.id)
    .map((p) => {
      const dx = p.x - from.x;
      const dy = p.y - from.y;
      const [along, across] = direction === "left" ? [-dx, dy] : direction === "right" ? [dx, dy] : direction === "up" ? [dy, dx] : [-dy, dx];
      return { id: p.id, along, across: Math.abs(across), cost: along + 2 * Math.abs(across) };
    })
    .filter((p) => p.along > 0);
  const inCone = ahead.filter((p) => p.across <= p.along);
  const best = (inCone.length > 0 ? inCone : ahead).sort((a, b) => a.cost - b.cost || (BigInt(a.id) < BigInt(b.id) ? -1 : 1))[0];
  return best?.id ?? null;
}
