/**
 * The chapter admin's way to say where a chapter is (decision 0014): click the map, or type the
 * place's latitude and longitude; either gives the contract's x and y in the map's projection.
 * MapPicker is the map (with the places picked so far, and for a move the place now, "now", joined
 * to the new one); PlaceFields are the typed degrees of one position, which follow the map's
 * clicks and drive it back. A form keeps the position and sends its x and y.
 */
import type { TFunction } from "i18next";
import { useEffect, useId, useState } from "react";
import { useI18n } from "../../i18n/use-i18n";
import { formatCoordinates, typedPosition } from "../../map/coordinates";
import { svgX, svgY, toLatLon, type MapPosition } from "../../map/projection";
import { viewAround, type View } from "../../map/view";
import { twoDecimals } from "../../ground/format";
import { ChapterMap, type MapChapter, type MapMark } from "../chapter-map";

type MapPickerProps = {
  /** Chapters drawn for orientation (not links: a click picks). */
  chapters: MapChapter[];
  onPick: (position: MapPosition) => void;
  /** Picked places to draw: each new chapter's number, or the move's new place. */
  marks: MapMark[];
  /** A move: the chapter's place now, drawn as "now" and joined to the new place; the map starts around it. */
  from?: MapPosition;
  /** What to do, when the form says more than "click the map or type the place". */
  hint?: string;
};

export function MapPicker({ chapters, onPick, marks, from, hint }: MapPickerProps) {
  const { t } = useI18n();
  const all: MapMark[] = from ? [{ x: from.x, y: from.y, label: t("map.oldMark"), kind: "old" }, ...marks] : marks;
  const start: View | undefined = from ? viewAround(svgX(from.x), svgY(from.y), 4) : undefined;
  return (
    <div className="pick-map">
      <p className="muted">{hint ?? t("map.pickHint")}</p>
      <ChapterMap chapters={chapters} marks={all} onPick={onPick} initialView={start} />
    </div>
  );
}

/** The hemisphere words typing accepts: the page's language, and the English letters everyone writes. */
function hemispheres(t: TFunction) {
  const words = (key: string, letter: string) => [t(key), letter];
  return {
    lat: { negative: words("map.south", "S"), positive: words("map.north", "N") },
    lon: { negative: words("map.west", "W"), positive: words("map.east", "E") },
  };
}

type Typed = { lat: string; lon: string };
const typedOf = (p: MapPosition, language: string): Typed => {
  const { lat, lon } = toLatLon(p);
  return { lat: twoDecimals(lat, language), lon: twoDecimals(lon, language) };
};

type PlaceFieldsProps = { id: string; value: MapPosition | null; onChange: (position: MapPosition | null) => void };

/** Latitude and longitude of one position, and what they pick in the page's words and in x and y. */
export function PlaceFields({ id, value, onChange }: PlaceFieldsProps) {
  const { t, language } = useI18n();
  const [typed, setTyped] = useState<Typed>(() => (value ? typedOf(value, language) : { lat: "", lon: "" }));
  const hint = useId();
  const words = hemispheres(t);
  const fromTyped = typedPosition(typed.lat, typed.lon, words);
  // A click on the map (or a form that starts again) writes the fields; typing does not rewrite them.
  useEffect(() => {
    if (value && (fromTyped?.x !== value.x || fromTyped?.y !== value.y)) setTyped(typedOf(value, language));
    if (!value && fromTyped) setTyped({ lat: "", lon: "" });
  }, [value?.x, value?.y]);
  const type = (next: Typed) => {
    setTyped(next);
    onChange(typedPosition(next.lat, next.lon, words));
  };
  const bad = typed.lat.trim() !== "" && typed.lon.trim() !== "" && !fromTyped;
  return (
    <span className="place-fields" data-place={id}>
      <label>
        {t("map.latitude")} <input name={`lat-${id}`} inputMode="decimal" size={9} placeholder={t("map.latitudeHint")} value={typed.lat} aria-invalid={bad || undefined} aria-describedby={hint} onChange={(e) => type({ ...typed, lat: e.target.value })} />
      </label>{" "}
      <label>
        {t("map.longitude")} <input name={`lon-${id}`} inputMode="decimal" size={9} placeholder={t("map.longitudeHint")} value={typed.lon} aria-invalid={bad || undefined} aria-describedby={hint} onChange={(e) => type({ ...typed, lon: e.target.value })} />
      </label>{" "}
      <span id={hint} className={bad ? "place-picked bad" : "place-picked muted"} role="status" data-x={value?.x} data-y={value?.y}>
        {bad
          ? t("map.notAPlace")
          : value
            ? t("map.picked", { place: formatCoordinates(value, t, language), xy: t("map.xy", { x: value.x, y: value.y }) })
            : t("map.nothingPicked")}
      </span>
    </span>
  );
}
