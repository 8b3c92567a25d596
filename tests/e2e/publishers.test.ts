/**
 * The publishers' jobs end to end in Chromium, on the whole local stack with passkeys and a local
 * IPFS node: the evaluation minter mints an evaluation from a CID made elsewhere (the form in
 * <details>: a bad CID and a raw-codec CIDv1 named first, a dag-pb CIDv1's decoded parts shown
 * before signing) and it shows on /evaluations once indexed; the info sender writes an info
 * message in Arabic on an Arabic page (right to left), publishes and sends it in one press, and
 * members read it right to left; a CID made elsewhere can still be sent. Neither sees the other's
 * control, nor does a stranger. The evaluation minter's written documents: ./documents.test.ts.
 * Screenshots: artifacts/screenshots/publishers-*.png.
 */
import { CID as IpfsCid } from "multiformats/cid";
import type { Page } from "playwright-core";
import { parseCid } from "../../app/ground/cid.js";
import ar from "../../app/locales/ar/index.js";
import type { Messages } from "../../app/locales/types.js";
import { operationForm as form, useWriteStack } from "./role-stack.js";
import { signUp, type Person } from "./write-stack.js";

let minter: Person;
let sender: Person;
const CID = "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG";
/** The same block as a CIDv1 of the dag-pb codec ("bafybei…"): its multihash goes on chain and reads back as CID. */
const CID_V1 = IpfsCid.parse(CID).toV1().toString();
/** A CIDv1 of the raw codec, as `ipfs add --cid-version=1` makes: read back as a CIDv0 it would name a block that does not exist. */
const RAW_CID = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";

const ctx = useWriteStack(
  async (stack) => {
    [minter, sender] = await Promise.all([stack.person("minter"), stack.person("sender")]);
    const [minterAddress, senderAddress] = [await signUp(minter), await signUp(sender)];
    await stack.grant(minterAddress, "evaluation-minter");
    await stack.grant(senderAddress, "info-sender");
  },
  { documents: true },
);
const part = (page: Page, name: string) => page.locator(`.cid-parts [data-part='${name}']`);
/** A message of a language, by its key. */
const say = (messages: Messages, key: string) =>
  key.split(".").reduce<Messages | string>((group, p) => (typeof group === "string" ? group : group[p]!), messages) as string;

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

it("the minter mints from a CID made elsewhere: a raw-codec CIDv1 refused with what to do, a dag-pb CIDv1's parts before signing, the evaluation after indexing", async () => {
  const page = await minter.open("/evaluations");
  const details = page.locator("details.from-cid");
  const mint = form(page, "mintEvaluation").and(page.locator(".mint-evaluation"));
  await details.waitFor();
  expect(await mint.isVisible()).toBe(false);
  await details.locator("summary").click();
  await mint.waitFor();
  const newest = Number(await page.locator("main table tbody tr td").first().textContent());

  await mint.getByLabel("Chapter id").fill("2");
  await mint.getByLabel("CID").fill("QmNotACid");
  await mint.locator("[data-part='none'][data-problem='cid']").waitFor();
  await mint.getByRole("button", { name: "Mint evaluation" }).click();
  await expect.poll(() => mint.getByRole("alert").textContent()).toMatch(/^CID: must be a CID/);

  // Named as it is typed, and refused on the press: only a dag-pb CID reads back from the chain as the same content.
  await mint.getByLabel("CID").fill(RAW_CID);
  expect(await mint.locator("[data-part='none']").getAttribute("data-problem")).toBe("cidRaw");
  expect(await mint.locator("[data-part='none']").textContent()).toMatch(/^CID: names raw bytes .*ipfs add --cid-version=0/);
  await mint.getByRole("button", { name: "Mint evaluation" }).click();
  await expect.poll(() => mint.getByRole("alert").textContent()).toMatch(/^CID: names raw bytes \(a CIDv1 with the raw codec\)/);
  await minter.screens("publishers-mint-raw-cid");

  await mint.getByLabel("CID").fill(CID_V1);
  expect(CID_V1).toMatch(/^bafybei/);
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
  const [chapterId, hashCode, hashSize, hashDigest] = await ctx.stack.read.read.evaluations([BigInt(newest + 1)]);
  expect({ chapterId, hashCode, hashSize, hashDigest }).toEqual({ chapterId: 2n, ...expected });
  // The page names it by the CIDv0 of the same block, as the chain reads back.
  const evaluation = await minter.open(`/evaluations/${newest + 1}`);
  expect(await evaluation.locator("dl.facts a.cid").textContent()).toBe(CID);
  await minter.screens("publishers-minted");
}, 120_000);

