/**
 * Two devices of one person in Chromium, on the whole local stack: two browser contexts, each with
 * its own virtual WebAuthn authenticator. Device A signs up; device B makes a passkey on
 * /add-device and shows its link and QR code; A opens the link, sees what will be added and adds
 * it in one user operation (which also puts the account on chain); B notices, signs in, lands on
 * the same account and applies, and once approved votes as that member; B removes A's passkey,
 * after which A can neither sign an operation nor sign in; B replaces its own passkey with a third
 * device's in one operation; removing the last passkey is refused with its sentence. Last, WALLET_BACKEND=alchemy: /me offers Account Kit's own add-passkey,
 * which fails cleanly where Account Kit cannot be reached. Cases run in order.
 * Screenshots: artifacts/screenshots/devices-*-{1280,390}.png.
 */
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { startAppServer } from "../setup/app-server.js";
import { confirmBeforeApplying, hydrated, newPerson, signUp, stack, useWriteStack, voteOnFirstAwaiting, type Person } from "./write-stack.js";

useWriteStack();

let a: Person;
let b: Person;
let account: Address;
let link: string;

const NOT_AN_OWNER = "on-chain owners does not include the current signer";
const sessionAddress = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("party.wallet.session") ?? "null") as { address: string } | null)?.address);
const passkeys = (page: Page) => page.locator("section.devices .passkey");

it("device B makes a passkey and shows it as a link and a QR code", async () => {
  a = await stack.person("device-a");
  account = await signUp(a);
  b = await stack.person("device-b");
  const page = await b.open("/add-device");
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  link = (await page.locator("a.device-link").textContent())!;
  expect(link).toMatch(new RegExp(`^${stack.appUrl}/add-device\\?key=0x[0-9a-f]{128}$`));
  await page.locator("svg.qr-code").waitFor();
  expect(await b.credentials()).toHaveLength(1);
  // Not signed in by it: the passkey owns nothing yet.
  expect(await page.locator(".wallet").getAttribute("data-signer-status")).toBe("disconnected");
  await b.screens("devices-new-device");
}, 120_000);

it("device A opens the link, sees what will be added, and adds it in one operation", async () => {
  const page = await a.open(link.slice(stack.appUrl.length));
  expect(await page.locator("main h1").textContent()).toBe("Add a passkey");
  expect(await page.locator("main").textContent()).toContain("Your account is not on chain yet: this operation creates it with your passkey, then adds this one.");
  await a.screens("devices-add-confirm");
  await page.getByRole("button", { name: "Add this passkey" }).click();
  await page.locator("main .added").waitFor({ timeout: 90_000 });
  expect(await page.locator("main .added").textContent()).toContain("It owns your account");

  const me = await a.open("/me");
  expect(await passkeys(me).count()).toBe(2);
  expect(await passkeys(me).filter({ has: me.locator(".this-device") }).count()).toBe(1);
  await a.screens("devices-me-two-passkeys");
}, 180_000);

it("device B notices, signs in with its passkey and is the same member: it applies", async () => {
  const page = b.page;
  await page.locator(".new-device[data-added='yes']").waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "Sign in with this passkey" }).click();
  await page.getByRole("link", { name: "Go to My page" }).waitFor({ timeout: 30_000 });
  expect(await sessionAddress(page)).toBe(account);
  // The header's "My page": log_in set the session cookie, so the pages know the member.
  await page.getByRole("link", { name: "My page", exact: true }).waitFor({ timeout: 30_000 });

  await confirmBeforeApplying(stack, account);
  const chapter = await b.open("/chapters/1");
  await chapter.getByRole("button", { name: "Apply to this chapter" }).click();
  await chapter.locator(`table.applications tr[data-applicant="${account.toLowerCase()}"]`).waitFor({ timeout: 90_000 });
}, 180_000);

it("once approved, device B votes as that member", async () => {
  const [partyExecutive] = buildDemoPlan().partyExecutives;
  await stack.send(partyExecutive!, "updateMemberApplicationForChapter", [account, true]);
  await stack.waitForIndexer();
  const page = await b.open("/me");
  const evaluationId = await voteOnFirstAwaiting(page, 5);
  expect(await stack.read.read.votes([evaluationId, account])).toBe(5);
}, 180_000);

it("device B removes device A's passkey after confirming", async () => {
  const page = await b.open("/me");
  const other = passkeys(page).filter({ hasNot: page.locator(".this-device") });
  const form = other.locator("form.remove-passkey");
  await form.getByRole("button", { name: "Remove" }).click();
  expect(await form.locator(".confirm-text").textContent()).toMatch(/^Remove Passkey [0-9a-f]{8}\? Its device can no longer sign for this account\.$/);
  await form.getByRole("button", { name: "Confirm" }).click();
  await page.locator("section.devices[data-passkeys='1']").waitFor({ timeout: 90_000 });
  expect(await passkeys(page).filter({ has: page.locator(".this-device") }).count()).toBe(1);
  // The one left gets a name, kept on the server (the list shows it from then on).
  const mine = passkeys(page).first();
  await mine.locator("form.name-passkey").getByLabel("Name").fill("Phone B");
  await mine.locator("form.name-passkey").getByRole("button", { name: "Save name" }).click();
  await page.locator("section.devices .passkey-name", { hasText: "Phone B" }).waitFor();
  expect(await (await b.open("/me")).locator("section.devices .passkey-name").textContent()).toBe("Phone B");
  await b.screens("devices-me-removed");
}, 180_000);

