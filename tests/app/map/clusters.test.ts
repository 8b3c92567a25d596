/** Nearby chapters cluster at a glance and separate as the map zooms in; the order is the map's Tab order. */
import { clusterChapters, type Placed } from "../../../app/map/clusters.js";
import { MAP_SIZE, toMapPosition } from "../../../app/map/projection.js";
import { mulberry32 } from "../../../scripts/lib/prng.js";

const at = (id: string, lat: number, lon: number, memberCount = 1): Placed => ({ id, memberCount, ...toMapPosition({ lat, lon }) });
const unitsPerPx = (zoom: number, widthPx = 640) => MAP_SIZE / zoom / widthPx;

const berlin = at("1", 52.52, 13.405, 21);
const potsdam = at("2", 52.39, 13.06, 3);
const london = at("3", 51.507, -0.128, 17);
const tokyo = at("4", 35.676, 139.65, 12);

it("draws Berlin and Potsdam as one cluster at Berlin (the bigger) on the world map, and apart when zoomed in", () => {
  const world = clusterChapters([potsdam, berlin, london, tokyo], unitsPerPx(1));
  const cluster = world.find((i) => i.kind === "cluster");
  expect(cluster).toMatchObject({ kind: "cluster", key: "cluster-1", members: 24 });
  expect(cluster?.kind === "cluster" && cluster.chapters.map((c) => c.id)).toEqual(["1", "2"]);
  expect(world.filter((i) => i.kind === "chapter").map((i) => i.key).sort()).toEqual(["3", "4"]);

  const zoomed = clusterChapters([potsdam, berlin, london, tokyo], unitsPerPx(256));
  expect(zoomed.every((i) => i.kind === "chapter")).toBe(true);
  expect(clusterChapters([potsdam, berlin], unitsPerPx(1), { separate: true })).toHaveLength(2);
});

it("orders items in rows from north to south, west to east (east to west right to left)", () => {
  const items = clusterChapters([tokyo, london, at("5", -33.869, 151.209), at("6", 40.713, -74.006)], unitsPerPx(1));
  expect(items.map((i) => i.key)).toEqual(["3", "6", "4", "5"]);
  const row = [at("7", 50, 0), at("8", 50, 20)];
  expect(clusterChapters(row, unitsPerPx(1)).map((i) => i.key)).toEqual(["7", "8"]);
  expect(clusterChapters(row, unitsPerPx(1), { rtl: true }).map((i) => i.key)).toEqual(["8", "7"]);
});

it("makes 1,000 chapters readable: a few hundred items on the world map, all apart at the deepest zoom, in a few milliseconds", () => {
  const random = mulberry32(7);
  const chapters = Array.from({ length: 1000 }, (_, i) => ({
    id: String(i + 1),
    memberCount: Math.floor(random() * 200),
    x: Math.floor(random() * MAP_SIZE),
    y: Math.floor(random() * MAP_SIZE),
  }));
  const started = performance.now();
  const world = clusterChapters(chapters, unitsPerPx(1));
  const elapsed = performance.now() - started;
  expect(world.length).toBeLessThan(400);
  expect(world.reduce((n, i) => n + (i.kind === "cluster" ? i.chapters.length : 1), 0)).toBe(1000);
  expect(elapsed).toBeLessThan(100);
  expect(clusterChapters(chapters, unitsPerPx(1024))).toHaveLength(1000);
});
