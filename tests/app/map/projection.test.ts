/** The map's projection (decision 0014): Web Mercator on the contract's 16-bit x and y, y northwards. */
import { MAP_SIZE, MAX_LATITUDE, fromSvg, isMapPosition, svgX, svgY, toLatLon, toMapPosition } from "../../../app/map/projection.js";

it("puts Greenwich on the equator in the middle, and Berlin north-east of it", () => {
  expect(toMapPosition({ lat: 0, lon: 0 })).toEqual({ x: 32768, y: 32768 });
  expect(toMapPosition({ lat: 52.52, lon: 13.405 })).toEqual({ x: 35208, y: 44043 });
  expect(toMapPosition({ lat: -33.869, lon: 151.209 })).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
  const sydney = toMapPosition({ lat: -33.869, lon: 151.209 });
  expect(sydney.x).toBeGreaterThan(32768);
  expect(sydney.y).toBeLessThan(32768);
});

it("reads a position back to its place within half a step (611 m at the equator)", () => {
  for (const place of [
    { lat: 52.52, lon: 13.405 },
    { lat: -34.604, lon: -58.382 },
    { lat: 64.147, lon: -21.943 },
    { lat: 0.01, lon: 179.99 },
  ]) {
    const back = toLatLon(toMapPosition(place));
    const stepLon = 360 / MAP_SIZE;
    expect(Math.abs(back.lon - place.lon)).toBeLessThanOrEqual(stepLon / 2 + 1e-9);
    // A step of y is a step of x times cos φ in degrees of latitude.
    expect(Math.abs(back.lat - place.lat)).toBeLessThanOrEqual((stepLon / 2) * Math.cos((place.lat * Math.PI) / 180) + 1e-9);
  }
});

it("keeps the edges: 180° is x 0, the poles sit on the square's edges, every result is a uint16 pair", () => {
  expect(toMapPosition({ lat: 0, lon: 180 }).x).toBe(0);
  expect(toMapPosition({ lat: 0, lon: -180 }).x).toBe(0);
  expect(toMapPosition({ lat: 90, lon: 0 }).y).toBe(MAP_SIZE - 1);
  expect(toMapPosition({ lat: -90, lon: 0 }).y).toBe(0);
  expect(toLatLon({ x: 0, y: 0 }).lat).toBeCloseTo(-MAX_LATITUDE, 6);
  for (let lat = -90; lat <= 90; lat += 7.5) for (let lon = -180; lon <= 180; lon += 15) expect(isMapPosition(toMapPosition({ lat, lon }))).toBe(true);
});

it("draws north at the top of the SVG and reads a click back to the same position", () => {
  expect(svgY(MAP_SIZE - 1)).toBeLessThan(svgY(0));
  const berlin = { x: 35208, y: 44043 };
  expect(fromSvg(svgX(berlin.x), svgY(berlin.y))).toEqual(berlin);
  expect(fromSvg(-5, MAP_SIZE + 5)).toEqual({ x: 0, y: 0 });
});
