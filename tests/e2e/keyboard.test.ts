/**
 * Keyboard only, in Chromium on the whole local stack (issue 17): Tab, Shift+Tab, Enter, Space,
 * the arrow keys and typing, with the focus visible on every control reached. Anyone finds a
 * chapter on the map without a pointer; Kim signs up, logs out and signs in again with her
 * passkey, applies to chapter 1, is approved by Eli (a chapter executive) from the review queue,
 * and votes from /me. The cases build on each other, in order.
 */
import type { Locator, Page } from "playwright-core";
import { getAddress, type Address } from "viem";
import { expectFocusVisible, focusedElement, tabTo } from "./page-checks.js";
import { useWriteStack } from "./role-stack.js";
import { confirmBeforeApplying, signUp, type Person } from "./write-stack.js";

let kim: Person;
let kimAddress: Address;

const ctx = useWriteStack();

/** Tab to `target`, check that its focus shows, and press `key` on it. */
async function press(page: Page, target: Locator, key: string, options?: { backwards?: boolean }) {
  await tabTo(page, target, options);
  await expectFocusVisible(page);
  await page.keyboard.press(key);
}

const walletButton = (page: Page, name: RegExp) => page.locator("header .wallet").getByRole("button", { name, disabled: false });
const signedIn = (page: Page) => page.locator(".wallet[data-signer-status='connected']").waitFor({ timeout: 30_000 });
const focusedChapter = (page: Page) => page.evaluate(() => document.activeElement?.closest("svg.map a[data-chapter-id]")?.getAttribute("data-chapter-id") ?? null);
/** The map item with the focus: a chapter's link or a cluster's button (app/components/chapter-map.tsx). */
const focusedItem = (page: Page) => page.evaluate(() => document.activeElement?.closest("svg.map [data-key]")?.getAttribute("data-key") ?? null);

it("the map without a pointer: Tab reaches a chapter, the arrow keys go to its neighbours, Enter opens one", async () => {
  const page = await (await ctx.stack.person("map-reader")).open("/");
  await tabTo(page, page.locator("svg.map a[data-chapter-id]").first());
  await expectFocusVisible(page);
  const first = await focusedChapter(page);
  expect(first).not.toBeNull();

  // Some arrow key leads on from any chapter of several to another chapter (or a cluster of them); the focus stays on the map and shows.
  let moved: string | null = null;
  for (const key of ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "ArrowRight", "ArrowDown"]) {
    await page.keyboard.press(key);
    const item = await focusedItem(page);
    expect(item, `after ${key} the focus is on the map`).not.toBeNull();
    moved = await focusedChapter(page);
    if (moved !== null && moved !== first) break;
  }
  expect(moved).not.toBeNull();
  expect(moved).not.toBe(first);
  await expectFocusVisible(page);
  // A link with a name (the chapter's, and its members).
  expect((await focusedElement(page)).element).toMatch(/^a \S.*: \d+ members?$/);

  await page.keyboard.press("Enter");
  await page.waitForURL(`${ctx.stack.appUrl}/chapters/${moved}`);
  await page.locator("main h1").waitFor();
}, 60_000);

it("signs up, logs out and signs in again with the keyboard", async () => {
  kim = await ctx.stack.person("kim");
  const page = await kim.open("/");
  await press(page, walletButton(page, /sign up/i), "Enter");
  await signedIn(page);
  await page.locator("header a[href='/me']").waitFor({ timeout: 30_000 });
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem("party.wallet.session") ?? "null") as { address: string } | null);
  kimAddress = getAddress(session!.address);

  await press(page, walletButton(page, /log out/i), "Enter");
  await page.locator(".wallet[data-signer-status='disconnected']").waitFor();
  // Logged out on the server too: the page reloaded its data without the session.
  await page.locator("header a[href='/me']").waitFor({ state: "detached" });
  await press(page, walletButton(page, /sign in/i), "Enter");
  await signedIn(page);
  await page.locator("header a[href='/me']").waitFor({ timeout: 30_000 });
}, 120_000);

it("applies to chapter 1 with the keyboard", async () => {
  await confirmBeforeApplying(ctx.stack, kimAddress);
  const page = await kim.open("/chapters/1");
  await press(page, page.locator("[data-operation='applyForChapterMembership'] button:not([disabled])"), "Enter");
  await page.locator(`table.applications tr[data-applicant="${kimAddress.toLowerCase()}"]`).waitFor({ timeout: 90_000 });
  expect(await ctx.stack.read.read.applicationChapter([kimAddress])).toBe(1n);
}, 120_000);

it("a chapter executive approves her from the review queue with the keyboard (Space ticks, Shift+Tab back to Approve selected)", async () => {
  const eli = await ctx.stack.person("eli");
  await ctx.stack.grant(await signUp(eli), "chapter-executive", 1n);
  const page = await eli.open("/chapters/1/applications");
  const row = page.locator(`table.applications tr[data-applicant="${kimAddress.toLowerCase()}"]`);
  await press(page, row.getByRole("checkbox"), "Space");
  expect(await row.getByRole("checkbox").isChecked()).toBe(true);
  await press(page, page.locator("form.decide-selected button[value='approve']:not([disabled])"), "Enter", { backwards: true });
  await row.waitFor({ state: "detached", timeout: 90_000 });
  expect(await ctx.stack.read.read.memberChapter([kimAddress])).toBe(1n);
}, 180_000);

it("votes from /me with the keyboard", async () => {
  const page = await kim.open("/me");
  const first = page.locator(".awaiting-vote").first();
  const evaluationId = BigInt((await first.getAttribute("data-evaluation"))!);
  await tabTo(page, first.locator("input[name='score']"));
  await expectFocusVisible(page);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("4");
  await press(page, first.locator("button[type='submit']:not([disabled])"), "Enter");
  await page.locator(`.awaiting-vote[data-evaluation="${evaluationId}"]`).waitFor({ state: "detached", timeout: 90_000 });
  expect(await ctx.stack.read.read.votes([evaluationId, kimAddress])).toBe(4);
}, 120_000);
