/**
 * A chapter executive at work in Chromium, on the whole local stack: Cora signs up and is made an
 * executive of chapter 1 (stack.grant); she approves two applicants with one "Approve selected"
 * (one user operation: one record, both members from the same block), removes one of them after a
 * confirmation that says what they lose, and tries to remove the chapter's other executive, which
 * the role hints cannot foresee and the contract refuses. The cases build on each other, in order.
 * Screenshots: artifacts/screenshots/chapter-executive-*-{1280,390}.png.
 */
import type { Page } from "playwright-core";
import { getAddress, pad, toHex, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { signUp, stack, useWriteStack, type Person } from "./write-stack.js";

let cora: Person;
let coraAddress: Address;
/** Two applicants to chapter 1 (plain accounts: only Cora's side is the browser's). */
const applicants = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];

useWriteStack();

const applicantRow = (page: Page, account: string) => page.locator(`table.applications tr[data-applicant="${account.toLowerCase()}"]`);
/** The chapter page listing `account` first among its members (the members list is paged by address). */
const chapterPageFrom = (account: string) => `/chapters/1?after=${pad(toHex(BigInt(account) - 1n), { size: 20 })}`;
const memberRow = (page: Page, account: string) => page.locator(`main table tr:has(a[title="${account.toLowerCase()}"])`).filter({ has: page.locator(".remove-member, [data-controls='remove']") });

it("a chapter executive of chapter 1 (granted) sees the review queue with a checkbox per row", async () => {
  cora = await stack.person("cora");
  coraAddress = await signUp(cora);
  await stack.grant(coraAddress, "chapter-executive", 1n);
  for (const applicant of applicants) {
    await stack.testClient.setBalance({ address: applicant.address, value: 10n ** 18n });
    await stack.send(applicant, "applyForChapterMembership", [1n]);
  }
  await stack.waitForIndexer();

  const page = await cora.open("/chapters/1/applications");
  for (const applicant of applicants) await applicantRow(page, applicant.address).getByRole("checkbox").waitFor();
  await page.getByRole("button", { name: "Approve selected" }).waitFor();
  await cora.screens("chapter-executive-queue");
}, 240_000);

it("pressing Approve selected with nothing selected names the problem and sends nothing", async () => {
  const page = await cora.open("/chapters/1/applications");
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect.poll(() => page.locator("form.decide-selected [role='alert']").textContent()).toBe("Select at least one applicant");
  expect(await stack.query(`select 1 from app.pending_operations where sender = $1`, [coraAddress])).toHaveLength(0);
});

it("approves two applicants in one user operation: one record, both members from the same block", async () => {
  const page = await cora.open("/chapters/1/applications");
  for (const applicant of applicants) await applicantRow(page, applicant.address).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  for (const applicant of applicants) await applicantRow(page, applicant.address).waitFor({ state: "detached", timeout: 90_000 });

  const records = await stack.query<{ operation: string; subject: { accounts: string[] } }>(
    `select operation, subject from app.pending_operations where sender = $1`,
    [coraAddress],
  );
  expect(records).toHaveLength(1);
  expect(records[0]!.operation).toBe("updateMemberApplicationForChapter");
  expect(records[0]!.subject.accounts.map((a) => a.toLowerCase()).sort()).toEqual(applicants.map((a) => a.address.toLowerCase()).sort());
  const joined = await stack.query<{ block: string }>(
    `select distinct joined_block::text as block from ${stack.indexer.viewsSchema}.members where account = any($1) and status = 'member' and chapter_id = 1`,
    [applicants.map((a) => a.address.toLowerCase())],
  );
  expect(joined).toHaveLength(1);
  for (const applicant of applicants) expect(await stack.read.read.memberChapter([applicant.address])).toBe(1n);
  await cora.screens("chapter-executive-approved");
}, 180_000);

it("removes a member after a confirmation that says what they lose", async () => {
  const removed = applicants[0]!.address;
  const page = await cora.open(chapterPageFrom(removed));
  const row = memberRow(page, removed);
  await row.getByRole("button", { name: "Remove" }).click();
  // A plain member: the chapter's membership is all they lose (no executive role, no committee seat).
  await expect.poll(() => row.locator(".confirm-text").textContent()).toBe(`Remove ${removed.toLowerCase()}? They lose membership of ${buildDemoPlan().chapters[0]!.name}.`);
  await cora.screens("chapter-executive-remove-confirm");
  await row.getByRole("button", { name: "Confirm" }).click();
  // Indexed: the page reloads its data and the member's row is gone (the activity still names them).
  await row.waitFor({ state: "detached", timeout: 90_000 });
  expect(await stack.read.read.memberChapter([removed])).toBe(0n);
  await cora.screens("chapter-executive-removed");
}, 180_000);

it("removing the chapter's other executive is refused by the contract: Transaction reverted: NotAnExecutive, and why", async () => {
  const other = getAddress(buildDemoPlan().chapters[0]!.executives[0]!.address);
  expect(await stack.read.read.chapterExecutiveOf([other])).toBe(1n);
  const page = await cora.open(chapterPageFrom(other));
  const row = memberRow(page, other);
  await row.getByRole("button", { name: "Remove" }).click();
  expect(await row.locator(".confirm-text").textContent()).toContain("their chapter executive role");
  await row.getByRole("button", { name: "Confirm" }).click();
  const alert = row.getByRole("alert");
  await expect.poll(() => alert.locator(".error-text").textContent(), { timeout: 30_000 }).toBe("Transaction reverted: NotAnExecutive");
  expect(await alert.locator(".error-explanation").textContent()).toBe(" Only an executive of this chapter or a party executive can do this.");
  // Refused by the preflight: nothing was sent.
  expect(await stack.read.read.memberChapter([other])).toBe(1n);
  await cora.screens("chapter-executive-refused");
}, 120_000);
