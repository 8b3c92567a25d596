/**
 * The chapters drawn on the map at one zoom (app/map/clusters.ts): a chapter is a dot whose area
 * grows with its members, linked to its page; a cluster is a bigger dot with the count, a button
 * that zooms in until its chapters stand apart. Sizes are in screen pixels (`unitsPerPx`), so a dot
 * is as big at every zoom. Rendered once per zoom step and filter, not on every pan.
 */
import type { TFunction } from "i18next";
import type { MapItem, Placed } from "../../map/clusters";
import { chapterLabel } from "../../ground/format";
import { RowLink } from "../links";

export type MapChapter = Placed & { locationText: string | null };

/** A chapter's dot radius in pixels: 3.5 for none, 10 for the biggest chapter (area by members). */
export const dotPx = (members: number, maxMembers: number) => 3.5 + 6.5 * Math.sqrt(Math.max(0, members) / Math.max(1, maxMembers));
/** A cluster's radius in pixels: grows slowly with its count. */
export const clusterPx = (count: number) => 9 + 2.5 * Math.log2(count);

/** The words a screen reader says for an item (and the name shown beside it on hover or focus). */
export function itemName(item: MapItem<MapChapter>, t: TFunction): { label: string; name: string } {
  if (item.kind === "chapter") {
    const name = chapterLabel(item.chapter, t);
    return { name, label: t("map.chapter", { name, count: item.chapter.memberCount }) };
  }
  const name = t("map.clusterName", { name: chapterLabel(item.seed, t), count: item.chapters.length - 1 });
  return { name, label: t("map.cluster", { name, members: item.members, count: item.chapters.length }) };
}

type Props = {
  items: MapItem<MapChapter>[];
  unitsPerPx: number;
  maxMembers: number;
  highlight?: Set<string>;
  /** Links and buttons (the chapter list's map); without, plain shapes (the picker: a click picks). */
  linked: boolean;
  t: TFunction;
};

export function MapItems({ items, unitsPerPx, maxMembers, highlight, linked, t }: Props) {
  const lit = (ids: string[]) => (highlight && ids.some((id) => highlight.has(id)) ? "highlight" : undefined);
  return (
    <g className="map-items">
      {items.map((item) => {
        const { label } = itemName(item, t);
        if (item.kind === "chapter") {
          const c = item.chapter;
          const dot = (
            <circle cx={item.sx} cy={item.sy} r={dotPx(c.memberCount, maxMembers) * unitsPerPx} className={lit([c.id])}>
              <title>{label}</title>
            </circle>
          );
          return linked ? (
            <RowLink key={item.key} to={`/chapters/${c.id}`} aria-label={label} data-chapter-id={c.id} data-key={item.key} data-seed={c.id}>
              {dot}
            </RowLink>
          ) : (
            <g key={item.key} data-chapter-id={c.id} data-key={item.key}>
              {dot}
            </g>
          );
        }
        const r = clusterPx(item.chapters.length) * unitsPerPx;
        const ids = item.chapters.map((c) => c.id).join(" ");
        const dot = <circle cx={item.sx} cy={item.sy} r={r} className={lit(item.chapters.map((c) => c.id))} />;
        // The count is drawn beside the button, not in it: its name says the count in words (Arabic "فرعان" has no digit).
        const count = (
          <text x={item.sx} y={item.sy} dy="0.35em" fontSize={11 * unitsPerPx} textAnchor="middle" aria-hidden="true">
            {item.chapters.length}
          </text>
        );
        return (
          <g key={item.key} className="map-cluster" data-count={item.chapters.length} data-chapters={ids}>
            {linked ? (
              // A button in SVG: the role and tabindex make it one; Enter and Space open it (app/components/chapter-map.tsx).
              <g role="button" tabIndex={0} aria-label={label} data-key={item.key} data-seed={item.seed.id}>
                {dot}
              </g>
            ) : (
              <g data-key={item.key}>
                <title>{label}</title>
                {dot}
              </g>
            )}
            {count}
          </g>
        );
      })}
    </g>
  );
}
