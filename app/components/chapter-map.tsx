import type { KeyboardEvent, MouseEvent } from "react";
import { useI18n } from "../i18n/use-i18n";
import { chapterLabel } from "../utils/format";
import { RowLink } from "./links";
import { nearestInDirection, type Direction } from "./map-keys";

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

const DIRECTIONS: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/** Arrow keys on a chapter's link move the focus to the nearest chapter that way, as a sighted person's eye would. */
function moveFocus(event: KeyboardEvent<SVGSVGElement>, chapters: readonly Point[]) {
  const direction = DIRECTIONS[event.key];
  const from = event.target instanceof Element ? event.target.closest("a[data-chapter-id]")?.getAttribute("data-chapter-id") : null;
  if (!direction || !from || event.altKey || event.ctrlKey || event.metaKey) return;
  const to = nearestInDirection(chapters, from, direction);
  // No chapter that way: the key does nothing (not a page scroll under the focused dot).
  event.preventDefault();
  if (to) event.currentTarget.querySelector<SVGAElement>(`a[data-chapter-id="${to}"]`)?.focus();
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
 * count, linking to the chapter; Tab or the arrow keys go from chapter to chapter. y grows
 * upwards, as on a map. One chapter alone (its own page) is a small locator: where it lies, not a
 * link to the page one is on.
 */
export function ChapterMap({ chapters, highlight, onPick, marks = [] }: ChapterMapProps) {
  const { t } = useI18n();
  const maxMembers = Math.max(1, ...chapters.map((c) => c.memberCount));
  const pick = onPick
    ? (event: MouseEvent<SVGSVGElement>) => {
        const position = positionOf(event);
        if (position) onPick(position);
      }
    : undefined;
  const locator = !onPick && chapters.length === 1 ? chapters[0]! : null;
  const linked = !onPick && !locator;
  const label = onPick ? t("map.pick") : locator ? t("map.locator", { name: chapterLabel(locator, t), x: locator.x, y: locator.y }) : t("map.label");
  return (
    <svg
      className={onPick ? "map map-pick" : locator ? "map map-locator" : "map"}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      // Linked dots make the map a group of links; a picture's parts would be hidden from assistive technology.
      role={linked ? "group" : "img"}
      aria-label={label}
      onClick={pick}
      onKeyDown={linked ? (event) => moveFocus(event, chapters) : undefined}
    >
      {chapters.map((c) => {
        const r = locator ? 3500 : 500 + 2500 * Math.sqrt(c.memberCount / maxMembers);
        // The <title> is the tooltip under a pointer, with the member count; a link's name is the chapter's.
        const circle = (
          <circle cx={c.x} cy={SIZE - 1 - c.y} r={r} className={highlight?.has(c.id) ? "highlight" : undefined}>
            <title>{t("map.chapter", { name: chapterLabel(c, t), count: c.memberCount })}</title>
          </circle>
        );
        return linked ? (
          <RowLink key={c.id} to={`/chapters/${c.id}`} aria-label={chapterLabel(c, t)} data-chapter-id={c.id}>
            {circle}
          </RowLink>
        ) : (
          <g key={c.id} data-chapter-id={c.id}>
            {circle}
          </g>
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
