/**
 * Evaluation documents written and published end to end in Chromium, on the whole local stack with
 * passkeys, a local IPFS node and the document fetcher: the minter writes an evaluation in German
 * (page in German), sees the live preview, publishes and mints in one press; a member of the
 * chapter reads it in English (1280 px) and in Arabic (390 px, right to left), verified against
 * the chain, and votes. A draft the schema refuses (an empty title, a body with HTML) is refused in
 * the page's language (Arabic, 390 px) before anything is stored or signed; so is every draft
 * while the IPFS node is down (German), and the text stays for the next try. Another client's
 * document: documents-fetched.test.ts. Screenshots: artifacts/screenshots/documents-*.png (and
 * 390/documents-*.png).
 */
import { parseCid } from "../../app/ground/cid.js";
import ar from "../../app/locales/ar/index.js";
import de from "../../app/locales/de/index.js";
import en from "../../app/locales/en/index.js";
import type { Messages } from "../../app/locales/types.js";
import { demoDocumentBytes } from "../../scripts/lib/demo-data/document-cids.js";
import { startIpfsNode, type IpfsNode } from "../../scripts/lib/ipfs-node.js";
import { evaluationCount, member, memberAddress, minter, setLanguage, useDocumentsStack } from "./documents-stack.js";
import { expectAccessible, expectPhoneFit } from "./page-checks.js";
import { GERMAN, publishForm, recordPosts, signatures, typed, write } from "./publish-form.js";

const ctx = useDocumentsStack();
/** The stack's IPFS node, until a test stops it and starts another on its port. */
let ipfs: IpfsNode;
let restarted: IpfsNode | undefined;
beforeAll(() => {
  ipfs = ctx.stack.ipfs;
});
afterAll(() => restarted?.stop());

/** A message of a language, by its key ("documents.write.title"). */
const say = (messages: Messages, key: string) =>
  key.split(".").reduce<Messages | string>((group, part) => (typeof group === "string" ? group : group[part]!), messages) as string;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };


