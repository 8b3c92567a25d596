import { listChapters } from "../models/chapters.server";
import { toLatLon } from "../map/projection";
import { csvResponse, toCsv } from "../utils/csv";
import { textErrors } from "../utils/http.server";

/** Six decimals: a tenth of a metre, finer than a map step (611 m), so the place reads back to the same x and y. */
const degrees = (value: number) => value.toFixed(6);

/**
 * Every chapter with its place: the contract's x and y and the latitude and longitude they stand
 * for (decision 0014), in English as every CSV here (a data file, read by programs as much as by people).
 */
export function loader() {
  return textErrors(async () => {
    const chapters = await listChapters();
    const body = toCsv(
      ["chapter_id", "location", "x", "y", "latitude", "longitude", "members"],
      chapters.map((c) => {
        const { lat, lon } = toLatLon(c);
        return [c.id, c.locationText ?? c.location, c.x, c.y, degrees(lat), degrees(lon), c.memberCount];
      }),
    );
    return csvResponse("chapters.csv", body);
  });
}
