/**
 * app/map/world.svg is what scripts/world-map.ts draws from the installed Natural Earth data (like
 * abis/ from the contracts): never edited by hand, never stale, and small.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { WORLD_GRID, WORLD_SVG, renderWorldSvg } from "../../scripts/world-map.js";

it("is what the script draws (run npx tsx scripts/world-map.ts after changing it or the data)", () => {
  expect(readFileSync(WORLD_SVG, "utf8") === renderWorldSvg()).toBe(true);
});

it("stays a small download: under 25 KB gzip", () => {
  expect(gzipSync(readFileSync(WORLD_SVG)).length).toBeLessThan(25 * 1024);
});

it("is a square of WORLD_GRID steps with land and borders as two paths", () => {
  const svg = readFileSync(WORLD_SVG, "utf8");
  expect(svg).toContain(`viewBox="0 0 ${WORLD_GRID} ${WORLD_GRID}"`);
  expect(svg.match(/<path /g)).toHaveLength(2);
});
