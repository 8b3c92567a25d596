/**
 * Writes end to end in Chromium, on the whole local stack (anvil with the demo data and the
 * wallet contracts, alto, the indexer, Postgres, the production app server), with passkeys from
 * a virtual WebAuthn authenticator: a member signs up, applies to a chapter, is approved by an
 * executive (whose passkey account is made a party executive on chain) and votes; a reload while
 * an approval is pending keeps showing it (a refusal by the contract: chapter-executive.test.ts).
 * The cases build on each other, in order. Screenshots go to artifacts/screenshots/write-*.png.
 */
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { ADMIN } from "../fixtures/accounts.js";
import { confirmBeforeApplying, signUp, startWriteStack, type Person, type WriteStack } from "./write-stack.js";

let stack: WriteStack;
/** Applies, is approved, votes. */
let alice: Person;
/** A party executive (promoted on chain after signing up). */
let erin: Person;
let aliceAddress: Address;
let erinAddress: Address;

beforeAll(async () => {
  stack = await startWriteStack();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

afterEach(() => {
  for (const person of stack?.people ?? []) expect(person.problems).toEqual([]);
});

/**
 * Records every status the operation's status line shows (a MutationObserver, so short-lived ones
 * are not missed), for the button of `operation` (and of `account`, on the review queue).
 */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    const seen = () => {
      for (const output of document.querySelectorAll(".operation output[data-status], .operation [role='alert']")) {
        const status = output.getAttribute("data-status") ?? "";
        if (w.statuses[w.statuses.length - 1] !== status) w.statuses.push(status);
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
}

const applicantRow = (page: Page, account: string) => page.locator(`table.applications tr[data-applicant="${account.toLowerCase()}"]`);
const membersTable = (page: Page) => page.locator("main table:not(.applications):not(.activity)");

it("a member signs up with a passkey: one credential on the authenticator, a session cookie from log_in", async () => {
  alice = await stack.person("alice");
  aliceAddress = await signUp(alice);
  expect(await alice.credentials()).toHaveLength(1);
  expect((await alice.credentials())[0]!.isResidentCredential).toBe(true);
  // Not deployed yet: the first user operation creates it.
  expect(await stack.publicClient.getCode({ address: aliceAddress })).toBeUndefined();
  await alice.screenshot("write-signed-up.png");
}, 120_000);

it("applies to a chapter: signed, included, indexed, then the page shows the application", async () => {
  await confirmBeforeApplying(stack, aliceAddress);
  const page = await alice.open("/chapters/1");
  expect(await applicantRow(page, aliceAddress).count()).toBe(0);
  const statuses = await recordStatuses(page);
  await page.getByRole("button", { name: "Apply to this chapter" }).click();
  await applicantRow(page, aliceAddress).waitFor({ timeout: 60_000 });

  const seen = await statuses();
  expect(seen.slice(0, 3)).toEqual(["preparing", "signing", "signed"]);
  expect(seen.some((s) => s === "indexed" || s === "final")).toBe(true);
  expect(await stack.read.read.applicationChapter([aliceAddress])).toBe(1n);
  expect(await stack.publicClient.getCode({ address: aliceAddress })).toBeDefined();
  await alice.screenshot("write-applied.png");
}, 120_000);

it("an executive approves; a reload while it is pending still shows it pending; then the member appears", async () => {
  erin = await stack.person("erin");
  erinAddress = await signUp(erin);
  // Make Erin's passkey account a party executive: a party member first (by a demo party
  // executive), then promoted by the party admin.
  const [partyExecutive] = buildDemoPlan().partyExecutives;
  await stack.send(partyExecutive!, "addMemberToParty", [[erinAddress]]);
  await stack.send(ADMIN, "promotePartyExecutive", [erinAddress]);
  expect(await stack.read.read.partyExecutive([erinAddress])).toBe(true);
  await stack.waitForIndexer();

  const page = await erin.open("/chapters/1/applications");
  // Hold the block: the approval is signed and with the bundler, but not in a block yet.
  await stack.testClient.setAutomine(false);
  try {
    const row = applicantRow(page, aliceAddress);
    await row.getByRole("button", { name: "Approve" }).click();
    await row.locator(".operation output[data-status='signed']").waitFor({ timeout: 30_000 });

    await page.reload();
    await erin.open("/chapters/1/applications");
    const badge = applicantRow(page, aliceAddress).locator(".pending-badge[data-operation='updateMemberApplicationForChapter']");
    await expect.poll(() => badge.textContent()).toBe("approval pending");
    // Anyone sees it: Alice's view of the queue too.
    const alicePage = await alice.open("/chapters/1/applications");
    expect(await applicantRow(alicePage, aliceAddress).locator(".pending-badge").textContent()).toBe("approval pending");
    await erin.screenshot("write-approval-pending.png");
  } finally {
    await stack.testClient.setAutomine(true);
    await stack.testClient.mine({ blocks: 1 });
  }

  // The page follows the pending operation and reloads its data once it is indexed: the row goes.
  await applicantRow(page, aliceAddress).waitFor({ state: "detached", timeout: 60_000 });
  expect(await stack.read.read.memberChapter([aliceAddress])).toBe(1n);

  const chapter = await erin.open("/chapters/1");
  await membersTable(chapter).locator(`a[title="${aliceAddress.toLowerCase()}"]`).waitFor();
  await erin.screenshot("write-approved-member.png");
}, 180_000);

it("a member votes and the tally changes", async () => {
  const page = await alice.open("/evaluations/1");
  const before = Number(await page.locator(".tally-count").textContent());
  await page.getByLabel("Your score").fill("42");
  await page.getByRole("button", { name: "Vote" }).click();
  await expect.poll(async () => Number(await page.locator(".tally-count").textContent()), { timeout: 60_000 }).toBe(before + 1);
  expect(await stack.read.read.votes([1n, aliceAddress])).toBe(42);
  await page.locator(`main table a[title="${aliceAddress.toLowerCase()}"]`).first().waitFor();
  await alice.screenshot("write-voted.png");
}, 120_000);

it("a member recommends a pending applicant of the chapter", async () => {
  const page = await alice.open("/chapters/1");
  const applicant = await page.locator("form[data-operation='recommendForChapterMembership'] select").inputValue();
  const row = applicantRow(page, applicant);
  expect(await row.locator(`a[title="${aliceAddress.toLowerCase()}"]`).count()).toBe(0);
  await page.getByRole("button", { name: "Recommend" }).click();
  await row.locator(`a[title="${aliceAddress.toLowerCase()}"]`).waitFor({ timeout: 60_000 });
  await alice.screenshot("write-recommended.png");
}, 120_000);
