import { Link } from "@remix-run/react";
import { chapterLabel } from "../utils/format";

type Point = { id: string; locationText: string | null; x: number; y: number; memberCount: number };

const SIZE = 65536;

/**
 * Chapters on the 16-bit map: each a circle at (x, y), its area proportional to the member
 * count, linking to the chapter. y grows upwards, as on a map.
 */
export function ChapterMap({ chapters, highlight }: { chapters: Point[]; highlight?: Set<string> }) {
  const maxMembers = Math.max(1, ...chapters.map((c) => c.memberCount));
  return (
    <svg className="map" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label="Map of chapters">
      {chapters.map((c) => {
        const r = 500 + 2500 * Math.sqrt(c.memberCount / maxMembers);
        return (
          <Link key={c.id} to={`/chapters/${c.id}`} aria-label={chapterLabel(c)} data-chapter-id={c.id}>
            <circle cx={c.x} cy={SIZE - 1 - c.y} r={r} className={highlight?.has(c.id) ? "highlight" : undefined}>
              <title>{`${chapterLabel(c)}: ${c.memberCount} members`}</title>
            </circle>
          </Link>
        );
      })}
    </svg>
  );
}
