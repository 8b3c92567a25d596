/**
 * The chapter admin's job end to end in Chromium, on the whole local stack with a passkey: a
 * signed-up account is made chapter admin (as `npm run grant` does), adds two chapters in one
 * operation (one placed by clicking the map, with a founder; one empty), moves and renames the
 * first, seats its founder on the central committee and clears the seat, is refused removing it
 * while it has a member, and removes the empty one. Each step checks the page after indexing.
 * A stranger sees none of these controls. Screenshots: artifacts/screenshots/chapter-admin-*.png.
 */
import type { Page } from "playwright-core";
import { getAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
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

it("shows a stranger no chapter admin control", async () => {
  const stranger = await ctx.stack.person("stranger");
  for (const path of ["/", "/chapters/1"]) {
    const page = await stranger.open(path);
    expect([path, await page.locator("[data-controls]").count()]).toEqual([path, 0]);
  }
});

it("adds two chapters in one operation: one placed by clicking the map, with a founder; one empty", async () => {
  const page = await admin.open("/");
  const add = form(page, "addChapterToParty");
  await add.waitFor();
  const first = add.locator("fieldset[data-new-chapter='1']");
  await first.getByLabel("Location").fill("Atlantis");
  await add.locator("svg.map").click({ position: { x: 120, y: 90 } });
  const [x, y] = [await first.getByLabel("x", { exact: true }).inputValue(), await first.getByLabel("y", { exact: true }).inputValue()];
  expect(Number(x)).toBeGreaterThan(0);
  expect(Number(y)).toBeGreaterThan(Number(x)); // clicked near the top left: y grows upwards
  await add.locator(".map-mark[data-mark='1']").waitFor();
  await first.getByLabel("Founder", { exact: true }).fill(founder);

  await add.getByRole("button", { name: "Another chapter" }).click();
  const second = add.locator("fieldset[data-new-chapter='2']");
  await second.getByLabel("Location").fill("Lemuria");
  await add.locator("svg.map").click({ position: { x: 300, y: 300 } });
  expect(await second.getByLabel("x", { exact: true }).inputValue()).not.toBe("");
  // The first keeps its place: the map placed the second, the one being placed now.
  expect(await first.getByLabel("x", { exact: true }).inputValue()).toBe(x);

  // A bad coordinate typed in is named before anything is signed, and what was typed stays.
  await second.getByLabel("y", { exact: true }).fill("70000");
  await add.getByRole("button", { name: "Add 2 chapters" }).click();
  await expect.poll(() => alertOf(page, "addChapterToParty").textContent()).toBe("New chapter 2, y: must be a whole number from 0 to 65535");
  expect(await second.getByLabel("Location").inputValue()).toBe("Lemuria");
  await admin.screens("chapter-admin-add");
  await second.getByLabel("y", { exact: true }).fill("1000");

  await add.getByRole("button", { name: "Add 2 chapters" }).click();
  const row = (name: string) => page.locator("main table tr", { hasText: name });
  await row("Lemuria").waitFor({ timeout: 60_000 });
  for (const [key, name] of [["atlantis", "Atlantis"], ["lemuria", "Lemuria"]] as const) ids[key] = (await row(name).locator("td").first().textContent())!;
  expect(await row("Atlantis").locator("td").nth(3).textContent()).toBe(`${x}, ${y}`);
  expect(await ctx.stack.read.read.memberChapter([founder])).toBe(BigInt(ids.atlantis));
  await admin.screens("chapter-admin-added");
}, 180_000);

it("moves and renames a chapter by clicking its map", async () => {
  const page = await admin.open(`/chapters/${ids.atlantis}`);
  const move = form(page, "updateChapterLocation");
  await move.waitFor();
  await move.locator("svg.map").click({ position: { x: 40, y: 40 } });
  const [x, y] = [await move.getByLabel("x", { exact: true }).inputValue(), await move.getByLabel("y", { exact: true }).inputValue()];
  await move.getByLabel("Location").fill("Atlantis Nova");
  await admin.screens("chapter-admin-move");
  await move.getByRole("button", { name: "Move chapter" }).click();
  await page.locator("h1", { hasText: "Atlantis Nova" }).waitFor({ timeout: 60_000 });
  expect(await fact(page, "Map position").textContent()).toBe(`${x}, ${y}`);
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
