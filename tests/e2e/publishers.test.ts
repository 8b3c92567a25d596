/**
 * The publishers' jobs end to end in Chromium, on the whole local stack with passkeys: the
 * evaluation minter mints an evaluation from a pasted CID (the decoded parts shown before
 * signing; a bad CID named first) and it shows on /evaluations once indexed; the info sender
 * sends info, and it shows on /info. Neither sees the other's control, nor does a stranger.
 * Screenshots: artifacts/screenshots/publishers-*.png.
 */
import type { Page } from "playwright-core";
import { parseCid } from "../../app/calls/cid.js";
import { operationForm as form, useWriteStack } from "./role-stack.js";
import { signUp, type Person } from "./write-stack.js";

let minter: Person;
let sender: Person;
const CID = "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG";
const INFO_CID = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";

const ctx = useWriteStack(async (stack) => {
  [minter, sender] = await Promise.all([stack.person("minter"), stack.person("sender")]);
  const [minterAddress, senderAddress] = [await signUp(minter), await signUp(sender)];
  await stack.grant(minterAddress, "evaluation-minter");
  await stack.grant(senderAddress, "info-sender");
});
const part = (page: Page, name: string) => page.locator(`.cid-parts [data-part='${name}']`);

it("shows each control only to its role's holder: none to a stranger", async () => {
  const stranger = await ctx.stack.person("stranger");
  const seen = async (person: Person, path: string) => (await person.open(path)).locator("[data-controls]").evaluateAll((els) => els.map((e) => e.getAttribute("data-controls")));
  expect(await seen(stranger, "/evaluations")).toEqual([]);
  expect(await seen(stranger, "/info")).toEqual([]);
  expect(await seen(minter, "/evaluations")).toEqual(["mint-evaluation"]);
  expect(await seen(minter, "/info")).toEqual([]);
  expect(await seen(sender, "/info")).toEqual(["send-info"]);
  expect(await seen(sender, "/evaluations")).toEqual([]);
});

it("the minter mints from a CID: the decoded parts before signing, the evaluation after indexing", async () => {
  const page = await minter.open("/evaluations");
  const mint = form(page, "mintEvaluation");
  await mint.waitFor();
  const newest = Number(await page.locator("main table tbody tr td").first().textContent());

  await mint.getByLabel("Chapter id").fill("2");
  await mint.getByLabel("CID").fill("QmNotACid");
  await mint.locator("[data-part='none']").waitFor();
  await mint.getByRole("button", { name: "Mint evaluation" }).click();
  await expect.poll(() => mint.getByRole("alert").textContent()).toMatch(/^CID: must be a CID/);

  await mint.getByLabel("CID").fill(CID);
  const expected = parseCid(CID)!;
  expect([await part(page, "hashCode").textContent(), await part(page, "hashSize").textContent(), await part(page, "hashDigest").textContent()]).toEqual([
    "18",
    "32",
    expected.hashDigest,
  ]);
  expect(await mint.getByLabel("Chapter id").inputValue()).toBe("2");
  await minter.screens("publishers-mint");

  await mint.getByRole("button", { name: "Mint evaluation" }).click();
  const row = page.locator(`main table tr:has(a[href="/evaluations/${newest + 1}"])`);
  await row.waitFor({ timeout: 60_000 });
  expect((await ctx.stack.read.read.evaluations([BigInt(newest + 1)]))[0]).toBe(2n);
  await minter.screens("publishers-minted");
}, 120_000);

it("the info sender sends info: it shows on /info after indexing", async () => {
  const page = await sender.open("/info");
  const send = form(page, "sendInfo");
  await send.waitFor();
  await send.getByLabel("Event name").fill("Congress 2031");
  await send.getByLabel("Info type").fill("3");
  await send.getByLabel("CID").fill(INFO_CID);
  expect(await part(page, "hashCode").textContent()).toBe(String(parseCid(INFO_CID)!.hashCode));
  await sender.screens("publishers-send-info");
  await send.getByRole("button", { name: "Send info" }).click();
  const row = page.locator("main table tr", { hasText: "Congress 2031" });
  await row.waitFor({ timeout: 60_000 });
  expect(await row.locator("td").nth(2).textContent()).toBe("3");
  await sender.screens("publishers-sent");
}, 120_000);
