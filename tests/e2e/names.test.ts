/**
 * Names where addresses are, in Chromium, on the whole local stack (issue 28 items 2 and 3): Mara,
 * a member of chapter 1, sets a display name visible to her chapter on /me, in Arabic. Nour, a
 * member of chapter 1, in German, then sees that name beside her address on the chapter page and
 * on Mara's member page (its heading and title too). A stranger (no session, English) and Otto, a
 * member of chapter 2 (Arabic), see only the address there, each after the signed-in renders (the
 * page cache shares a render among viewers of one kind: it must not carry the name across kinds).
 * Each page is axe-clean at 1280 px and at 390 px. Cases run in order.
 * Screenshots: artifacts/screenshots/names-*-{1280,390}.png and artifacts/screenshots/390/names-*.png.
 */
import type { Page } from "playwright-core";
import { pad, toHex, type Address } from "viem";
import { shortAddress } from "../../app/ground/format.js";
import { checkPage } from "./page-checks.js";
import { signUp, stack, useWriteStack, type Person } from "./write-stack.js";

const NAME = "Mara Beispiel";

let mara: Person;
let maraAddress: Address;

useWriteStack();

/** The chapter page listing `account` first among its members (the members list is paged by address). */
const chapterPageFrom = (account: string) => `/chapters/1?after=${pad(toHex(BigInt(account) - 1n), { size: 20 })}`;
const memberPage = () => `/members/${maraAddress.toLowerCase()}`;
/** Mara's links on a page (AddressLink: the title is the full address): the members table, maybe the activity too. */
const maraLinks = (page: Page) => page.locator(`main a[title="${maraAddress.toLowerCase()}" i]`);
/** Every one of Mara's links on the page shows the name (and there is one at least). */
const allNamed = async (page: Page) => (await maraLinks(page).count()) > 0 && (await maraLinks(page).locator(".name").count()) === (await maraLinks(page).count());

/** A person signed up, made a member of `chapter`, reading the app in `language`. */
async function member(name: string, chapter: bigint, language: string): Promise<{ person: Person; address: Address }> {
  const person = await stack.person(name);
  const address = await signUp(person);
  await stack.grant(address, "member", chapter);
  await person.context.addCookies([{ name: "lng", value: language, url: stack.appUrl }]);
  return { person, address };
}

/** Opens `path` again until `ready` holds on it (a render from before the change may still be served); fails after a while. */
async function openUntil(person: Person, path: string, ready: (page: Page) => Promise<boolean>): Promise<Page> {
  await expect
    .poll(async () => ready(await person.open(path)), { timeout: 30_000, interval: 1_000 })
    .toBe(true);
  return person.page;
}

/** What a viewer who may not see the name gets: the short address, no name, on both pages. */
async function expectAddressOnly(person: Person, screenshot: string): Promise<void> {
  const chapter = await person.open(chapterPageFrom(maraAddress));
  expect(await maraLinks(chapter).count()).toBeGreaterThan(0);
  for (const text of await maraLinks(chapter).allTextContents()) expect(text).toBe(shortAddress(maraAddress.toLowerCase()));
  expect(await maraLinks(chapter).locator(".name").count()).toBe(0);
  expect(await chapter.locator("body").textContent()).not.toContain(NAME);
  await checkPage(chapter, `${screenshot}-chapter`);

  const page = await person.open(memberPage());
  expect((await page.locator("h1").textContent())?.toLowerCase()).toBe(maraAddress.toLowerCase());
  expect(await page.locator("h1 .name").count()).toBe(0);
  expect(await page.title()).not.toContain(NAME);
  expect(await page.locator("body").textContent()).not.toContain(NAME);
  await checkPage(page, `${screenshot}-member`);
  await person.screens(`${screenshot}-member`);
}

it("a member sets a display name visible to her chapter on /me, in Arabic", async () => {
  ({ person: mara, address: maraAddress } = await member("mara", 1n, "ar"));

  const page = await mara.open("/me");
  const profile = page.locator("section.profile");
  await profile.getByLabel("الاسم المعروض").fill(NAME);
  await profile.locator("#profile-name-visibility").selectOption("chapter");
  await profile.getByRole("button", { name: "احفظ الملف الشخصي" }).click();
  await expect.poll(() => profile.getByRole("status").textContent()).toBe("تم الحفظ.");
  expect(await profile.getByRole("alert").count()).toBe(0);
  expect(await stack.query(`select display_name, display_name_visibility from app.profiles where account = $1`, [maraAddress.toLowerCase()])).toEqual([
    { display_name: NAME, display_name_visibility: "chapter" },
  ]);

  // A fresh /me shows what was saved.
  const again = await mara.open("/me");
  expect(await again.locator("#profile-name").inputValue()).toBe(NAME);
  expect(await again.locator("#profile-name-visibility").inputValue()).toBe("chapter");
  await checkPage(again, "names-me-ar");
  await mara.screens("names-me-ar");
}, 240_000);

it("a stranger sees only the address, before any member has seen the name", async () => {
  await expectAddressOnly(await stack.person("stranger-before"), "names-stranger-before-en");
}, 120_000);

it("another member of the chapter sees the name beside the address, in German", async () => {
  const { person: nour } = await member("nour", 1n, "de");

  const chapter = await openUntil(nour, chapterPageFrom(maraAddress), allNamed);
  for (const text of await maraLinks(chapter).locator(".name").allTextContents()) expect(text).toBe(NAME);
  for (const text of await maraLinks(chapter).locator(".address").allTextContents()) expect(text).toBe(shortAddress(maraAddress.toLowerCase()));
  const link = chapter.locator("main table").getByRole("link", { name: `${NAME} ${shortAddress(maraAddress.toLowerCase())}` }).first();
  await checkPage(chapter, "names-chapter-de");
  await nour.screens("names-chapter-de");

  // From the chapter page to hers, in the page: the heading and the title carry the name too.
  await link.click();
  await chapter.waitForURL((url) => url.pathname.toLowerCase() === memberPage());
  await chapter.locator("h1 .name").waitFor();
  expect(await chapter.locator("h1 .name").textContent()).toBe(NAME);
  expect((await chapter.locator("h1 .address").textContent())?.toLowerCase()).toBe(maraAddress.toLowerCase());

  const page = await nour.open(memberPage());
  expect(await page.locator("h1 .name").textContent()).toBe(NAME);
  expect(await page.title()).toContain(`${NAME} (${shortAddress(maraAddress.toLowerCase())})`);
  await checkPage(page, "names-member-de");
  await nour.screens("names-member-de");
}, 240_000);

it("a stranger, after the chapter's members, still sees only the address", async () => {
  await expectAddressOnly(await stack.person("stranger"), "names-stranger-en");
}, 120_000);

it("a member of another chapter sees only the address, in Arabic", async () => {
  const { person: otto } = await member("otto", 2n, "ar");
  await expectAddressOnly(otto, "names-other-chapter-ar");
}, 240_000);

it("Mara herself sees her name on both pages", async () => {
  const chapter = await openUntil(mara, chapterPageFrom(maraAddress), allNamed);
  expect(await maraLinks(chapter).locator(".name").first().textContent()).toBe(NAME);
  const page = await mara.open(memberPage());
  expect(await page.locator("h1 .name").textContent()).toBe(NAME);
}, 120_000);