it("the minter writes in German, sees the preview, publishes and mints; a member reads it in English and in Arabic and votes", async () => {
  await setLanguage(minter, "de");
  const page = await minter.open("/evaluations");
  const form = publishForm(page);
  await form.waitFor();
  // The text's language is the page's until the minter picks another.
  expect(await form.getByLabel(say(de, "documents.write.language")).inputValue()).toBe("de");
  const before = await evaluationCount();

  await form.getByLabel(say(de, "chapter.id")).fill(GERMAN.chapterId);
  await form.getByLabel(say(de, "documents.write.title")).fill(GERMAN.title);
  await form.getByLabel(say(de, "documents.write.body")).fill(GERMAN.body);
  await form.locator("input[name='scaleMin']").fill(GERMAN.min);
  await form.locator("input[name='scaleZero']").fill(GERMAN.zero);
  await form.locator("input[name='scaleMax']").fill(GERMAN.max);
  expect(await typed(page)).toEqual(GERMAN);

  // The preview is the evaluation page's markup: title, body (Markdown rendered), what the scores mean.
  const preview = form.locator(".document-preview");
  await expect.poll(() => preview.locator(".document-body li").allTextContents()).toEqual(["Infostände an jedem Samstag", "Hausbesuche in drei Stadtteilen"]);
  expect(await preview.locator(".document-title").textContent()).toBe(GERMAN.title);
  expect(await preview.locator(".document-body strong").textContent()).toBe("viel");
  const link = preview.locator(".document-body a");
  expect([await link.getAttribute("href"), await link.getAttribute("rel")]).toEqual(["https://example.org/bericht", "nofollow noopener ugc"]);
  expect([await preview.locator(".document-body").getAttribute("lang"), await preview.locator(".document-body").getAttribute("dir")]).toEqual(["de", "ltr"]);
  await expect.poll(() => preview.locator(".scale-row[data-score='127'] dd").textContent()).toBe(GERMAN.max);
  // Side by side at 1280 px, the preview under the fields on a phone.
  const fields = form.locator(".publish-fields");
  const [wideFields, widePreview] = [(await fields.boundingBox())!, (await preview.boundingBox())!];
  expect(widePreview.x).toBeGreaterThanOrEqual(wideFields.x + wideFields.width);
  expect(Math.abs(widePreview.y - wideFields.y)).toBeLessThan(2);
  await page.setViewportSize(PHONE);
  await expect.poll(async () => (await preview.boundingBox())!.y).toBeGreaterThanOrEqual((await fields.boundingBox())!.y + (await fields.boundingBox())!.height);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, "documents-minter-preview");
  await expectPhoneFit(page, "documents-minter-preview");
  await minter.screens("documents-minter-preview");

  // "Storing the text on IPFS…" while POST /api/documents is on its way (held here until seen).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/documents", async (route) => {
    await held;
    await route.continue();
  });
  const signedBefore = await signatures(minter);
  await form.getByRole("button", { name: say(de, "documents.write.publishAndMint") }).click();
  const publishing = form.locator("[data-status='publishing']");
  expect(await publishing.textContent()).toBe(say(de, "documents.write.publishing"));
  expect(await form.getByRole("button", { name: say(de, "documents.write.publishAndMint") }).isDisabled()).toBe(true);
  expect(await signatures(minter)).toBe(signedBefore);
  release();

  const published = form.locator("[data-status='published']");
  await published.waitFor({ timeout: 30_000 });
  await page.unroute("**/api/documents");
  const cid = (await published.getAttribute("data-cid"))!;
  expect(cid).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/);
  expect(await ipfs.has(cid)).toBe(true);

  // Minted with that CID once indexed: the row shows the title (the document is already in the app's store).
  const id = before + 1n;
  const row = page.locator(`main table tr:has(a[href="/evaluations/${id}"])`);
  await row.waitFor({ timeout: 60_000 });
  expect(await row.locator(`a[href="/evaluations/${id}"]`).textContent()).toBe(GERMAN.title);
  const [chapterId, hashCode, hashSize, hashDigest] = await ctx.stack.read.read.evaluations([id]);
  expect({ chapterId, hashCode, hashSize, hashDigest }).toEqual({ chapterId: 1n, ...parseCid(cid)! });
  expect(await signatures(minter)).toBeGreaterThan(signedBefore);
  await minter.screens("documents-minted");
  await ctx.stack.waitForIndexer();

  // A member of chapter 1 reads it in English: the title, the list, verified against the chain with its CID; the scale by the vote.
  await setLanguage(member, "en");
  const evaluation = await member.open(`/evaluations/${id}`);
  const heading = evaluation.locator("main h1");
  expect([await heading.textContent(), await heading.getAttribute("lang")]).toEqual([GERMAN.title, "de"]);
  const body = evaluation.locator("article.document .document-body");
  expect([await body.getAttribute("lang"), await body.getAttribute("dir")]).toEqual(["de", "ltr"]);
  expect(await body.locator("li").allTextContents()).toEqual(["Infostände an jedem Samstag", "Hausbesuche in drei Stadtteilen"]);
  expect(await body.locator("a").getAttribute("href")).toBe("https://example.org/bericht");
  const verified = evaluation.locator("article.document .verified");
  expect(await verified.getAttribute("data-verified")).toBe(cid);
  expect(await verified.locator(".verified-mark").textContent()).toBe(`✓ ${say(en, "documents.verified")}`);
  expect(await verified.locator(".cid").textContent()).toBe(cid);
  const scale = evaluation.locator("section.scale");
  expect(await scale.locator(".scale-row dd").allTextContents()).toEqual([GERMAN.min, GERMAN.zero, GERMAN.max]);
  const vote = evaluation.locator("form[data-operation='vote']");
  await vote.waitFor();
  expect(await scale.isVisible()).toBe(true);
  await expectAccessible(evaluation, "documents-evaluation-en");
  await member.screens("documents-evaluation-en");

  await vote.getByLabel("Your score").fill("42");
  await vote.getByRole("button", { name: "Vote" }).click();
  await expect.poll(() => evaluation.locator("dd.tally-count").textContent(), { timeout: 90_000 }).toBe("1");
  expect(await ctx.stack.read.read.votes([id, memberAddress])).toBe(42);

  // In Arabic on a phone: the page right to left, the German document still left to right inside it.
  await setLanguage(member, "ar");
  await evaluation.setViewportSize(PHONE);
  await member.open(`/evaluations/${id}`);
  expect([await evaluation.locator("html").getAttribute("lang"), await evaluation.locator("html").getAttribute("dir")]).toEqual(["ar", "rtl"]);
  expect(await heading.textContent()).toBe(GERMAN.title);
  expect(await body.getAttribute("dir")).toBe("ltr");
  expect(await body.locator("li").allTextContents()).toEqual(["Infostände an jedem Samstag", "Hausbesuche in drei Stadtteilen"]);
  expect(await verified.locator(".verified-mark").textContent()).toBe(`✓ ${say(ar, "documents.verified")}`);
  expect(await verified.getAttribute("data-verified")).toBe(cid);
  expect(await scale.locator("h3").textContent()).toBe(say(ar, "documents.scaleHeading"));
  await vote.waitFor();
  await expectPhoneFit(evaluation, "documents-evaluation-ar");
  await member.screens("documents-evaluation-ar");
  await evaluation.setViewportSize(DESKTOP);
}, 240_000);

