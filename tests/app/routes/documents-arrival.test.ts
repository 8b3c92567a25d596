/**
 * Evaluation and info documents arriving on the production server's pages, over the seeded demo
 * read model (tests/app/routes/documents-stack.ts): what a page says until the document is here
 * (and why, to its minter only), a document of the wrong kind refused, and the page cache
 * dropping exactly the pages that show a document when it arrives.
 */
import { encodeDocument, type EvaluationDocument } from "../../../app/documents/document.js";
import { cidOfBytes } from "../../../app/documents/unixfs.js";
import { DEMO_INFO_CIDS } from "../../../scripts/lib/demo-data/document-cids.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "../../../scripts/lib/demo-data/documents.js";
import { h1, text } from "../../setup/html.js";
import { until } from "../../setup/until.js";
import {
  demoEvaluationId,
  demoInfoId,
  documentBody,
  fetched,
  minter,
  mintEvaluation,
  missingNotice,
  page,
  stack,
  stranger,
  useDocumentsStack,
  why,
} from "./documents-stack.js";

useDocumentsStack();

describe("until the document is here", () => {
  it("says it has not arrived; the minter sees why, a stranger does not", async () => {
    const cid = await cidOfBytes(encodeDocument({ ...DEMO_EVALUATION_DOCUMENTS[2]!, title: "Not on any node" }));
    const id = await mintEvaluation(cid);
    const fresh = await page(`/evaluations/${id}`);
    expect(h1(fresh)).toBe(`Evaluation ${id}`);
    expect(missingNotice(fresh)?.[1]).toBe("waiting");

    await fetched(cid, (row) => row.lastError !== null);
    for (const token of [undefined, stranger]) {
      const p = await page(`/evaluations/${id}`, token);
      expect(missingNotice(p)?.[1]).toBe("waiting");
      expect(text(missingNotice(p)![2]!)).toMatch(/^The text of this evaluation has not arrived yet/);
      expect(why(p)).toBeNull();
      expect(p.main).not.toContain("data-verified");
    }
    expect(why(await page(`/evaluations/${id}`, minter))).toMatch(/^Why \(shown to the minter\): the gateways do not have it \(yet\) \(\d+ attempts? so far\)\.$/);
  });

  it("says a refused document will not be shown; the minter sees why", async () => {
    const cid = await stack.ipfs.add(new TextEncoder().encode("not a document\n"));
    const id = await mintEvaluation(cid);
    await fetched(cid, (row) => row.status === "refused");
    for (const token of [undefined, stranger]) {
      const p = await page(`/evaluations/${id}`, token);
      expect(missingNotice(p)?.[1]).toBe("refused");
      expect(text(missingNotice(p)![2]!)).toBe("The content this evaluation points at cannot be shown: it is not a readable document.");
      expect(why(p)).toBeNull();
    }
    expect(why(await page(`/evaluations/${id}`, minter))).toBe("Why (shown to the minter): the content is not a JSON document. It is not fetched again.");
  });

  it("an evaluation minted with an info message's CID is refused as the wrong kind, not left waiting", async () => {
    // The demo info message's document is already stored (as an info message): its fetch says "stored".
    const id = await mintEvaluation(DEMO_INFO_CIDS[0]!);
    const p = await page(`/evaluations/${id}`);
    expect(h1(p)).toBe(`Evaluation ${id}`);
    expect(documentBody(p)).toBeNull();
    expect(missingNotice(p)?.[1]).toBe("refused");
    expect(why(await page(`/evaluations/${id}`, minter))).toBe(
      "Why (shown to the minter): the document is an info message, not an evaluation (or the other way round). It is not fetched again.",
    );
    // The info message still shows it.
    expect(h1(await page(`/info/${await demoInfoId(0)}`))).toBe(DEMO_INFO_DOCUMENTS[0]!.title);
  });
});

describe("the page cache", () => {
  /** An anonymous GET and whether the server's page cache answered it (X-Cache: hit, miss). */
  const cached = async (path: string) => {
    const response = await fetch(`${stack.appUrl}${path}`);
    return { state: response.headers.get("x-cache"), body: await response.text() };
  };
  /** Requested until the cache holds it: a miss renders it, the next answer is the kept page. */
  const fill = async (path: string) => {
    await cached(path);
    expect((await cached(path)).state, path).toBe("hit");
  };

  it("drops an evaluation's cached pages exactly when its document is stored, and keeps the pages that do not show it", async () => {
    const document: EvaluationDocument = { ...DEMO_EVALUATION_DOCUMENTS[3]!, title: "Arrives while the page is cached" };
    const bytes = encodeDocument(document);
    const cid = await cidOfBytes(bytes);
    const id = await mintEvaluation(cid);
    const other = `/evaluations/${await demoEvaluationId(4)}`;
    const paths = [`/evaluations/${id}`, "/evaluations", "/chapters/3", other, "/chapters/2", "/info"];
    for (const path of paths) await fill(path);
    expect((await cached(`/evaluations/${id}`)).body).toContain('data-document="waiting"');

    // A failed attempt changes nothing an anonymous visitor sees: the page stays cached.
    await fetched(cid, (row) => row.lastError?.key === "documents.refused.status");
    expect((await cached(`/evaluations/${id}`)).state).toBe("hit");

    expect(await stack.ipfs.add(bytes)).toBe(cid);
    // Skips the fetcher's backoff rather than waiting it out: due now, the next turn fetches it.
    await stack.query(`update app.document_fetches set next_attempt_at = now() where cid = $1`, [cid]);
    await fetched(cid, (row) => row.status === "stored");

    const arrived = await cached(`/evaluations/${id}`);
    expect(arrived.state).toBe("miss");
    expect(arrived.body).toContain(`<title>${document.title} · Party</title>`);
    expect(arrived.body).not.toContain('data-document="waiting"');
    // The pages that name the evaluation are rendered again with its title; the others are still the kept ones.
    for (const path of ["/evaluations", "/chapters/3"]) {
      const again = await cached(path);
      expect([path, again.state]).toEqual([path, "miss"]);
      expect(again.body).toContain(document.title);
    }
    for (const path of [other, "/chapters/2", "/info"]) expect([path, (await cached(path)).state]).toEqual([path, "hit"]);
  });

  it("drops a waiting evaluation's page when a document of the other kind is published at its CID, which then says so", async () => {
    const info = { kind: "info", language: "en", title: "Published after an evaluation named it", body: "An info message." } as const;
    const cid = await cidOfBytes(encodeDocument(info));
    const id = await mintEvaluation(cid);
    await fetched(cid, (row) => row.lastError !== null);
    await fill(`/evaluations/${id}`);
    expect((await cached(`/evaluations/${id}`)).body).toContain('data-document="waiting"');

    const response = await fetch(`${stack.appUrl}/api/documents`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `__Host-session=${minter}` },
      body: JSON.stringify(info),
    });
    expect(response.status).toBe(200);
    await stack.waitForPageCache();
    const after = await cached(`/evaluations/${id}`);
    expect(after.state).toBe("miss");
    expect(after.body).toContain('data-document="refused"');
  });
});
