/**
 * Places picked on the admin's map: a cross with a short label (a new chapter's number, "new",
 * "now"). A move draws the chapter's place now ("old") and the picked one ("new") with a dashed
 * line from the one to the other. Sizes in screen pixels, as the dots.
 */
import { svgX, svgY, type MapPosition } from "../../map/projection";

export type MapMark = MapPosition & { label: string; kind?: "old" | "new" };

export function MapMarks({ marks, unitsPerPx }: { marks: readonly MapMark[]; unitsPerPx: number }) {
  const old = marks.find((m) => m.kind === "old");
  const arm = 8 * unitsPerPx;
  return (
    <g className="map-marks" aria-hidden="true">
      {old
        ? marks
            .filter((m) => m.kind !== "old" && (m.x !== old.x || m.y !== old.y))
            .map((m) => (
              <line key={`line-${m.label}`} className="map-move" x1={svgX(old.x)} y1={svgY(old.y)} x2={svgX(m.x)} y2={svgY(m.y)} />
            ))
        : null}
      {marks.map((m) => {
        const [sx, sy] = [svgX(m.x), svgY(m.y)];
        return (
          <g key={m.label} className={m.kind === "old" ? "map-mark map-mark-old" : "map-mark"} data-mark={m.label} data-x={m.x} data-y={m.y}>
            <path d={`M ${sx - arm} ${sy} h ${2 * arm} M ${sx} ${sy - arm} v ${2 * arm}`} />
            <text x={sx + arm * 0.8} y={sy - arm * 0.8} fontSize={14 * unitsPerPx} strokeWidth={3 * unitsPerPx}>
              {m.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
