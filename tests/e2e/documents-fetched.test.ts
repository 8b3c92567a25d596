/**
 * Another client's evaluation document end to end in Chromium, on the whole local stack with a
 * local IPFS node and the document fetcher: an evaluation minted straight through the contract
 * with a CID the app never saw shows its text once the fetcher has fetched, verified and stored
 * it; an Arabic one right to left. Writing and publishing: documents-publish.test.ts.
 * Screenshots: artifacts/screenshots/documents-other-client.png.
 */
import { parseCid } from "../../app/ground/cid.js";
import { encodeDocument, type EvaluationDocument } from "../../app/documents/document.js";
import type { IpfsNode } from "../../scripts/lib/ipfs-node.js";
import { ADMIN } from "../fixtures/accounts.js";
import { evaluationCount, member, minterAddress, setLanguage, useDocumentsStack } from "./documents-stack.js";
import { expectAccessible } from "./page-checks.js";
import { hydrated } from "./write-stack.js";

const ctx = useDocumentsStack();
let ipfs: IpfsNode;
beforeAll(() => {
  ipfs = ctx.stack.ipfs;
});

it("an evaluation minted straight through the contract with another client's CID shows its text once the fetcher has it; an Arabic one right to left", async () => {
  const document: EvaluationDocument = {
    kind: "evaluation",
    language: "ar",
    title: "ما مدى نجاح الفرع في تنظيم المؤتمر؟",
    body: "نظّم الفرع المؤتمر في **ثلاثة** أيام:\n\n1. التحضير\n2. المشاركة\n\nاقرأ [التقرير](https://example.org/taqrir).",
    scale: { min: "فشل تام", zero: "كالمعتاد", max: "نجاح باهر" },
  };
  // Another client's CID: its bytes added to the node by the test, not through the app.
  const cid = await ipfs.add(encodeDocument(document));
  const { hashCode, hashSize, hashDigest } = parseCid(cid)!;
  await ctx.stack.grant(ADMIN.address, "evaluation-minter");
  try {
    await ctx.stack.send(ADMIN, "mintEvaluation", [1n, hashCode, hashSize, hashDigest]);
  } finally {
    await ctx.stack.grant(minterAddress, "evaluation-minter");
  }
  const id = await evaluationCount();
  await ctx.stack.waitForIndexer();

  await setLanguage(member, "en");
  const page = await member.open(`/evaluations/${id}`);
  const body = page.locator("article.document .document-body");
  // Shown as soon as the fetcher has fetched, verified and stored it (the page is cached until then).
  await expect
    .poll(
      async () => {
        await page.reload();
        return body.count();
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(1);
  await hydrated(page);
  expect([await body.getAttribute("lang"), await body.getAttribute("dir")]).toEqual(["ar", "rtl"]);
  expect(await body.locator("ol li").allTextContents()).toEqual(["التحضير", "المشاركة"]);
  const heading = page.locator("main h1");
  expect([await heading.textContent(), await heading.getAttribute("lang"), await heading.getAttribute("dir")]).toEqual([document.title, "ar", "auto"]);
  expect(await page.locator(".verified").getAttribute("data-verified")).toBe(cid);
  const meaning = page.locator("section.scale .scale-row dd");
  expect(await meaning.allTextContents()).toEqual(["فشل تام", "كالمعتاد", "نجاح باهر"]);
  expect(await meaning.first().getAttribute("dir")).toBe("rtl");
  // Right to left in fact, not only in markup: the list's markers stand on the right.
  const [list, item] = [(await body.locator("ol").boundingBox())!, (await body.locator("ol li").first().boundingBox())!];
  expect(item.x + item.width).toBeLessThan(list.x + list.width);
  await expectAccessible(page, "documents-other-client");
  await member.screens("documents-other-client");
}, 120_000);
