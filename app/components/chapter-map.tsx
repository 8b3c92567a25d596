/**
 * The chapters on a map of the world (decision 0014). The server renders it whole: land and
 * borders (app/map/world.svg, one cached file for every page with a map) under the chapters,
 * clustered for the starting view, so it paints before any JavaScript; in the browser it pans and
 * zooms (./map/use-map-view.ts) and the clusters separate. Each chapter is a link and each
 * cluster a button, in reading order; the arrow keys go to the nearest one that way, + and − zoom,
 * and the name shows on hover and focus. The list beside it stays the accessible equivalent.
 *
 * With `onPick` it is the admin's picker map: a click (not a drag) gives the position under it,
 * and `marks` show picked places (an old place and the new one joined by a line).
 */
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { useI18n } from "../i18n/use-i18n";
import { directionOf } from "../i18n/language";
import { clusterChapters, type MapItem } from "../map/clusters";
import { MAP_SIZE, fromSvg, svgX, svgY, type MapPosition } from "../map/projection";
import { MAX_ZOOM, WORLD_VIEW, fitPoints, inView, viewBoxOf, type View } from "../map/view";
import worldUrl from "../map/world.svg";
import { MapItems, itemName, type MapChapter } from "./map/map-items";
import { MapMarks, type MapMark } from "./map/map-marks";
import { svgPoint, useMapView } from "./map/use-map-view";
import { nearestInDirection, type Direction } from "./map-keys";

export type { MapPosition } from "../map/projection";
export type { MapMark } from "./map/map-marks";
export type { MapChapter } from "./map/map-items";

const DIRECTIONS: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

export type ChapterMapProps = {
  chapters: MapChapter[];
  highlight?: Set<string>;
  /** Picking mode: a click anywhere gives its position (the chapters are drawn, not linked). */
  onPick?: (position: MapPosition) => void;
  marks?: MapMark[];
  /** Where it starts (the server draws this): the world unless said. */
  initialView?: View;
};

/** The zoom step the clusters are made for: half octaves, so a pinch does not recluster on every frame. */
const stepOf = (zoom: number) => (zoom >= MAX_ZOOM ? MAX_ZOOM : 2 ** (Math.round(Math.log2(zoom) * 2) / 2));

