/**
 * Which chapters the map draws together at a zoom: chapters whose dots would overlap become one
 * cluster, drawn at its biggest chapter's place with their count, and separate as the map zooms
 * in. Distances are in screen pixels (`unitsPerPx`: SVG units per pixel at the zoom), so a cluster
 * means the same at 390 and 1280 px. The biggest chapter seeds first (ties by id), so the result
 * depends on the zoom only, never on where the map was panned: a cluster does not flicker by.
 */
import { svgX, svgY } from "./projection";

export type Placed = { id: string; x: number; y: number; memberCount: number };

export type MapItem<C extends Placed> =
  | { kind: "chapter"; key: string; chapter: C; sx: number; sy: number }
  | { kind: "cluster"; key: string; seed: C; chapters: C[]; members: number; sx: number; sy: number };

/**
 * Dots closer than this many pixels (centre to centre) are one cluster: then every dot or cluster
 * on the map is a target with 24 px to the next (WCAG 2.2's target spacing), however small its dot.
 */
export const CLUSTER_PX = 24;

const byWeight = (a: Placed, b: Placed) => b.memberCount - a.memberCount || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

/**
 * The items to draw, in reading order: rows from north to south (each row as tall as a cluster's
 * reach), within a row west to east, or east to west on a right-to-left page. That order is the
 * Tab order of the map's links and buttons.
 */
export function clusterChapters<C extends Placed>(
  chapters: readonly C[],
  unitsPerPx: number,
  options: { rtl?: boolean; separate?: boolean } = {},
): MapItem<C>[] {
  const reach = CLUSTER_PX * unitsPerPx;
  const seeds: { seed: C; sx: number; sy: number; chapters: C[] }[] = [];
  const grid = new Map<string, number[]>();
  const cell = (sx: number, sy: number) => [Math.floor(sx / reach), Math.floor(sy / reach)] as const;
  for (const chapter of [...chapters].sort(byWeight)) {
    const [sx, sy] = [svgX(chapter.x), svgY(chapter.y)];
    const [cx, cy] = cell(sx, sy);
    let nearest: number | undefined;
    let best = reach * reach;
    if (!options.separate) {
      for (let i = cx - 1; i <= cx + 1; i++) {
        for (let j = cy - 1; j <= cy + 1; j++) {
          for (const index of grid.get(`${i},${j}`) ?? []) {
            const s = seeds[index]!;
            const d = (s.sx - sx) ** 2 + (s.sy - sy) ** 2;
            if (d < best) [best, nearest] = [d, index];
          }
        }
      }
    }
    if (nearest !== undefined) {
      seeds[nearest]!.chapters.push(chapter);
    } else {
      grid.set(`${cx},${cy}`, [...(grid.get(`${cx},${cy}`) ?? []), seeds.length]);
      seeds.push({ seed: chapter, sx, sy, chapters: [chapter] });
    }
  }
  const items = seeds.map(({ seed, sx, sy, chapters: members }): MapItem<C> =>
    members.length === 1
      ? { kind: "chapter", key: seed.id, chapter: seed, sx, sy }
      : { kind: "cluster", key: `cluster-${seed.id}`, seed, chapters: members, members: members.reduce((n, c) => n + c.memberCount, 0), sx, sy },
  );
  const row = (item: MapItem<C>) => Math.floor(item.sy / reach);
  const across = options.rtl ? -1 : 1;
  return items.sort((a, b) => row(a) - row(b) || across * (a.sx - b.sx) || (a.key < b.key ? -1 : 1));
}
