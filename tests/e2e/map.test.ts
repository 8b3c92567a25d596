/**
 * The map of chapters in Chromium over the demo stack (issue 30), at 1280 and 390 px and right to
 * left: land under the chapters, each demo chapter at its city; a cluster separates as the map
 * zooms (a click, the keyboard, the wheel, a pinch); names on hover and focus; the filter's
 * highlight; a chapter's coordinates and small map; the chapters CSV; axe finds nothing.
 * Screenshots: artifacts/screenshots/map-*.png.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { CITIES } from "../../scripts/lib/demo-data/shape.js";
import { svgX, svgY, toMapPosition } from "../../app/map/projection.js";
import { checkPage, expectFocusVisible, tabTo } from "./page-checks.js";
import { useWriteStack } from "./role-stack.js";
import type { Person } from "./write-stack.js";

const ctx = useWriteStack();
const PHONE = { width: 390, height: 844 };

/** Every chapter the map draws, by id: where, and whether alone (a link) or in a cluster (its key). */
async function drawn(page: Page) {
  return page.evaluate(() => {
    const found: Record<string, { sx: number; sy: number; in: string }> = {};
    for (const a of document.querySelectorAll("svg.map a[data-chapter-id]")) {
      const c = a.querySelector("circle")!;
      found[a.getAttribute("data-chapter-id")!] = { sx: Number(c.getAttribute("cx")), sy: Number(c.getAttribute("cy")), in: "link" };
    }
    for (const g of document.querySelectorAll("svg.map .map-cluster")) {
      for (const id of g.getAttribute("data-chapters")!.split(" ")) found[id] = { sx: NaN, sy: NaN, in: g.querySelector("[data-key]")!.getAttribute("data-key")! };
    }
    return found;
  });
}
const zoomOf = async (page: Page) => Number(await page.locator("svg.map").getAttribute("data-zoom"));

async function personAt(name: string, viewport?: { width: number; height: number }): Promise<Person> {
  const person = await ctx.stack.person(name);
  if (viewport) await person.page.setViewportSize(viewport);
  return person;
}

it("draws the land and every demo chapter at its city, each once, at 1280 and 390 px", async () => {
  for (const viewport of [undefined, PHONE]) {
    const page = await (await personAt(`reader-${viewport?.width ?? 1280}`, viewport)).open("/");
    const land = await page.locator("svg.map image").getAttribute("href");
    const response = await page.request.get(`${ctx.stack.appUrl}${land}`);
    expect([response.status(), response.headers()["content-type"]]).toEqual([200, "image/svg+xml; charset=utf-8"]);
    expect(await response.text()).toContain("Natural Earth");
    const chapters = await drawn(page);
    expect(Object.keys(chapters).sort()).toEqual(CITIES.map((_, i) => String(i + 1)).sort());
    CITIES.forEach((city, i) => {
      const at = chapters[String(i + 1)]!;
      if (at.in !== "link") return;
      const p = toMapPosition(city);
      expect([city.name, at.sx, at.sy]).toEqual([city.name, svgX(p.x), svgY(p.y)]);
    });
    await page.screenshot({ path: `artifacts/screenshots/map-world-${viewport?.width ?? 1280}.png` });
    await checkPage(page, `map-world-${viewport?.width ?? 1280}`);
    // Small dots are targets all the same: 24 px apart at least (axe's WCAG 2.2 rule, which the page check leaves out).
    const crowded = await page.evaluate(async () => {
      type Axe = { run(context: Element, options: object): Promise<{ violations: { nodes: { html: string }[] }[] }> };
      const { violations } = await (window as unknown as { axe: Axe }).axe.run(document.querySelector(".map-frame")!, { runOnly: { type: "rule", values: ["target-size"] } });
      return violations.flatMap((v) => v.nodes.map((n) => n.html.slice(0, 120)));
    });
    expect(crowded).toEqual([]);
  }
}, 180_000);

