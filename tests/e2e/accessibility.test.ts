/**
 * Every page and every role screen in Chromium, on the whole local stack (issue 17): axe-core
 * finds no violation of WCAG 2.1 A/AA or its best practices, at 1280 px and in the phone layout
 * at 390 px, where no page scrolls sideways. Signed out, then signed in as an officer holding every
 * role (chapter executive of chapter 1, party executive, chapter admin, evaluation minter, info
 * sender, proposed party admin), before and after accepting the party admin role, with a signed
 * membership proof and its /verify page. Each page's 390 px screenshot is kept in
 * artifacts/screenshots/390/ (signed-out-*, signed-in-*).
 */
import { generateKeyPairSync } from "node:crypto";
import type { Address } from "viem";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { checkPage } from "./page-checks.js";
import { useWriteStack } from "./role-stack.js";
import { signUp, type Person } from "./write-stack.js";

const ROLES = ["chapter-executive", "party-executive", "chapter-admin", "evaluation-minter", "info-sender", "party-admin"] as const;

let officer: Person;
let officerAddress: Address;

const ctx = useWriteStack(async (stack) => {
  officer = await stack.person("officer");
  officerAddress = await signUp(officer);
  for (const role of ROLES) await stack.grant(officerAddress, role, role === "chapter-executive" ? 1n : undefined);
});

/** A new device's passkey as /add-device's `key` (the P-256 public key's x and y). */
function deviceKey(): string {
  const { x, y } = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" });
  return `0x${Buffer.from(x!, "base64url").toString("hex")}${Buffer.from(y!, "base64url").toString("hex")}`;
}

async function checkAll(person: Person, prefix: string, pages: readonly (readonly [string, string])[]) {
  for (const [name, path] of pages) await checkPage(await person.open(path), `${prefix}-${name}`);
}

it("signed out: every page, the error pages too", async () => {
  const member = buildDemoPlan().chapters[0]!.executives[0]!.address.toLowerCase();
  const stranger = await ctx.stack.person("stranger");
  await checkAll(stranger, "signed-out", [
    ["chapters", "/"],
    ["chapters-filtered", "/?q=lin"],
    ["chapter", "/chapters/1"],
    ["review-queue", "/chapters/1/applications"],
    ["member", `/members/${member}`],
    ["member-search", "/members?q=0x3"],
    ["evaluations", "/evaluations"],
    ["evaluation", "/evaluations/1"],
    ["info", "/info"],
    ["party", "/party"],
    ["proofs", "/proofs"],
    ["verify", "/verify"],
    ["verify-bad-proof", "/verify?proof=pm1.not-a-proof"],
    ["add-device", "/add-device"],
    ["me-401", "/me"],
    ["not-found-404", "/chapters/999"],
    ["bad-request-400", "/members/0x12"],
  ]);
}, 600_000);

it("signed in with every role: each role's screens", async () => {
  await checkAll(officer, "signed-in", [
    ["chapters-chapter-admin", "/"],
    ["chapter-executive-admin", "/chapters/1"],
    ["review-queue-executive", "/chapters/1/applications"],
    ["member-self", `/members/${officerAddress.toLowerCase()}`],
    ["evaluations-minter", "/evaluations"],
    ["evaluation-vote", "/evaluations/1"],
    ["info-sender", "/info"],
    ["party-executive-proposed-admin", "/party"],
    ["proofs", "/proofs"],
    ["verify", "/verify"],
    ["add-device-key", `/add-device?key=${deviceKey()}`],
    ["me", "/me"],
    ["dev-roles", "/dev/roles"],
  ]);
}, 600_000);

it("signed in: the party admin's screen after accepting, and a signed membership proof on /me and /verify", async () => {
  let page = await officer.open("/party");
  await page.locator("[data-controls='accept-party-admin'] button").click();
  await page.locator("form.set-role-holder").first().waitFor({ timeout: 90_000 });
  await checkPage(page, "signed-in-party-admin");

  page = await officer.open("/me");
  await page.locator("section.membership-proof button").first().click();
  const link = page.locator("section.membership-proof .proof-outcome a.proof-link");
  await link.waitFor({ timeout: 30_000 });
  await checkPage(page, "signed-in-me-proof");
  await checkPage(await officer.open((await link.getAttribute("href"))!), "signed-in-verify-valid");
}, 300_000);
