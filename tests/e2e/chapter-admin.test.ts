/**
 * The chapter admin's job end to end in Chromium, on the whole local stack with a passkey: a
 * signed-up account is made chapter admin (as `npm run grant` does), adds two chapters in one
 * operation (one placed by clicking near Paris on the map, with a founder; one empty, placed by
 * typing its latitude and longitude), and each appears where it was placed; moves and renames the
 * first (the map shows the old and the new place), seats its founder on the central committee and clears the seat, is refused removing it
 * while it has a member, and removes the empty one. Each step checks the page after indexing.
 * A stranger sees none of these controls. Screenshots: artifacts/screenshots/chapter-admin-*.png.
 */
import type { Locator, Page } from "playwright-core";
import { getAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { svgX, svgY, toMapPosition } from "../../app/map/projection.js";
import { operationForm as form, useWriteStack } from "./role-stack.js";
import { signUp, type Person } from "./write-stack.js";

let admin: Person;
const founder = privateKeyToAccount(generatePrivateKey()).address;
/** The ids the two new chapters got. */
const ids: Record<"atlantis" | "lemuria", string> = { atlantis: "", lemuria: "" };

const ctx = useWriteStack(async (stack) => {
  admin = await stack.person("chapter-admin");
  await stack.grant(await signUp(admin), "chapter-admin");
});
const fact = (page: Page, term: string) => page.locator(`dl.facts dt:text-is("${term}") + dd`);
const alertOf = (page: Page, operation: string) => form(page, operation).getByRole("alert");

/** Where a place is on the screen: its SVG point through the map's own transform (any zoom). */
function screenPoint(map: Locator, lat: number, lon: number) {
  const { x, y } = toMapPosition({ lat, lon });
  return map.evaluate((svg: SVGSVGElement, [sx, sy]) => new DOMPoint(sx, sy).matrixTransform(svg.getScreenCTM()!), [svgX(x), svgY(y)] as const);
}
/** The place a form's fields picked, as its readout says it ("48.86° N, 2.35° E"). */
const picked = async (fields: Locator) => /^Picked: (.+) \(x \d+, y \d+\)$/.exec((await fields.locator(".place-picked").textContent())!)?.[1];
const PARIS = { lat: 48.8566, lon: 2.3522 };

it("shows a stranger no chapter admin control", async () => {
  const stranger = await ctx.stack.person("stranger");
  for (const path of ["/", "/chapters/1"]) {
    const page = await stranger.open(path);
    expect([path, await page.locator("[data-controls]").count()]).toEqual([path, 0]);
  }
});

it("adds two chapters in one operation: one placed by clicking near Paris, with a founder; one empty, typed", async () => {
  const page = await admin.open("/");
  const add = form(page, "addChapterToParty");
  await add.waitFor();
  const map = add.locator("svg.map");
  const first = add.locator("fieldset[data-new-chapter='1']");
  await first.getByLabel("Location").fill("Atlantis");
  // Zoom in about Paris (Ctrl and the wheel), then click on it.
  let at = await screenPoint(map, PARIS.lat, PARIS.lon);
  await page.mouse.move(at.x, at.y);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -600);
  await page.keyboard.up("Control");
  await expect.poll(async () => Number(await map.getAttribute("data-zoom"))).toBeGreaterThan(32);
  at = await screenPoint(map, PARIS.lat, PARIS.lon);
  await page.mouse.click(at.x, at.y);
  await add.locator(".map-mark[data-mark='1']").waitFor();
  const [lat, lon] = [Number(await first.getByLabel("Latitude").inputValue()), Number(await first.getByLabel("Longitude").inputValue())];
  expect(Math.abs(lat - PARIS.lat)).toBeLessThan(0.05);
  expect(Math.abs(lon - PARIS.lon)).toBeLessThan(0.05);
  const paris = await picked(first);
  expect(paris).toMatch(/^48\.\d\d° N, 2\.\d\d° E$/);
  await first.getByLabel("Founder", { exact: true }).fill(founder);

  await add.getByRole("button", { name: "Another chapter" }).click();
  const second = add.locator("fieldset[data-new-chapter='2']");
  await second.getByLabel("Location").fill("Lemuria");
  // A place off the map is said at once, and nothing is sent for it: the operation's schema names the missing x.
  await second.getByLabel("Latitude").fill("95");
  await second.getByLabel("Longitude").fill("57.5");
  await second.getByText("Not a place on the map").waitFor();
  await add.getByRole("button", { name: "Add 2 chapters" }).click();
  await expect.poll(() => alertOf(page, "addChapterToParty").textContent()).toBe("New chapter 2, x: is required");
  expect(await second.getByLabel("Location").inputValue()).toBe("Lemuria");
  await second.getByLabel("Latitude").fill("20.16° S");
  expect(await picked(second)).toBe("20.16° S, 57.50° E");
  // The first keeps its place: typing placed the second.
  expect(await picked(first)).toBe(paris);
  await admin.screens("chapter-admin-add");

  await add.getByRole("button", { name: "Add 2 chapters" }).click();
  const row = (name: string) => page.locator("main table tr", { hasText: name });
  await row("Lemuria").waitFor({ timeout: 60_000 });
  for (const [key, name] of [["atlantis", "Atlantis"], ["lemuria", "Lemuria"]] as const) ids[key] = (await row(name).locator("td").first().textContent())!;
  // Each where it was placed: the list says the place, the map draws it there.
  expect(await row("Atlantis").locator("td").nth(3).textContent()).toBe(paris);
  expect(await row("Lemuria").locator("td").nth(3).textContent()).toBe("20.16° S, 57.50° E");
  const list = page.locator(".grid svg.map");
  expect(await list.locator(`a[data-chapter-id="${ids.atlantis}"] circle, .map-cluster[data-chapters~="${ids.atlantis}"]`).count()).toBe(1);
  expect(await ctx.stack.read.read.memberChapter([founder])).toBe(BigInt(ids.atlantis));
  const [, x, y] = await ctx.stack.read.read.chapters([BigInt(ids.atlantis)]);
  const expected = toMapPosition(PARIS);
  // Within about 3 km of Paris: a few pixels at this zoom.
  expect(Math.abs(x - expected.x)).toBeLessThan(6);
  expect(Math.abs(y - expected.y)).toBeLessThan(6);
  await admin.screens("chapter-admin-added");
}, 180_000);

