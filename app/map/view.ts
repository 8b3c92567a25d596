/**
 * The part of the world the map shows: a centre in SVG units (app/map/projection.ts) and a zoom,
 * 1 being the whole width. The frame keeps one shape (VIEW_ASPECT, about the world between 85° N
 * and 59° S, where people live) and never leaves the world square.
 */
import { MAP_SIZE } from "./projection";

/** Width over height of every view: at zoom 1, 85.05° N down to 58.9° S (Cape Horn is 56° S). */
export const VIEW_ASPECT = 64 / 45;
export const MIN_ZOOM = 1;
/** 2^10: a map unit is then 10 px on a 640 px map, so chapters 1 km apart stand apart. */
export const MAX_ZOOM = 1024;

export type View = { cx: number; cy: number; zoom: number };

export const viewWidth = (view: View) => MAP_SIZE / view.zoom;
export const viewHeight = (view: View) => MAP_SIZE / view.zoom / VIEW_ASPECT;

/** The view kept inside the world square and the zoom limits. */
export function clampView({ cx, cy, zoom }: View): View {
  const z = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
  const [w, h] = [MAP_SIZE / z, MAP_SIZE / z / VIEW_ASPECT];
  const keep = (v: number, half: number) => Math.min(MAP_SIZE - half, Math.max(half, v));
  return { cx: keep(cx, w / 2), cy: keep(cy, h / 2), zoom: z };
}

/** The whole width, from the north edge down. */
export const WORLD_VIEW: View = clampView({ cx: MAP_SIZE / 2, cy: 0, zoom: 1 });

/** The view around one SVG point at a zoom (a chapter's small map, the picker's old place). */
export const viewAround = (sx: number, sy: number, zoom: number): View => clampView({ cx: sx, cy: sy, zoom });

/** The SVG viewBox of a view. */
export function viewBoxOf(view: View): string {
  const [w, h] = [viewWidth(view), viewHeight(view)];
  const r = (v: number) => Math.round(v * 100) / 100;
  return `${r(view.cx - w / 2)} ${r(view.cy - h / 2)} ${r(w)} ${r(h)}`;
}

/** Zoomed by `factor` about an SVG point, which stays where it is on the screen (a wheel, a pinch, a double click). */
export function zoomAbout(view: View, factor: number, sx: number, sy: number): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  const keep = view.zoom / zoom;
  return clampView({ cx: sx + (view.cx - sx) * keep, cy: sy + (view.cy - sy) * keep, zoom });
}

/** Moved by SVG units (a drag: the world follows the pointer). */
export const panBy = (view: View, dx: number, dy: number): View => clampView({ ...view, cx: view.cx + dx, cy: view.cy + dy });

/** The closest view that shows every point with a margin, zoomed in no further than `maxZoom` (a cluster opened). */
export function fitPoints(points: readonly { sx: number; sy: number }[], maxZoom = MAX_ZOOM): View {
  const xs = points.map((p) => p.sx);
  const ys = points.map((p) => p.sy);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Twice the box, so the outermost dots stand a quarter in from the edges.
  const w = Math.max(maxX - minX, (maxY - minY) * VIEW_ASPECT) * 2;
  const zoom = Math.min(maxZoom, w > 0 ? MAP_SIZE / w : maxZoom);
  return clampView({ cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, zoom });
}

/** Whether an SVG point is inside the view. */
export function inView(view: View, sx: number, sy: number): boolean {
  return Math.abs(sx - view.cx) <= viewWidth(view) / 2 && Math.abs(sy - view.cy) <= viewHeight(view) / 2;
}
