/**
 * A map position as people read and type places: "52.52° N, 13.40° E" (two decimals: about a
 * kilometre, as fine as the map's steps). The hemisphere words come from the page's language
 * (map.north …); typing accepts what the page writes, in any of its languages, or signed decimals.
 */
import type { TFunction } from "i18next";
import { twoDecimals } from "../ground/format";
import { MAX_LATITUDE, toLatLon, toMapPosition, type LatLon, type MapPosition } from "./projection";

/** "52.52° N, 13.40° E" in the page's language: the place a chapter's x and y stand for. */
export function formatCoordinates(position: MapPosition, t: TFunction, language: string): string {
  const { lat, lon } = toLatLon(position);
  // Rounded first, so a place on the equator is "0.00° N", never "0.00° S".
  const round = (v: number) => Math.round(v * 100) / 100;
  const [la, lo] = [round(lat), round(lon)];
  const quarter = `${la < 0 ? "s" : "n"}${lo < 0 ? "w" : "e"}`;
  return t(`map.coordinates.${quarter}`, { lat: twoDecimals(Math.abs(la), language), lon: twoDecimals(Math.abs(lo), language) });
}

/** The words that make a typed degree negative or positive, in every language the page offers. */
export type Hemispheres = { negative: readonly string[]; positive: readonly string[] };

/**
 * One typed latitude or longitude: "52.52", "-0.13", "52,52", "52.52° N", "13.40 O", "13.4 شرقاً".
 * Null when it is not a number in range (±85.05° for latitude, the map's edge; ±180° for longitude).
 */
export function parseDegrees(text: string, kind: "lat" | "lon", words: Hemispheres): number | null {
  // Degree signs and direction marks (the Arabic page writes one either side of a number) are not part of it.
  let rest = text.replace(/[°\u200e\u200f]/g, " ").trim();
  let sign = 1;
  const ends = (word: string) => word !== "" && rest.toLowerCase().endsWith(word.toLowerCase());
  const negative = words.negative.find(ends);
  const positive = negative ? undefined : words.positive.find(ends);
  const word = negative ?? positive;
  if (word) {
    rest = rest.slice(0, rest.length - word.length).trim();
    if (negative) sign = -1;
  }
  if (!/^[-+]?\d{1,3}([.,]\d+)?$/.test(rest)) return null;
  if (word && /^[-+]/.test(rest)) return null; // "-5 S": say it one way.
  const value = sign * Number(rest.replace(",", "."));
  const limit = kind === "lat" ? MAX_LATITUDE : 180;
  return Math.abs(value) <= limit ? value : null;
}

/** Both typed degrees as a map position, or null when either is not one. */
export function typedPosition(lat: string, lon: string, words: { lat: Hemispheres; lon: Hemispheres }): MapPosition | null {
  const place: Partial<LatLon> = { lat: parseDegrees(lat, "lat", words.lat) ?? undefined, lon: parseDegrees(lon, "lon", words.lon) ?? undefined };
  return place.lat === undefined || place.lon === undefined ? null : toMapPosition({ lat: place.lat, lon: place.lon });
}
