/**
 * A member's own page (/me) in Chromium, on the whole local stack: Dana signs up and sees what to
 * do next (the chapter list), applies and sees her application pending, is approved and made a
 * chapter executive, sees her chapter, roles and the evaluations awaiting her vote (and votes from
 * there), then leaves the chapter and the party, each after a confirmation that says what is lost.
 * Each step checks the page after indexing. The cases build on each other, in order.
 * Screenshots: artifacts/screenshots/member-*-{1280,390}.png.
 */
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { confirmBeforeApplying, signUp, stack, useWriteStack, voteOnFirstAwaiting, type Person } from "./write-stack.js";

let dana: Person;
let danaAddress: Address;

useWriteStack();

/** The <section> or list under the <h2> `heading`, as text. */
const sectionText = (page: Page, heading: string) =>
  page.locator(`main h2:text-is("${heading}") + *`).first().textContent();
const chapterFact = (page: Page) => page.locator("main dl.facts dd").first().textContent();

it("a stranger: /me says to sign in (401), and an unknown address is not a member (404), with the chapter list", async () => {
  const stranger = await stack.person("stranger");
  const me = await stranger.page.goto(`${stack.appUrl}/me`);
  expect(me?.status()).toBe(401);
  expect(await stranger.page.locator("main .error p").first().textContent()).toMatch(/^Sign in \(top right\) to see your page/);
  expect(await stranger.page.getByRole("link", { name: "My page" }).count()).toBe(0);
  await stranger.screens("member-me-stranger");

  const unknown = `0x${"5e".repeat(20)}`;
  const member = await stranger.page.goto(`${stack.appUrl}/members/${unknown}`);
  expect(member?.status()).toBe(404);
  await stranger.page.locator(".not-a-member").getByRole("link", { name: "See the chapter list" }).waitFor();
  await stranger.screens("member-not-a-member");
}, 60_000);

it("before joining: no chapter, the chapter list to pick from, no application", async () => {
  dana = await stack.person("dana");
  danaAddress = await signUp(dana);
  const page = dana.page;
  await page.getByRole("link", { name: "My page" }).click();
  await page.locator("main h1:text-is('My page')").waitFor();
  expect(await page.locator(".next-steps").textContent()).toContain("You are not in a chapter.");
  await page.locator(".next-steps").getByRole("link", { name: "the chapter list" }).waitFor();
  expect(await sectionText(page, "My application")).toBe("You have not applied to a chapter.");
  expect(await page.locator("[data-controls]").count()).toBe(0);
  await dana.screens("member-me-no-chapter");
}, 120_000);

it("after applying: the pending application on /me", async () => {
  await confirmBeforeApplying(stack, danaAddress);
  const chapter = await dana.open("/chapters/1");
  await chapter.getByRole("button", { name: "Apply to this chapter" }).click();
  await chapter.locator(`table.applications tr[data-applicant="${danaAddress.toLowerCase()}"]`).waitFor({ timeout: 90_000 });
  // Applied: no Apply button any more.
  expect(await chapter.getByRole("button", { name: "Apply to this chapter" }).count()).toBe(0);

  const page = await dana.open("/me");
  expect(await page.locator(".my-application").getAttribute("data-status")).toBe("applied");
  expect(await page.locator(".my-application").textContent()).toContain("awaiting a decision");
  expect(await page.locator(".next-steps").textContent()).toContain("Your application below awaits a decision");
  await dana.screens("member-me-applied");
}, 120_000);

it("after joining: the chapter, the roles, the evaluations awaiting a vote; a vote from /me", async () => {
  const [partyExecutive] = buildDemoPlan().partyExecutives;
  await stack.send(partyExecutive!, "updateMemberApplicationForChapter", [danaAddress, true]);
  await stack.grant(danaAddress, "chapter-executive", 1n);

  const page = await dana.open("/me");
  expect(await chapterFact(page)).toMatch(/\(member\)$/);
  expect(await page.locator(".my-application").getAttribute("data-status")).toBe("approved");
  expect(await page.locator("ul.roles").first().textContent()).toContain("Chapter executive of");
  expect(await page.locator(".next-steps").count()).toBe(0);
  const awaiting = page.locator(".awaiting-vote");
  const before = await awaiting.count();
  expect(before).toBeGreaterThan(0);
  await dana.screens("member-me-joined");

  const evaluationId = await voteOnFirstAwaiting(page, 7);
  expect(await stack.read.read.votes([evaluationId, danaAddress])).toBe(7);
}, 180_000);

it("leaves the chapter after confirming what is lost: the membership and the executive role", async () => {
  const page = await dana.open("/me");
  const form = page.locator("form.leave-chapter");
  await form.getByRole("button", { name: "Leave chapter" }).click();
  const confirm = await form.locator(".confirm-text").textContent();
  expect(confirm).toMatch(/^Leave .+\? You lose your membership of .+ and your chapter executive role\.$/);
  await dana.screens("member-me-leave-confirm");
  await form.getByRole("button", { name: "Confirm" }).click();
  await page.locator(".next-steps").waitFor({ timeout: 90_000 });
  expect(await chapterFact(page)).toMatch(/\(left\)$/);
  expect(await page.locator("form.leave-chapter").count()).toBe(0);
  expect(await stack.read.read.memberChapter([danaAddress])).toBe(0n);
  await dana.screens("member-me-left-chapter");
}, 180_000);

it("leaves the party after confirming, and the page says so after indexing", async () => {
  const page = await dana.open("/me");
  const form = page.locator("form.leave-party");
  await form.getByRole("button", { name: "Leave party" }).click();
  expect(await form.locator(".confirm-text").textContent()).toBe("Leave the party? You lose your party membership.");
  await form.getByRole("button", { name: "Confirm" }).click();
  await page.locator("main dl.facts dd:text-is('no')").waitFor({ timeout: 90_000 });
  // No membership controls are left; the account's own (its passkeys) stay.
  expect(await page.locator("[data-controls]:not([data-controls='passkey'])").count()).toBe(0);
  expect(await stack.read.read.partyMember([danaAddress])).toBe(false);
  await dana.screens("member-me-left-party");
}, 180_000);