it("a cluster separates as the map zooms: a click, Enter on it, the wheel with Ctrl, a pinch", async () => {
  const person = await personAt("zoomer", PHONE);
  const page = await person.open("/");
  const clusters = page.locator("svg.map .map-cluster");
  expect(await clusters.count()).toBeGreaterThan(0);
  const cluster = clusters.first();
  const members = (await cluster.getAttribute("data-chapters"))!.split(" ");
  const seed = (await cluster.locator("[data-seed]").getAttribute("data-seed"))!;
  const button = page.locator(`svg.map [role="button"][data-seed="${seed}"]`);

  await cluster.click();
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(1);
  // Clicked until its chapters stand apart: each a link of its own.
  for (let i = 0; i < 10 && (await page.locator(`svg.map a[data-chapter-id="${members[0]}"]`).count()) === 0; i++) {
    await button.click();
  }
  for (const id of members) await page.locator(`svg.map a[data-chapter-id="${id}"]`).waitFor();
  await page.screenshot({ path: "artifacts/screenshots/map-separated-390.png" });

  // Back to the world, then the keyboard: Enter on the cluster zooms in and keeps the focus on its biggest chapter's item.
  await page.getByRole("button", { name: "Show the whole map" }).click();
  await expect.poll(() => zoomOf(page)).toBe(1);
  await tabTo(page, button);
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(1);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-seed"))).toBe(seed);
  await page.keyboard.press("-");
  await page.keyboard.press("0");
  await expect.poll(() => zoomOf(page)).toBe(1);

  // The wheel zooms with Ctrl (a touchpad's pinch) about the pointer.
  const box = (await page.locator("svg.map").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -400);
  await page.keyboard.up("Control");
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(2);

  // A drag pans: the view moves, and no chapter opens.
  const before = await page.locator("svg.map").getAttribute("viewBox");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 30, { steps: 5 });
  await page.mouse.up();
  expect(await page.locator("svg.map").getAttribute("viewBox")).not.toBe(before);
  expect(new URL(page.url()).pathname).toBe("/");

  // Two fingers pinch outwards: zoomed in further.
  await page.getByRole("button", { name: "Show the whole map" }).click();
  await person.cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 2 });
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", spread: number) =>
    person.cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [
        { x: cx - spread, y: cy, id: 1 },
        { x: cx + spread, y: cy, id: 2 },
      ],
    });
  await touch("touchStart", 20);
  for (const spread of [30, 45, 60, 80]) await touch("touchMove", spread);
  await touch("touchEnd", 0);
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(2);
}, 120_000);

it("names a chapter on hover and on focus, and the arrow keys go from chapter to chapter", async () => {
  const page = await (await personAt("hover")).open("/");
  const target = page.locator("svg.map a[data-chapter-id]").first();
  const label = (await target.getAttribute("aria-label"))!;
  expect(label).toMatch(/^.+: \d+ members?$/);
  await target.locator("circle").hover();
  await expect.poll(() => page.locator("svg.map .map-name").textContent()).toBe(label.split(":")[0]);
  await tabTo(page, page.locator("svg.map [data-key]").first());
  await expectFocusVisible(page);
  const first = await page.evaluate(() => document.activeElement?.getAttribute("data-key"));
  await expect.poll(() => page.locator("svg.map .map-name").count()).toBe(1);
  let moved = first;
  for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]) {
    await page.keyboard.press(key);
    moved = await page.evaluate(() => document.activeElement?.getAttribute("data-key"));
    if (moved !== first) break;
  }
  expect(moved).not.toBe(first);
});

it("the filter lights its matches on the map", async () => {
  const page = await (await personAt("filter")).open("/?q=Cape");
  const cape = String(CITIES.findIndex((c) => c.name === "Cape Town") + 1);
  await page.locator(`svg.map a[data-chapter-id="${cape}"] circle.highlight`).waitFor();
  expect(await page.locator("svg.map circle.highlight").count()).toBe(1);
  expect(await page.locator("svg.map.filtered").count()).toBe(1);
});

it("a chapter's page says its place in degrees and shows it on a small map; the CSV names every chapter's place", async () => {
  const page = await (await personAt("chapter")).open("/chapters/1");
  const fact = page.locator('dl.facts dt:text-is("Map position") + dd');
  expect(await fact.textContent()).toBe("52.52° N, 13.40° E");
  expect(await page.locator("svg.map-locator").getAttribute("aria-label")).toBe("Berlin on the map at 52.52° N, 13.40° E");
  await page.screenshot({ path: "artifacts/screenshots/map-chapter-1280.png" });
  await checkPage(page, "map-chapter");

  const list = await ctx.stack.person("csv").then((p) => p.open("/"));
  const [download] = await Promise.all([list.waitForEvent("download"), list.getByText("All chapters with their places (CSV)").click()]);
  const [header, ...lines] = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  expect(header).toBe("chapter_id,location,x,y,latitude,longitude,members");
  const plan = buildDemoPlan().chapters;
  expect(lines).toHaveLength(plan.length);
  expect(lines[0]).toMatch(/^1,Berlin,35208,44043,52\.5195\d\d,13\.403320,\d+$/);
});

it("right to left: the map reads from the east, and passes axe at 1280 and 390 px", async () => {
  const person = await personAt("amal");
  await person.context.addCookies([{ name: "lng", value: "ar", url: ctx.stack.appUrl }]);
  const page = await person.open("/");
  expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  // The zoom buttons stand at the left, the start of a right-to-left line's end.
  const [map, zoom] = [await page.locator("svg.map").boundingBox(), await page.locator(".map-zoom").boundingBox()];
  expect(zoom!.x - map!.x).toBeLessThan(map!.width / 2);
  await page.screenshot({ path: "artifacts/screenshots/map-rtl-1280.png" });
  await checkPage(page, "map-rtl");
  await checkPage(await person.open("/chapters/1"), "map-rtl-chapter");
});