it("device A can no longer sign: an operation says its passkey is not an owner, and so does signing in again", async () => {
  const page = await a.open("/me");
  const first = page.locator(".awaiting-vote").first();
  await first.getByLabel("Your score").fill("3");
  await first.getByRole("button", { name: "Vote" }).click();
  await first.locator("[role='alert']").waitFor({ timeout: 60_000 });
  expect(await first.locator("[role='alert']").textContent()).toBe(NOT_AN_OWNER);

  await page.getByRole("button", { name: "Log out" }).click();
  await page.locator(".wallet[data-signer-status='disconnected']").waitFor();
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator(".wallet[data-signer-status='error']").waitFor({ timeout: 60_000 });
  expect(await page.locator(".wallet-alert").textContent()).toContain(NOT_AN_OWNER);
  // Nothing of the removed passkey is kept.
  expect(await page.evaluate(() => localStorage.getItem("party.wallet.passkey"))).toBeNull();
  await a.screens("devices-removed-device");
}, 180_000);

it("device B replaces its own passkey with device C's in one operation, once the pasted link is one", async () => {
  const c = await stack.person("device-c");
  const created = await c.open("/add-device");
  await created.getByRole("button", { name: "Create a passkey on this device" }).click();
  const linkOfC = (await created.locator("a.device-link").textContent())!;

  const page = await b.open("/me");
  const row = passkeys(page);
  await row.locator("details.replace-passkey summary").click();
  const form = row.locator("details.replace-passkey form");
  await form.getByLabel("The new device's link").fill("https://example.org/not-a-device-link");
  await form.getByRole("button", { name: "Replace" }).click();
  expect(await form.locator("[data-status='invalid']").textContent()).toBe("Paste the link the new device shows (…/add-device?key=0x…)");
  await form.getByLabel("The new device's link").fill(linkOfC);
  await form.getByRole("button", { name: "Replace" }).click();
  expect(await form.locator(".confirm-text").textContent()).toMatch(/^Add the new device's passkey and remove Passkey [0-9a-f]{8} in one step\?$/);
  await form.getByRole("button", { name: "Confirm" }).click();
  // C's passkey in, B's out: no passkey on the page is this device's any more.
  await page.locator("section.devices[data-passkeys='1'] .passkey:not(:has(.this-device))").waitFor({ timeout: 90_000 });
  expect(await passkeys(page).locator("strong").textContent()).toBe(`Passkey ${linkOfC.slice(-128, -120)}`);
  await created.locator(".new-device[data-added='yes']").waitFor({ timeout: 30_000 });
}, 180_000);

it("removing the last passkey is refused with its sentence, before anything is signed", async () => {
  const page = await b.open("/me");
  const form = passkeys(page).locator("form.remove-passkey");
  await form.getByRole("button", { name: "Remove" }).click();
  expect(await form.locator(".confirm-text").textContent()).toMatch(/Its device can no longer sign for this account\.$/);
  await form.getByRole("button", { name: "Confirm" }).click();
  const alert = form.locator("[role='alert']");
  await alert.waitFor({ timeout: 60_000 });
  expect(await alert.locator(".error-text").textContent()).toBe("Transaction reverted: EmptyOwnersNotAllowed");
  expect(await alert.locator(".error-explanation").textContent()).toBe(" An account needs at least one passkey: add another device before removing this one.");
  expect(await passkeys(page).count()).toBe(1);
  await b.screens("devices-last-passkey");
}, 120_000);

describe("WALLET_BACKEND=alchemy (Account Kit; no Alchemy service is reachable here)", () => {
  it("/me offers Account Kit's add-passkey, which ends in SPEC 8's Account not available; /add-device points to /me", async () => {
    const app = await startAppServer({ env: { ...stack.appEnv, WALLET_BACKEND: "alchemy" } });
    const base = app.url.replace("127.0.0.1", "localhost");
    // Signed up on the local server: its session cookie is for localhost, any port, so the Account Kit server knows the member too.
    const person = await newPerson(stack.browser, stack.appUrl, "alchemy");
    try {
      await signUp(person);
      await person.page.goto(`${base}/me`);
      await hydrated(person.page);
      const page = person.page;
      const section = page.locator("section.devices");
      expect(await section.locator(".passkey").count()).toBe(0);
      await section.getByRole("button", { name: "Add a passkey" }).click();
      // No wallet session here: the passkey login is tried, fails without Alchemy, the page reloads and says so.
      await page.locator(".wallet-alert").filter({ hasText: "Account not available" }).waitFor({ timeout: 90_000 });
      await page.locator("section.devices").waitFor();
      const expected = (p: string) => p.includes("/api/alchemy-rpc/signer/v1/") || p.includes("Alchemy signer service is not available here");
      expect(person.problems.filter((p) => !expected(p))).toEqual([]);
      await person.screenshot("devices-alchemy-unreachable.png");

      await page.goto(`${base}/add-device`);
      const add = page;
      expect(await add.locator("main").textContent()).toContain("your passkeys are kept by the wallet service");
    } finally {
      await person.context.close();
      await app.stop();
    }
  }, 180_000);
});