it("moves and renames a chapter by clicking its map, which shows the old and the new place", async () => {
  const page = await admin.open(`/chapters/${ids.atlantis}`);
  const move = form(page, "updateChapterLocation");
  await move.waitFor();
  await move.locator(".map-mark-old").waitFor();
  await move.locator("svg.map").click({ position: { x: 40, y: 40 } });
  await move.locator(".map-move").waitFor();
  const place = await picked(move);
  expect(place).not.toBeUndefined();
  await move.getByLabel("Location").fill("Atlantis Nova");
  await admin.screens("chapter-admin-move");
  await move.getByRole("button", { name: "Move chapter" }).click();
  await page.locator("h1", { hasText: "Atlantis Nova" }).waitFor({ timeout: 60_000 });
  expect(await fact(page, "Map position").textContent()).toBe(place);
}, 120_000);

it("seats the founder on the central committee, then clears the seat", async () => {
  const page = await admin.open(`/chapters/${ids.atlantis}`);
  const seat = form(page, "setCentralCommitteeMember");
  await seat.getByLabel("Member to seat").fill(founder);
  await seat.getByRole("button", { name: "Seat" }).click();
  await fact(page, "Central committee").locator(`a[title="${founder.toLowerCase()}"]`).waitFor({ timeout: 60_000 });
  expect(getAddress(await ctx.stack.read.read.centralCommitteeMember([BigInt(ids.atlantis)]))).toBe(founder as Address);
  await admin.screens("chapter-admin-seated");

  await seat.getByRole("button", { name: "Clear the seat" }).click();
  await fact(page, "Central committee").locator("a").waitFor({ state: "detached", timeout: 60_000 });
  expect(await ctx.stack.read.read.centralCommitteeMember([BigInt(ids.atlantis)])).toBe("0x0000000000000000000000000000000000000000");
}, 120_000);

it("is refused removing a chapter that still has a member: the contract's error and its plain sentence", async () => {
  const page = await admin.open(`/chapters/${ids.atlantis}`);
  const remove = form(page, "removeChapter");
  await remove.getByRole("button", { name: "Remove chapter" }).click();
  expect(await remove.locator(".confirm-text").textContent()).toContain("It still has 1 member");
  await remove.getByRole("button", { name: "Confirm" }).click();
  const alert = alertOf(page, "removeChapter");
  await expect.poll(() => alert.locator(".error-text").textContent(), { timeout: 30_000 }).toBe("Transaction reverted: InvalidInput");
  expect(await alert.locator(".error-explanation").textContent()).toContain("a chapter that still has members");
  await admin.screens("chapter-admin-remove-refused");
}, 120_000);

it("removes the empty chapter after confirming", async () => {
  const page = await admin.open(`/chapters/${ids.lemuria}`);
  const remove = form(page, "removeChapter");
  await remove.getByRole("button", { name: "Remove chapter" }).click();
  await admin.screens("chapter-admin-remove-confirm");
  await remove.getByRole("button", { name: "Confirm" }).click();
  await page.getByText(/Removed at block \d+/).waitFor({ timeout: 60_000 });
  // No chapter admin controls on a removed chapter.
  await form(page, "removeChapter").waitFor({ state: "detached" });
  const list = await admin.open("/");
  expect(await list.locator("main table tr", { hasText: "Lemuria" }).count()).toBe(0);
}, 120_000);
