/**
 * The party admin's job in Chromium on the whole local stack (issue #13): a newcomer signs up with
 * a passkey, is proposed as party admin (`npm run grant`, the first of the two steps), accepts the
 * role on /party, and then, as party admin, sets the evaluation minter; each is checked on /party
 * after indexing. The cases build on each other, in order. Screenshots:
 * artifacts/screenshots/party-admin-*.png.
 */
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { useWriteStack } from "./role-stack.js";
import { signUp, type Person } from "./write-stack.js";

let admin: Person;
let adminAddress: Address;

const ctx = useWriteStack();

const holderLink = (person: Person, role: string, account: string) => person.page.locator(`tr[data-role="${role}"] td a[title="${account.toLowerCase()}"]`).first();

it("a newcomer proposed as party admin accepts the role in the browser", async () => {
  admin = await ctx.stack.person("party-admin");
  adminAddress = await signUp(admin);
  await ctx.stack.grant(adminAddress, "party-admin");
  const page = await admin.open("/party");
  const accept = page.getByRole("button", { name: "Accept the party admin role" });
  await accept.waitFor();
  // Not the admin yet: no admin controls until it accepts.
  expect(await page.locator("form.set-role-holder").count()).toBe(0);
  await expect.poll(() => page.locator('tr[data-role="partyAdmin"] [data-proposed]').getAttribute("data-proposed")).toBe(adminAddress.toLowerCase());
  await admin.screens("party-admin-proposed");

  await accept.click();
  // Indexed: /party names the newcomer as party admin, and shows the admin's controls.
  await holderLink(admin, "partyAdmin", adminAddress).waitFor({ timeout: 60_000 });
  await page.locator("form.set-role-holder").first().waitFor();
  expect(await ctx.stack.read.read.partyAdmin()).toBe(adminAddress);
  expect(await page.getByRole("button", { name: "Accept the party admin role" }).count()).toBe(0);
  await admin.screens("party-admin");
}, 180_000);

it("the party admin sets the evaluation minter, after a confirmation", async () => {
  const minter = privateKeyToAccount(generatePrivateKey()).address;
  const page = await admin.open("/party");
  const row = page.locator('tr[data-role="evaluationMinter"]');
  const previous = await ctx.stack.read.read.evaluationMinter();
  await row.getByLabel("New evaluation minter").fill(minter);
  await row.getByRole("button", { name: "Set" }).click();
  await expect.poll(() => row.locator(".confirm-text").textContent()).toBe(`Make this account the evaluation minter? ${previous.toLowerCase()} loses the role.`);
  await admin.screens("party-admin-confirm");
  await row.getByRole("button", { name: "Confirm" }).click();
  await holderLink(admin, "evaluationMinter", minter).waitFor({ timeout: 60_000 });
  expect(await ctx.stack.read.read.evaluationMinter()).toBe(minter);
  await admin.screens("party-admin-minter-set");
}, 180_000);

it("a stranger's /party shows the new holders and no controls", async () => {
  const stranger = await ctx.stack.person("stranger");
  const page = await stranger.open("/party");
  await holderLink(stranger, "partyAdmin", adminAddress).waitFor();
  expect(await page.locator("[data-controls]").count()).toBe(0);
}, 60_000);
