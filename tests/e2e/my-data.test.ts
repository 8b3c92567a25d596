/**
 * The profile and My data in Chromium, on the whole local stack, in German (issue 28 items 2, 5,
 * 6, 7): Mara, a member of chapter 1, sets a display name visible to her chapter (a name that
 * looks like an address is refused in German first), reads /before-applying and confirms it,
 * downloads her data as one JSON file, and erases it in one confirmed step, which signs her out.
 * Each page is axe-clean at 1280 px and at 390 px. Cases run in order.
 * Screenshots: artifacts/screenshots/my-data-*-{1280,390}.png and artifacts/screenshots/390/my-data-*.png.
 */
import { readFile } from "node:fs/promises";
import type { Address } from "viem";
import { checkPage } from "./page-checks.js";
import { signUp, stack, useWriteStack, type Person } from "./write-stack.js";

let mara: Person;
let maraAddress: Address;

useWriteStack();

const profile = () => mara.page.locator("section.profile");
const rows = async (table: string, column: string) =>
  stack.query(`select * from app.${table} where lower(${column}) = $1`, [maraAddress.toLowerCase()]);

it("sets a display name visible to her chapter, after a refusal in her language", async () => {
  mara = await stack.person("mara");
  maraAddress = await signUp(mara);
  await stack.grant(maraAddress, "member", 1n);
  await mara.context.addCookies([{ name: "lng", value: "de", url: stack.appUrl }]);

  const page = await mara.open("/me");
  await checkPage(page, "my-data-me-de");
  await profile().getByLabel("Anzeigename").fill("0x7099…79C8");
  await profile().getByRole("button", { name: "Profil speichern" }).click();
  await expect.poll(() => profile().getByRole("alert").textContent()).toBe(
    "Der Anzeigename darf keine Adresse sein und nicht wie eine aussehen (0x…, eine gekürzte oder ein ENS-Name).",
  );
  expect(await rows("profiles", "account")).toEqual([]);

  await profile().getByLabel("Anzeigename").fill("Mara Beispiel");
  await profile().locator("#profile-name-visibility").selectOption("chapter");
  await profile().getByRole("button", { name: "Profil speichern" }).click();
  await expect.poll(() => profile().getByRole("status").textContent()).toBe("Gespeichert.");
  expect(await rows("profiles", "account")).toEqual([
    expect.objectContaining({ display_name: "Mara Beispiel", display_name_visibility: "chapter", about: null, about_visibility: "self" }),
  ]);
  await expect.poll(() => profile().getByRole("alert").count()).toBe(0);
  await checkPage(page, "my-data-me-saved-de");
  await mara.screens("my-data-profile-de");
}, 240_000);

it("reads what goes on chain for good, and confirms it once", async () => {
  const page = await mara.open("/before-applying");
  expect(await page.locator("h1").textContent()).toBe("Bevor Sie sich bewerben");
  await checkPage(page, "my-data-before-applying-de");
  await page.getByRole("button", { name: "Ich habe das gelesen" }).click();
  await page.locator(".disclosure-status[data-confirmed='yes']").waitFor();
  expect(await rows("disclosure_confirmations", "account")).toEqual([expect.objectContaining({ language: "de" })]);
  await mara.screens("my-data-before-applying-de");
}, 120_000);

it("downloads everything off chain about her as one JSON file", async () => {
  const page = await mara.open("/me");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Meine Daten herunterladen (JSON)" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^my-data-${maraAddress}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as Record<string, any>;
  expect(data).toMatchObject({ account: maraAddress, profile: { displayName: "Mara Beispiel", displayNameVisibility: "chapter" } });
  expect(data.disclosureConfirmation).toMatchObject({ language: "de" });
  expect(data.sessions.length).toBeGreaterThan(0);
}, 120_000);

it("erases all of it in one confirmed step, and is signed out", async () => {
  const page = await mara.open("/me");
  const erase = page.locator("section.my-data");
  expect(await erase.textContent()).toContain("Niemand kann den Eintrag einer Blockchain ändern oder löschen");
  await erase.getByLabel("Ich habe verstanden: alles löschen und mich abmelden").check();
  await erase.getByRole("button", { name: "Meine Daten löschen" }).click();
  await page.waitForURL(/\/me\/erased$/);
  expect(await page.locator("h1").textContent()).toBe("Ihre Daten sind gelöscht");
  await checkPage(page, "my-data-erased-de");
  await mara.screens("my-data-erased-de");
  expect(await rows("profiles", "account")).toEqual([]);
  expect(await rows("disclosure_confirmations", "account")).toEqual([]);
  expect(await rows("sessions", "address")).toEqual([]);
  expect(await page.getByRole("link", { name: "Meine Seite" }).count()).toBe(0);
}, 120_000);
