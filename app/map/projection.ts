/**
 * What a chapter's x and y mean (decision 0014): Web Mercator, the square world of web maps,
 * scaled to the contract's 16-bit numbers. x grows eastwards from 180° W (0) through Greenwich
 * (32768); y grows northwards from 85.05° S (0) through the equator (32768) to 85.05° N. One step
 * is 611 m at the equator and less towards the poles (cos φ): finer than any chapter needs.
 *
 * Pure and shared by the server, the browser and the scripts: the map, the chapter page, the
 * admin's picker, the demo data and the CSV export all go through these two functions.
 */

/** The world's width and height in map units: 2^16. */
export const MAP_SIZE = 65536;
/** The latitude where Web Mercator's square ends (atan(sinh π)); beyond it a place sits on the edge. */
export const MAX_LATITUDE = 85.0511287798066;

/** A position on the map: the contract's x and y, integers 0…65535, y growing northwards. */
export type MapPosition = { x: number; y: number };
/** A place on Earth in degrees: latitude north positive, longitude east positive. */
export type LatLon = { lat: number; lon: number };

const clampY = (y: number) => Math.min(MAP_SIZE - 1, Math.max(0, y));

/** The map position of a place: rounded to the nearest step; 180° E is 180° W (x 0). */
export function toMapPosition({ lat, lon }: LatLon): MapPosition {
  const x = Math.round(((lon + 180) / 360) * MAP_SIZE);
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  const y = Math.round((0.5 + Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * MAP_SIZE);
  return { x: ((x % MAP_SIZE) + MAP_SIZE) % MAP_SIZE, y: clampY(y) };
}

/** The place a map position stands for (the exact point its integers name). */
export function toLatLon({ x, y }: MapPosition): LatLon {
  const lon = (x / MAP_SIZE) * 360 - 180;
  const lat = (Math.atan(Math.sinh(2 * Math.PI * (y / MAP_SIZE - 0.5))) * 180) / Math.PI;
  return { lat, lon };
}

/** Whether two numbers are a position the contract takes (uint16 each). */
export const isMapPosition = ({ x, y }: MapPosition): boolean =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < MAP_SIZE && y < MAP_SIZE;

/**
 * Where a position is drawn in the map's SVG: the world square is viewBox 0 0 65536 65536 and SVG's
 * y grows downwards, so the north edge is 0.
 */
export const svgX = (x: number): number => x;
export const svgY = (y: number): number => MAP_SIZE - y;
/** The position under an SVG point (the inverse of svgX/svgY), rounded and kept on the map. */
export function fromSvg(sx: number, sy: number): MapPosition {
  const clamp = (v: number) => Math.min(MAP_SIZE - 1, Math.max(0, Math.round(v)));
  return { x: clamp(sx), y: clamp(MAP_SIZE - sy) };
}
