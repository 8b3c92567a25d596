/** Coordinates as people read and type them: "52.52° N, 13.40° E" in the page's language. */
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";
import { formatCoordinates, parseDegrees, typedPosition } from "../../../app/map/coordinates.js";
import { toMapPosition } from "../../../app/map/projection.js";

const tOf = async (language: string) => tFor(language);

const berlin = toMapPosition({ lat: 52.52, lon: 13.405 });
// Half a map step away at most: -34.604 reads back as -34.606.
const buenosAires = toMapPosition({ lat: -34.604, lon: -58.382 });

it("says a position as degrees with hemispheres, in each language", async () => {
  expect(formatCoordinates(berlin, await tOf("en"), "en")).toBe("52.52° N, 13.40° E");
  expect(formatCoordinates(buenosAires, await tOf("en"), "en")).toBe("34.61° S, 58.38° W");
  expect(formatCoordinates(berlin, await tOf("de"), "de")).toBe("52,52° N, 13,40° O");
  expect(formatCoordinates(buenosAires, await tOf("ar"), "ar")).toBe("\u200e34.61°\u200e جنوبًا، \u200e58.38°\u200e غربًا");
  // The middle of the map is 0.00° N, 0.00° E, never "S" for a rounding below zero.
  expect(formatCoordinates({ x: 32768, y: 32768 }, await tOf("en"), "en")).toBe("0.00° N, 0.00° E");
});

const words = {
  lat: { negative: ["S", "Süd"], positive: ["N"] },
  lon: { negative: ["W"], positive: ["E", "O"] },
};

it("reads typed degrees: signed decimals, decimal commas, hemisphere letters, what the page writes", () => {
  expect(parseDegrees("52.52", "lat", words.lat)).toBe(52.52);
  expect(parseDegrees(" -0.13 ", "lon", words.lon)).toBe(-0.13);
  expect(parseDegrees("52,52° N", "lat", words.lat)).toBe(52.52);
  expect(parseDegrees("13.40° O", "lon", words.lon)).toBe(13.4);
  expect(parseDegrees("34.6 s", "lat", words.lat)).toBe(-34.6);
  expect(parseDegrees("58.38°W", "lon", words.lon)).toBe(-58.38);
  expect(typedPosition("52.52° N", "13.405° E", words)).toEqual(berlin);
  // As the Arabic page writes it, copied with its direction marks.
  expect(parseDegrees("\u200e34.61°\u200e جنوبًا", "lat", { negative: ["جنوبًا"], positive: ["شمالًا"] })).toBe(-34.61);
});

it("refuses what is no place on the map", () => {
  for (const [text, kind] of [
    ["", "lat"],
    ["north", "lat"],
    ["86", "lat"],
    ["-181", "lon"],
    ["-5 S", "lat"],
    ["1e3", "lon"],
    ["12.5.3", "lat"],
  ] as const) {
    expect([text, parseDegrees(text, kind, words[kind])]).toEqual([text, null]);
  }
  expect(typedPosition("52.52", "", words)).toBeNull();
});
