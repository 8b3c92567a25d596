/**
 * Pan and zoom for the chapter map, by pointer, touch and keyboard, in the browser only: the server
 * renders the starting view, and this hook moves it by changing the SVG's viewBox (no styles, no
 * tiles). A drag pans (a pointer moved less than DRAG_PX is a click: a link opens, the picker
 * picks); two fingers pinch; a double click zooms in (Shift: out); the wheel zooms once the map was
 * touched or with Ctrl (a touchpad's pinch), so scrolling the page over it still scrolls the page.
 * Keys (on the map's links and buttons): + and − zoom about the focused chapter, 0 shows the world.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from "react";
import { clampView, panBy, zoomAbout, type View } from "../../map/view";

/** The width the server draws for (the map beside the list at 1280 px); the browser measures its own. */
export const ASSUMED_WIDTH_PX = 548;
const DRAG_PX = 4;

/** An SVG point under a screen point, through the SVG's current viewBox. */
export function svgPoint(svg: SVGSVGElement, clientX: number, clientY: number): { sx: number; sy: number } | null {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { sx: p.x, sy: p.y };
}

type Gesture = { points: Map<number, { x: number; y: number }>; start: { x: number; y: number } | null; dragged: boolean };

export function useMapView(svg: RefObject<SVGSVGElement>, initial: View, options: { interactive: boolean }) {
  const [view, setView] = useState(initial);
  const [widthPx, setWidthPx] = useState(ASSUMED_WIDTH_PX);
  const engaged = useRef(false);
  const gesture = useRef<Gesture>({ points: new Map(), start: null, dragged: false });
  const justDragged = useRef(false);

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const measure = () => element.clientWidth > 0 && setWidthPx(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (!options.interactive) return () => observer.disconnect();
    const onWheel = (event: WheelEvent) => {
      if (!engaged.current && !event.ctrlKey) return;
      const at = svgPoint(element, event.clientX, event.clientY);
      if (!at) return;
      event.preventDefault();
      const delta = event.deltaY * (event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? 400 : 1);
      setView((v) => zoomAbout(v, 2 ** (-delta / (event.ctrlKey ? 100 : 400)), at.sx, at.sy));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener("wheel", onWheel);
    };
  }, [svg, options.interactive]);

  const unitsPerPx = (v: View) => (65536 / v.zoom) / widthPx;

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    engaged.current = true;
    const g = gesture.current;
    g.points.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.points.size === 1) [g.start, g.dragged] = [{ x: event.clientX, y: event.clientY }, false];
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    const before = g.points.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!g.dragged && g.start && Math.hypot(now.x - g.start.x, now.y - g.start.y) < DRAG_PX && g.points.size === 1) return;
    if (!g.dragged) {
      g.dragged = true;
      // Captured only once it is a drag: a click's target stays the link under it.
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (g.points.size === 1) {
      setView((v) => panBy(v, -(now.x - before.x) * unitsPerPx(v), -(now.y - before.y) * unitsPerPx(v)));
    } else {
      const [other] = [...g.points.entries()].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
      if (other) {
        const factor = Math.hypot(now.x - other.x, now.y - other.y) / Math.max(1, Math.hypot(before.x - other.x, before.y - other.y));
        const mid = svgPoint(event.currentTarget, (now.x + other.x) / 2, (now.y + other.y) / 2);
        if (mid) setView((v) => panBy(zoomAbout(v, factor, mid.sx, mid.sy), -((now.x - before.x) / 2) * unitsPerPx(v), -((now.y - before.y) / 2) * unitsPerPx(v)));
      }
    }
    g.points.set(event.pointerId, now);
  };

  const onPointerEnd = (event: PointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    g.points.delete(event.pointerId);
    if (g.points.size === 0) {
      justDragged.current = g.dragged;
      [g.start, g.dragged] = [null, false];
    }
  };

  /** A drag's release is no click: the link under it does not open, the picker does not pick. */
  const onClickCapture = (event: MouseEvent<SVGSVGElement>) => {
    if (!justDragged.current) return;
    justDragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  const onDoubleClick = (event: MouseEvent<SVGSVGElement>) => {
    const at = svgPoint(event.currentTarget, event.clientX, event.clientY);
    if (at) setView((v) => zoomAbout(v, event.shiftKey ? 0.5 : 2, at.sx, at.sy));
  };

  /** + / − about a point (the focused chapter, else the middle), 0: the starting view. */
  const zoomKey = (event: KeyboardEvent, about: { sx: number; sy: number } | null): boolean => {
    const factor = event.key === "+" || event.key === "=" ? 2 : event.key === "-" || event.key === "_" ? 0.5 : null;
    if (event.key === "0") {
      setView(initial);
      return true;
    }
    if (!factor) return false;
    engaged.current = true;
    setView((v) => zoomAbout(v, factor, about?.sx ?? v.cx, about?.sy ?? v.cy));
    return true;
  };

  return {
    view,
    setView: (next: View | ((v: View) => View)) => {
      engaged.current = true;
      setView((v) => clampView(typeof next === "function" ? next(v) : next));
    },
    widthPx,
    zoomKey,
    handlers: options.interactive
      ? { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onClickCapture, onDoubleClick }
      : {},
  };
}
