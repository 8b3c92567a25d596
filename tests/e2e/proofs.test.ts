/**
 * Proofs signed in the app, in Chromium on the whole local stack. Pia, a member whose account
 * has sent nothing yet, signs a membership proof on /me with her passkey: the page shows it as a
 * /verify link, a QR code, how long it holds and Copy; someone else, in another browser context,
 * opens the link and /verify says valid, checked with ERC-6492 (the account is not deployed).
 * After her first operation (a vote: it deploys the account) a new proof verifies through ERC-1271
 * and the first one still holds. As a chapter executive she signs a chapter social-account
 * verification on the chapter page (YouTube: SPEC 9's preface), which verifies too. The navigation
 * links /proofs and /verify. Cases run in order. Screenshots: artifacts/screenshots/proofs-*.
 */
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { signUp, stack, useWriteStack, voteOnFirstAwaiting, type Person } from "./write-stack.js";

let pia: Person;
let piaAddress: Address;
let verifier: Person;
let firstProof: string;

useWriteStack();

/** Signs on `page` with the button named `button` in `scope`, and returns the /verify path the page shows. */
async function signProof(page: Page, scope: string, button: string): Promise<string> {
  await page.locator(scope).getByRole("button", { name: button }).click();
  const link = page.locator(`${scope} .proof-outcome a.proof-link`);
  await link.waitFor({ timeout: 30_000 });
  return (await link.getAttribute("href"))!;
}

/** Opens a /verify path in the verifier's own browser context: the outcome and how the signature was checked. */
async function verifyElsewhere(path: string) {
  const page = await verifier.open(path);
  const result = page.locator("section.proof-result");
  return {
    outcome: await result.getAttribute("data-outcome"),
    heading: await result.locator("h2").textContent(),
    signer: await result.locator("dl.proof-facts dd").nth(1).textContent(),
    signature: await result.locator("li[data-check='signature']").textContent(),
    states: await result.locator("ol.proof-checks li").evaluateAll((items) => items.map((li) => li.getAttribute("data-state"))),
  };
}

const deployed = async () => Boolean(await stack.publicClient.getCode({ address: piaAddress }));

it("the navigation links /proofs and /verify", async () => {
  verifier = await stack.person("verifier");
  const page = await verifier.open("/");
  await page.locator("header nav").getByRole("link", { name: "Verify" }).click();
  await page.locator("main h1:text-is('Verify a proof')").waitFor();
  await page.locator("header nav").getByRole("link", { name: "Proofs" }).click();
  await page.locator("main h1:text-is('Make a proof')").waitFor();
}, 60_000);

it("a membership proof signed on /me before the account's first operation verifies elsewhere (ERC-6492)", async () => {
  pia = await stack.person("pia");
  piaAddress = await signUp(pia);
  await stack.grant(piaAddress, "member", 1n);
  expect(await deployed()).toBe(false);

  const page = await pia.open("/me");
  await pia.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  firstProof = await signProof(page, "section.membership-proof", "Sign a membership proof");
  expect(firstProof).toMatch(/^\/verify\?proof=pm1\.[A-Za-z0-9_-]+$/);
  const outcome = page.locator("section.membership-proof .proof-outcome");
  // The end of validity in the browser's own time zone (app/components/time.tsx), the UTC text in its title.
  expect(await outcome.locator(".proof-validity").textContent()).toMatch(/^Valid until \D*\d.*\d{4}.*\d:\d\d.* \(30 days from now\), while you are a member\.$/);
  expect(await outcome.locator(".proof-validity time").getAttribute("title")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await outcome.locator("svg.qr-code").waitFor();
  expect(await outcome.locator(".proof-url").textContent()).toBe(`${stack.appUrl}${firstProof}`);
  await outcome.getByRole("button", { name: "Copy link" }).click();
  await outcome.getByRole("button", { name: "Copied" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${stack.appUrl}${firstProof}`);
  await pia.screens("proofs-me-membership");

  const checked = await verifyElsewhere(firstProof);
  expect(checked).toMatchObject({ outcome: "valid", heading: "Valid: Membership proof", signer: piaAddress, states: ["passed", "passed", "passed", "passed"] });
  expect(checked.signature).toContain("(ERC-6492)");
  expect(await deployed()).toBe(false);
  await verifier.screens("proofs-verify-erc6492");
}, 180_000);

it("after the first operation deploys the account, a new proof verifies through ERC-1271, and the first still does", async () => {
  const page = await pia.open("/me");
  await voteOnFirstAwaiting(page, 5);
  expect(await deployed()).toBe(true);

  const second = await signProof(page, "section.membership-proof", "Sign a membership proof");
  expect(second).not.toBe(firstProof);
  const checked = await verifyElsewhere(second);
  expect(checked).toMatchObject({ outcome: "valid", signer: piaAddress });
  expect(checked.signature).toContain("(ERC-1271)");
  expect(checked.signature).not.toContain("ERC-6492");
  await verifier.screens("proofs-verify-erc1271");

  const again = await verifyElsewhere(firstProof);
  expect(again).toMatchObject({ outcome: "valid", signer: piaAddress });
}, 180_000);

it("a chapter executive verifies a chapter social account from the chapter page; it verifies elsewhere", async () => {
  await stack.grant(piaAddress, "chapter-executive", 1n);
  const page = await pia.open("/chapters/1");
  const form = page.locator("section.chapter-verification form");
  // The display name is checked before anything is signed.
  await form.getByRole("button", { name: "Sign the verification" }).click();
  expect(await form.getByRole("alert").textContent()).toBe("displayName is required");
  await form.getByLabel("Service").selectOption("youtube");
  await form.getByLabel("Display name").fill("Party Berlin");
  expect(await form.locator("pre.to-sign").textContent()).toBe(
    `This YouTube channel is an official chapter account of the Party.\n\nService: YouTube\nDisplay name: Party Berlin\nChapter: 1\nAccount: ${piaAddress.toLowerCase()}`,
  );
  const path = await signProof(page, "section.chapter-verification", "Sign the verification");
  expect(path).toMatch(/^\/verify\?proof=sv1\./);
  expect(await form.locator(".proof-validity").textContent()).toBe("Valid while you are a member of chapter 1: /verify checks it each time.");
  await form.locator("svg.qr-code").waitFor();
  await pia.screens("proofs-chapter-verification");

  const checked = await verifyElsewhere(path);
  expect(checked).toMatchObject({ outcome: "valid", heading: "Valid: Chapter social account verification", states: ["passed", "passed", "passed", "passed"] });
  expect(await verifier.page.locator("pre.signed-message").textContent()).toContain("This YouTube channel is an official chapter account of the Party.");
}, 180_000);