export function ChapterMap({ chapters, highlight, onPick, marks = [], initialView = WORLD_VIEW }: ChapterMapProps) {
  const { t, language } = useI18n();
  const svg = useRef<SVGSVGElement>(null);
  const { view, setView, widthPx, zoomKey, handlers } = useMapView(svg, initialView, { interactive: true });
  const [active, setActive] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);
  const linked = !onPick;

  const step = stepOf(view.zoom);
  const unitsPerPx = MAP_SIZE / step / widthPx;
  const maxMembers = Math.max(1, ...chapters.map((c) => c.memberCount));
  const items = useMemo(
    () => clusterChapters(chapters, unitsPerPx, { rtl: directionOf(language) === "rtl", separate: step >= MAX_ZOOM }),
    [chapters, unitsPerPx, language, step],
  );
  const layer = useMemo(
    () => <MapItems items={items} unitsPerPx={unitsPerPx} maxMembers={maxMembers} highlight={highlight} linked={linked} t={t} />,
    [items, unitsPerPx, maxMembers, highlight, linked, t],
  );
  const byKey = useMemo(() => new Map(items.map((item) => [item.key, item])), [items]);

  // After a cluster opened, the focus goes to its biggest chapter (or the smaller cluster it is now in).
  useEffect(() => {
    const seed = focusNext.current;
    if (!seed) return;
    focusNext.current = null;
    svg.current?.querySelector<SVGElement>(`[data-seed="${seed}"]`)?.focus();
  }, [items]);

  const itemOf = (target: EventTarget | null): MapItem<MapChapter> | undefined => {
    const key = target instanceof Element ? target.closest("[data-key]")?.getAttribute("data-key") : null;
    return key ? byKey.get(key) : undefined;
  };

  const open = (item: MapItem<MapChapter>) => {
    if (item.kind !== "cluster") return;
    const fit = fitPoints(item.chapters.map((c) => ({ sx: svgX(c.x), sy: svgY(c.y) })));
    focusNext.current = item.seed.id;
    setView({ ...fit, zoom: Math.max(fit.zoom, view.zoom * 2) });
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const item = itemOf(event.target);
    if (zoomKey(event, item ?? null)) return event.preventDefault();
    if (item && (event.key === "Enter" || event.key === " ") && item.kind === "cluster") {
      event.preventDefault();
      return open(item);
    }
    const direction = DIRECTIONS[event.key];
    if (!direction || !item || !linked) return;
    // No item that way: the key does nothing (not a page scroll under the focused dot).
    event.preventDefault();
    const to = nearestInDirection(
      items.map((i) => ({ id: i.key, x: i.sx, y: -i.sy })),
      item.key,
      direction,
    );
    if (to) svg.current?.querySelector<SVGElement>(`[data-key="${to}"]`)?.focus();
  };

  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    const item = itemOf(event.target);
    if (!item) return;
    setActive(item.key);
    // The view follows the focus: Tab and the arrow keys pan the map.
    if (!inView(view, item.sx, item.sy)) setView((v) => ({ ...v, cx: item.sx, cy: item.sy }));
  };

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const item = itemOf(event.target);
    if (onPick) {
      const at = svgPoint(event.currentTarget, event.clientX, event.clientY);
      if (at) onPick(fromSvg(at.sx, at.sy));
    } else if (item?.kind === "cluster") {
      open(item);
    }
  };

  const activeItem = active ? byKey.get(active) : undefined;
  const label = onPick ? t("map.pick") : t("map.label");
  return (
    <div className={onPick ? "map-frame map-frame-pick" : "map-frame"}>
      <svg
        ref={svg}
        className={[onPick ? "map map-pick" : "map", view.zoom > 1 ? "zoomed" : "", highlight?.size ? "filtered" : ""].filter(Boolean).join(" ")}
        viewBox={viewBoxOf(view)}
        // Linked dots make the map a group of links; a picture's parts would be hidden from assistive technology.
        role={linked ? "group" : "img"}
        aria-label={label}
        data-zoom={view.zoom}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => setActive(null)}
        onPointerOver={(event: PointerEvent<SVGSVGElement>) => setActive(itemOf(event.target)?.key ?? null)}
        onPointerLeave={() => setActive(null)}
        onClick={onClick}
        {...handlers}
      >
        <image href={worldUrl} x={0} y={0} width={MAP_SIZE} height={MAP_SIZE} preserveAspectRatio="none" aria-hidden="true" />
        {layer}
        <MapMarks marks={marks} unitsPerPx={MAP_SIZE / view.zoom / widthPx} />
        {activeItem ? <ItemName item={activeItem} unitsPerPx={MAP_SIZE / view.zoom / widthPx} name={itemName(activeItem, t).name} /> : null}
      </svg>
      <div className="map-zoom">
        <button type="button" aria-label={t("map.zoomIn")} title={t("map.zoomIn")} onClick={() => setView((v) => ({ ...v, zoom: v.zoom * 2 }))} disabled={view.zoom >= MAX_ZOOM}>
          +
        </button>
        <button type="button" aria-label={t("map.zoomOut")} title={t("map.zoomOut")} onClick={() => setView((v) => ({ ...v, zoom: v.zoom / 2 }))} disabled={view.zoom <= 1}>
          −
        </button>
        <button type="button" aria-label={t("map.reset")} title={t("map.reset")} onClick={() => setView(initialView)}>
          ⌂
        </button>
      </div>
    </div>
  );
}

/** The name of the hovered or focused chapter or cluster, above its dot, drawn over everything else. */
function ItemName({ item, unitsPerPx, name }: { item: MapItem<MapChapter>; unitsPerPx: number; name: string }) {
  return (
    <text className="map-name" x={item.sx} y={item.sy} dy={-16 * unitsPerPx} fontSize={13 * unitsPerPx} strokeWidth={3 * unitsPerPx} textAnchor="middle" aria-hidden="true">
      {name}
    </text>
  );
}
