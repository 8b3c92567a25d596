import type { MouseEvent } from "react";
import { chapterLabel } from "../utils/format";
import { RowLink } from "./links";

type Point = { id: string; locationText: string | null; x: number; y: number; memberCount: number };
/** A position on the map in the contract's coordinates (uint16 each, y growing upwards). */
export type MapPosition = { x: number; y: number };
/** A picked position drawn on the map, with a short label (a new chapter's number). */
export type MapMark = MapPosition & { label: string };

const SIZE = 65536;

/** The map position under a click: screen pixels back through the SVG's transform, y flipped. */
function positionOf(event: MouseEvent<SVGSVGElement>): MapPosition | null {
  const svg = event.currentTarget;
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const clamp = (v: number) => Math.min(SIZE - 1, Math.max(0, Math.round(v)));
  return { x: clamp(point.x), y: clamp(SIZE - 1 - point.y) };
}

export type ChapterMapProps = {
  chapters: Point[];
  highlight?: Set<string>;
  /** Picking mode: a click anywhere gives its position (the chapters are drawn, not linked). */
  onPick?: (position: MapPosition) => void;
  marks?: MapMark[];
};

/**
 * Chapters on the 16-bit map: each a circle at (x, y), its area proportional to the member
 * count, linking to the chapter. y grows upwards, as on a map.
 */
export function ChapterMap({ chapters, highlight, onPick, marks = [] }: ChapterMapProps) {
  const maxMembers = Math.max(1, ...chapters.map((c) => c.memberCount));
  const pick = onPick
    ? (event: MouseEvent<SVGSVGElement>) => {
        const position = positionOf(event);
        if (position) onPick(position);
      }
    : undefined;
  return (
    <svg
      className={onPick ? "map map-pick" : "map"}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={onPick ? "Map: click to place" : "Map of chapters"}
      onClick={pick}
    >
      {chapters.map((c) => {
        const r = 500 + 2500 * Math.sqrt(c.memberCount / maxMembers);
        const circle = (
          <circle cx={c.x} cy={SIZE - 1 - c.y} r={r} className={highlight?.has(c.id) ? "highlight" : undefined}>
            <title>{`${chapterLabel(c)}: ${c.memberCount} members`}</title>
          </circle>
        );
        return onPick ? (
          <g key={c.id} data-chapter-id={c.id}>
            {circle}
          </g>
        ) : (
          <RowLink key={c.id} to={`/chapters/${c.id}`} aria-label={chapterLabel(c)} data-chapter-id={c.id}>
            {circle}
          </RowLink>
        );
      })}
      {marks.map((m) => (
        <g key={m.label} className="map-mark" data-mark={m.label} data-x={m.x} data-y={m.y}>
          <path d={`M ${m.x - 1500} ${SIZE - 1 - m.y} h 3000 M ${m.x} ${SIZE - 1 - m.y - 1500} v 3000`} />
          <text x={m.x + 1200} y={SIZE - 1 - m.y - 1200}>
            {m.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