it("an empty title and a body with HTML are refused in the page's language (Arabic, 390 px) before anything is stored or signed; the text stays", async () => {
  await setLanguage(minter, "ar");
  await minter.page.setViewportSize(PHONE);
  const page = await minter.open("/evaluations");
  const form = publishForm(page);
  await form.waitFor();
  expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  // The text minted before is no longer kept for this tab.
  expect(await form.locator("textarea[name='body']").inputValue()).toBe("");
  const posts = recordPosts(page);
  const signedBefore = await signatures(minter);
  const button = form.getByRole("button", { name: say(ar, "documents.write.publishAndMint") });
  const alert = form.getByRole("alert");

  const untitled = { ...GERMAN, title: "" };
  await write(page, untitled);
  await button.click();
  expect(await alert.textContent()).toBe(`${say(ar, "documents.write.title")}: ${say(ar, "calls.required")}`);
  expect(await typed(page)).toEqual(untitled);

  const scripted = { ...GERMAN, body: "Bitte lesen: <script>alert(1)</script> und abstimmen." };
  await write(page, scripted);
  await button.click();
  await expect.poll(() => alert.textContent()).toMatch(new RegExp(`^${say(ar, "documents.write.body").replace(/[()]/g, "\\$&")}: .*<script>`));
  expect(await alert.textContent()).toContain("HTML");
  expect(await typed(page)).toEqual(scripted);
  // The preview shows the tag as text, never as markup.
  const preview = form.locator(".document-preview .document-body");
  expect(await preview.locator("script").count()).toBe(0);
  expect(await preview.textContent()).toContain("<script>alert(1)</script>");
  // The text's language (Arabic by default here) sets the preview's direction; German turns it left to right.
  expect(await preview.getAttribute("dir")).toBe("rtl");
  await form.locator("select[name='language']").selectOption("de");
  await expect.poll(() => preview.getAttribute("dir")).toBe("ltr");

  expect(posts.paths.filter((path) => path.startsWith("/api/"))).toEqual([]);
  expect(await signatures(minter)).toBe(signedBefore);
  posts.stop();
  // Not even a reload loses it (signing without a wallet session reloads the page): the tab keeps the draft until it is minted.
  await minter.open("/evaluations");
  // (The chapter id is the page's again: only the document is kept.)
  expect(await typed(page)).toEqual({ ...scripted, chapterId: "" });
  expect(await form.locator("select[name='language']").inputValue()).toBe("de");
  await expectPhoneFit(page, "documents-refused-ar");
  await minter.screens("documents-refused-ar");
  await page.setViewportSize(DESKTOP);
}, 120_000);

it("with the IPFS node down: the unavailable message in the page's language, nothing signed, the text kept; once it is back the same press publishes and mints", async () => {
  await setLanguage(minter, "de");
  const page = await minter.open("/evaluations");
  const form = publishForm(page);
  await form.waitFor();
  const draft = { ...GERMAN, title: "Wie gut war die Mitgliederwerbung?", chapterId: "1" };
  await write(page, draft);
  const before = await evaluationCount();
  const signedBefore = await signatures(minter);
  const posts = recordPosts(page);
  const port = Number(new URL(ipfs.apiUrl).port);

  await ipfs.stop();
  try {
    await form.getByRole("button", { name: say(de, "documents.write.publishAndMint") }).click();
    const refused = form.locator("[data-status='refused']");
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.getAttribute("role")).toBe("alert");
    const [opening, closing] = say(de, "documents.write.unavailable").split("{{detail}}");
    const said = (await refused.textContent())!;
    expect(said.startsWith(opening!) && said.endsWith(closing!)).toBe(true);
    expect(await typed(page)).toEqual(draft);
    expect(posts.paths.filter((path) => path.startsWith("/api/"))).toEqual(["/api/documents"]);
    expect(await form.locator("output.operation-status").count()).toBe(0);
    expect(await signatures(minter)).toBe(signedBefore);
    expect(await evaluationCount()).toBe(before);
    await minter.screens("documents-ipfs-down");
  } finally {
    // The node comes back on its port (in memory: empty), with the demo documents the fetcher may still want.
    restarted = ipfs = await startIpfsNode({ port });
    for (const bytes of demoDocumentBytes()) await ipfs.add(bytes);
  }

  await form.getByRole("button", { name: say(de, "documents.write.publishAndMint") }).click();
  await form.locator("[data-status='published']").waitFor({ timeout: 30_000 });
  await page.locator(`main table a[href="/evaluations/${before + 1n}"]`).waitFor({ timeout: 60_000 });
  expect(await page.locator(`main table a[href="/evaluations/${before + 1n}"]`).textContent()).toBe(draft.title);
  expect(await signatures(minter)).toBeGreaterThan(signedBefore);
  posts.stop();
}, 180_000);
