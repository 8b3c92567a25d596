/**
 * A party executive's job in Chromium on the whole local stack (issue #13): a newcomer signs up
 * with a passkey and is made party executive (`npm run grant`), adds three accounts to the party in
 * one operation from a pasted list (a bad line is named first, then fixed), finds one of them with
 * the member search, and promotes a member of a chapter to chapter executive from the chapter
 * page. Each is checked on the page after indexing. The cases build on each other, in order.
 * Screenshots: artifacts/screenshots/party-executive-*.png.
 */
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { useWriteStack } from "./role-stack.js";
import { signUp, type Person } from "./write-stack.js";

let executive: Person;
let executiveAddress: Address;
const newcomers = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address);

const ctx = useWriteStack();

const partyMembers = async (person: Person) => Number(await person.page.locator('[data-total="partyMemberCount"]').textContent());

it("a stranger's /party has no party executive controls", async () => {
  const stranger = await ctx.stack.person("stranger");
  const page = await stranger.open("/party");
  expect(await page.locator("[data-controls]").count()).toBe(0);
  expect(await page.locator("form.operation-form").count()).toBe(0);
  await stranger.screens("party-stranger");
}, 60_000);

it("a party executive adds three members in one operation; a bad line is named first", async () => {
  executive = await ctx.stack.person("party-executive");
  executiveAddress = await signUp(executive);
  await ctx.stack.grant(executiveAddress, "party-executive", 2n);
  const page = await executive.open("/party");
  const form = page.locator("form.add-members");
  await form.waitFor();
  await executive.screens("party-executive");
  const before = await partyMembers(executive);

  const textarea = form.getByLabel("Addresses, one a line");
  await textarea.fill(["0x1234", ...newcomers].join("\n"));
  await form.getByRole("button", { name: "Add to the party" }).click();
  await expect.poll(() => form.getByRole("alert").textContent()).toBe("Line 1: must be an address (0x followed by 40 hex digits)");
  // What was typed stays, to be fixed.
  expect(await textarea.inputValue()).toBe(["0x1234", ...newcomers].join("\n"));
  await executive.screens("party-executive-bad-line");

  await textarea.fill(newcomers.join("\n"));
  await form.getByRole("button", { name: "Add to the party" }).click();
  // Indexed: the page reloads its data and the total counts the three.
  await expect.poll(() => partyMembers(executive), { timeout: 60_000 }).toBe(before + 3);
  expect(await Promise.all(newcomers.map((a) => ctx.stack.read.read.partyMember([a])))).toEqual([true, true, true]);
  // One user operation: the three JoinedParty events share one transaction, sent by the executive's account.
  const txs = await ctx.stack.query<{ tx_hash: string }>(
    `select distinct tx_hash from "${ctx.stack.indexer.viewsSchema}".activity where kind = 'JoinedParty' and subject = any($1)`,
    [newcomers.map((a) => a.toLowerCase())],
  );
  expect(txs).toHaveLength(1);
  const ops = await ctx.stack.query<{ sender: string }>(`select sender from "${ctx.stack.indexer.viewsSchema}".user_operations where tx_hash = $1`, [txs[0]!.tx_hash]);
  expect(ops.map((o) => o.sender)).toEqual([executiveAddress.toLowerCase()]);
  await executive.screens("party-executive-added");
}, 180_000);

it("the member search finds a new member by the start of its address", async () => {
  const prefix = newcomers[1]!.slice(0, 12).toLowerCase();
  const page = await executive.open(`/members?q=${prefix}`);
  await page.locator(`tr[data-account="${newcomers[1]!.toLowerCase()}"]`).waitFor();
  await executive.screens("party-executive-member-search");
}, 60_000);

it("promotes a member of a chapter to chapter executive from the chapter page", async () => {
  const [candidate] = await ctx.stack.query<{ account: string }>(
    `select account from "${ctx.stack.indexer.viewsSchema}".members where chapter_id = 2 and status = 'member' and executive_of is null
     and account <> $1 order by account limit 1`,
    [executiveAddress.toLowerCase()],
  );
  const page = await executive.open("/chapters/2");
  const form = page.locator("form.promote-chapter-executive");
  await form.waitFor();
  await executive.screens("party-executive-chapter");
  await form.getByLabel("Member").fill(candidate!.account);
  await form.getByRole("button", { name: "Promote to chapter executive" }).click();
  // Indexed: the executives list names them.
  const executives = page.locator("h2:has-text('Executives') + ul");
  await executives.locator(`a[title="${candidate!.account}"]`).waitFor({ timeout: 60_000 });
  expect(await ctx.stack.read.read.chapterExecutiveOf([candidate!.account as Address])).toBe(2n);
  await executive.screens("party-executive-promoted");
}, 180_000);