const ARABIC = {
  eventName: "مؤتمر 2031",
  title: "دعوة إلى المؤتمر العام",
  body: "يُعقد المؤتمر العام في **برلين**:\n\n- اليوم الأول: التقارير\n- اليوم الثاني: الانتخابات",
};

it("the info sender writes in Arabic on an Arabic page (right to left), publishes and sends in one press; the message reads right to left", async () => {
  await sender.context.addCookies([{ name: "lng", value: "ar", url: ctx.stack.appUrl }]);
  const page = await sender.open("/info");
  expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  const send = page.locator("form[data-publish='info']");
  await send.waitFor();
  expect(await send.getByLabel(say(ar, "documents.write.language")).inputValue()).toBe("ar");
  await send.getByLabel(say(ar, "info.eventName")).fill(ARABIC.eventName);
  await send.getByLabel(say(ar, "info.infoType")).fill("3");
  await send.getByLabel(say(ar, "documents.write.title")).fill(ARABIC.title);
  await send.getByLabel(say(ar, "documents.write.body")).fill(ARABIC.body);
  // What is typed runs right to left too, and the preview is the info page's markup, in the text's direction.
  expect(await send.locator("textarea[name='body']").getAttribute("dir")).toBe("rtl");
  const preview = send.locator(".document-preview");
  await expect.poll(() => preview.locator(".document-body li").allTextContents()).toEqual(["اليوم الأول: التقارير", "اليوم الثاني: الانتخابات"]);
  expect([await preview.locator(".document-body").getAttribute("lang"), await preview.locator(".document-body").getAttribute("dir")]).toEqual(["ar", "rtl"]);
  expect(await preview.locator(".document-title").textContent()).toBe(ARABIC.title);
  // No scale for an info message.
  expect(await preview.locator(".scale").count()).toBe(0);
  // Side by side at 1280 px, the fields at the start: on the right, right to left.
  const [fields, shown] = [(await send.locator(".publish-fields").boundingBox())!, (await preview.boundingBox())!];
  expect(shown.x + shown.width).toBeLessThanOrEqual(fields.x);
  await sender.screens("publishers-send-info-ar");

  await send.getByRole("button", { name: say(ar, "documents.write.publishAndSend") }).click();
  const published = send.locator("[data-status='published']");
  await published.waitFor({ timeout: 30_000 });
  const cid = (await published.getAttribute("data-cid"))!;
  const row = page.locator("main table tr", { hasText: ARABIC.title });
  await row.waitFor({ timeout: 60_000 });
  expect(await row.textContent()).toContain(ARABIC.eventName);
  await sender.screens("publishers-sent-ar");

  const href = (await row.locator("a[href^='/info/']").first().getAttribute("href"))!;
  const info = await sender.open(href);
  expect(await info.locator("main h1").textContent()).toBe(ARABIC.title);
  const body = info.locator("article.document .document-body");
  expect([await body.getAttribute("lang"), await body.getAttribute("dir")]).toEqual(["ar", "rtl"]);
  expect(await body.locator("strong").textContent()).toBe("برلين");
  expect(await info.locator(".verified").getAttribute("data-verified")).toBe(cid);
}, 120_000);

it("the info sender sends a CID made elsewhere (a dag-pb CIDv1): it shows on /info after indexing", async () => {
  await sender.context.addCookies([{ name: "lng", value: "en", url: ctx.stack.appUrl }]);
  const page = await sender.open("/info");
  await page.locator("details.from-cid summary").click();
  const send = form(page, "sendInfo").and(page.locator(".send-info"));
  await send.waitFor();
  await send.getByLabel("Event name").fill("Congress 2031");
  await send.getByLabel("Info type").fill("3");
  await send.getByLabel("CID").fill(CID_V1);
  expect(await part(page, "hashCode").textContent()).toBe("18");
  await sender.screens("publishers-send-info");
  await send.getByRole("button", { name: "Send info" }).click();
  const row = page.locator("main table tr", { hasText: "Congress 2031" });
  await row.waitFor({ timeout: 60_000 });
  expect(await row.locator("td").nth(3).textContent()).toBe("3");
  await sender.screens("publishers-sent");
}, 120_000);
