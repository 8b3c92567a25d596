/**
 * The document fetcher (server/documents/fetcher.ts) over a real read model: the demo data and
 * evaluations minted here on the local chain, indexed by the real indexer, in a real PostgreSQL,
 * with the local IPFS node (scripts/lib/ipfs-node.ts) and small fake gateways in front of it
 * (./fetcher-stack.ts).
 *
 * First the fetcher as it runs in production, `npm run documents` as a process (the stack's); then,
 * with that process stopped, fetchers in this process, each with the gateways a case needs: one
 * that answers other bytes, one that hangs, one that counts; what each refuses, and why. Two
 * fetchers sharing the work, and the pace of a backlog: fetcher-sharing.test.ts.
 */
import { encodeDocument, MAX_DOCUMENT_BYTES } from "../../../app/documents/document.js";
import { cidOfBytes } from "../../../app/documents/unixfs.js";
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS } from "../../../scripts/lib/demo-data/document-cids.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "../../../scripts/lib/demo-data/documents.js";
import { until } from "../../setup/until.js";
import {
  afterAttempt,
  bytesOf,
  evaluationDocument,
  fetchRow,
  infoDocument,
  mint,
  proxyGateway,
  settled,
  stack,
  storedDocument,
  useFetcherStack,
  useFetchersInProcess,
} from "./fetcher-stack.js";

useFetcherStack();

describe("npm run documents (the stack's process)", () => {
  it("fetches, verifies and stores the documents of the 20 demo evaluations and 30 demo info messages", async () => {
    const views = stack.viewsSchema;
    const count = () =>
      stack.query<{ evaluations: number; infos: number; waiting: number }>(
        `select (select count(*)::int from ${views}.evaluations e join app.documents d on d.cid = e.cid and d.kind = 'evaluation') as evaluations,
           (select count(*)::int from ${views}.info_messages i join app.documents d on d.cid = i.cid and d.kind = 'info') as infos,
           (select count(*)::int from app.document_fetches where status <> 'stored') as waiting`,
      );
    const [counts] = await until(count, ([c]) => c!.evaluations === 20 && c!.infos === 30, "the demo documents");
    expect(counts).toEqual({ evaluations: 20, infos: 30, waiting: 0 });

    const evaluations = await stack.query<{ id: string; cid: string; title: string; language: string; body: string; size: number }>(
      `select e.id::text as id, e.cid, d.title, d.language, d.body, d.size from ${views}.evaluations e join app.documents d on d.cid = e.cid order by e.id`,
    );
    expect(evaluations.map((e) => e.cid)).toEqual(DEMO_EVALUATION_CIDS);
    expect(evaluations.map((e) => [e.title, e.language, e.body])).toEqual(DEMO_EVALUATION_DOCUMENTS.map((d) => [d.title, d.language, d.body]));
    expect(evaluations.map((e) => e.size)).toEqual(DEMO_EVALUATION_DOCUMENTS.map((d) => encodeDocument(d).length));
    const infos = await stack.query<{ cid: string; title: string }>(
      `select i.cid, d.title from ${views}.info_messages i join app.documents d on d.cid = i.cid order by i.id`,
    );
    expect(infos).toEqual(DEMO_INFO_DOCUMENTS.map((d, i) => ({ cid: DEMO_INFO_CIDS[i], title: d.title })));
    // Fetched, not written by a publish: each fetch took one attempt.
    const fetches = await stack.query<{ status: string; attempts: number; n: number }>(
      `select status, attempts, count(*)::int as n from app.document_fetches group by status, attempts`,
    );
    expect(fetches).toEqual([{ status: "stored", attempts: 1, n: 50 }]);
  });

  it("stores the document of an evaluation minted now, once the IPFS node has it", async () => {
    const document = evaluationDocument();
    const cid = await stack.ipfs.add(encodeDocument(document));
    expect(cid).toBe(await cidOfBytes(encodeDocument(document)));
    await mint("evaluation", cid);
    expect(await settled(cid)).toMatchObject({ status: "stored", kind: "evaluation", lastError: null });
    expect(await storedDocument(cid)).toEqual({
      kind: "evaluation",
      language: "en",
      title: document.title,
      body: document.body,
      scale: document.scale,
      size: encodeDocument(document).length,
    });
  });
});

describe("fetchers in this process", () => {
  const { running, fetcher, gateway, lyingGateway, dueNow } = useFetchersInProcess();

  it("never stores what a lying gateway listed first answers: the next gateway's verified bytes are stored", async () => {
    const decoy = evaluationDocument("A decoy: not the text on chain");
    const document = evaluationDocument();
    const cid = await stack.ipfs.add(encodeDocument(document));
    const liar = await lyingGateway(encodeDocument(decoy));
    await mint("evaluation", cid);
    fetcher([liar.url, stack.ipfs.gatewayUrl]);
    expect(await settled(cid)).toMatchObject({ status: "stored", attempts: 1, lastError: null });
    expect(liar.requested).toContain(cid);
    expect(await storedDocument(cid)).toMatchObject({ title: document.title, body: document.body });
    expect(await stack.query(`select 1 from app.documents where title = $1`, [decoy.title])).toEqual([]);
  });

  it("with only a lying gateway, waits (documents.refused.mismatch) and tries again after a backoff that doubles", async () => {
    const document = evaluationDocument();
    const cid = await stack.ipfs.add(encodeDocument(document));
    const liar = await lyingGateway(encodeDocument(evaluationDocument("Another decoy")));
    await mint("evaluation", cid);
    fetcher([liar.url]);
    for (const [attempts, backoff] of [
      [1, 1],
      [2, 2],
      [3, 4],
    ] as const) {
      const row = await afterAttempt(cid, attempts);
      expect(row).toEqual({ status: "waiting", kind: "evaluation", attempts, lastError: { key: "documents.refused.mismatch" }, backoff });
      expect(liar.requested.filter((c) => c === cid)).toHaveLength(attempts);
      await dueNow(cid);
    }
    expect(await storedDocument(cid)).toBeUndefined();
  });

  it("a gateway that never answers: documents.refused.timeout, and tried again", async () => {
    const cid = await stack.ipfs.add(encodeDocument(evaluationDocument()));
    // Holds every request open: it neither answers nor closes.
    const hanging = await gateway(() => undefined);
    await mint("evaluation", cid);
    fetcher([hanging.url], { timeoutMs: 300 });
    expect(await afterAttempt(cid, 1)).toMatchObject({ status: "waiting", attempts: 1, lastError: { key: "documents.refused.timeout" }, backoff: 1 });
    await dueNow(cid);
    expect(await afterAttempt(cid, 2)).toMatchObject({ status: "waiting", attempts: 2, lastError: { key: "documents.refused.timeout" }, backoff: 2 });
    expect(hanging.requested).toEqual([cid, cid]);
    expect(await storedDocument(cid)).toBeUndefined();
  });

  it(`refuses a file over ${MAX_DOCUMENT_BYTES} bytes for good, having read only its root block`, async () => {
    const cid = await stack.ipfs.add(new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x61));
    const counting = await proxyGateway();
    await mint("evaluation", cid);
    fetcher([counting.url]);
    expect(await settled(cid)).toEqual({
      status: "refused",
      kind: "evaluation",
      attempts: 1,
      lastError: { key: "documents.refused.tooLarge", values: { size: String(MAX_DOCUMENT_BYTES + 1), max: String(MAX_DOCUMENT_BYTES) } },
      backoff: 1,
    });
    expect(counting.requested).toEqual([cid]);
    // Refused for good: a due refusal is not claimed again.
    await dueNow(cid);
    await running[0]!.turn();
    await running[0]!.turn();
    expect((await fetchRow(cid))!.attempts).toBe(1);
    expect(await storedDocument(cid)).toBeUndefined();
  });

  const scale = { min: "a", zero: "b", max: "c" };
  it.each([
    ["bytes that are not JSON", "not JSON at all\n", { key: "documents.refused.notJson" }],
    ["bytes that are not UTF-8", "\u00ff", { key: "documents.refused.notJson" }],
    ["JSON that is not a party document", `${JSON.stringify({ title: "No format line", body: "x" })}\n`, { key: "documents.refused.notADocument" }],
    [
      'a document of format "party-document/2"',
      `${JSON.stringify({ format: "party-document/2", kind: "evaluation", language: "en", title: "From the future", body: "x", scale })}\n`,
      { key: "documents.refused.unknownVersion", values: { version: "2" } },
    ],
    [
      "a document with an empty title",
      `${JSON.stringify({ format: "party-document/1", kind: "evaluation", language: "en", title: "  ", body: "x", scale })}\n`,
      { key: "documents.refused.invalid", values: { field: "title", problem: "calls.required" } },
    ],
    [
      "an evaluation without its scale",
      `${JSON.stringify({ format: "party-document/1", kind: "evaluation", language: "en", title: "No scale", body: "x" })}\n`,
      // The problem as a key of its own (zod's "Required" is calls.required), said in each page's language.
      { key: "documents.refused.invalid", values: { field: "scale", problem: "calls.required" } },
    ],
    [
      "a body with raw HTML",
      `${JSON.stringify({ format: "party-document/1", kind: "evaluation", language: "en", title: "HTML", body: "<img src=x onerror=alert(1)>", scale })}\n`,
      { key: "documents.refused.invalid", values: { field: "body", problem: "calls.bodyHtml", html: expect.stringContaining("<img") } },
    ],
  ])("refuses %s for good, with its reason", async (_what, content, lastError) => {
    const bytes = content === "\u00ff" ? Uint8Array.of(0xff, 0xfe, 0x7b) : bytesOf(content);
    const cid = await stack.ipfs.add(bytes);
    await mint("evaluation", cid);
    fetcher([stack.ipfs.gatewayUrl]);
    expect(await settled(cid)).toEqual({ status: "refused", kind: "evaluation", attempts: 1, lastError, backoff: 1 });
    expect(await storedDocument(cid)).toBeUndefined();
  });

  it("refuses an info message's document at an evaluation's CID (wrongKind)", async () => {
    const info = infoDocument();
    const cid = await stack.ipfs.add(encodeDocument(info));
    const evaluationId = await mint("evaluation", cid);
    fetcher([stack.ipfs.gatewayUrl]);
    expect(await settled(cid)).toMatchObject({ status: "refused", kind: "evaluation", attempts: 1, lastError: { key: "documents.refused.wrongKind" } });
    // The evaluation never shows it as its own.
    const [evaluation] = await stack.query<{ title: string | null }>(
      `select d.title from ${stack.viewsSchema}.evaluations e left join app.documents d on d.cid = e.cid and d.kind = 'evaluation' where e.id = $1`,
      [evaluationId],
    );
    expect(evaluation).toEqual({ title: null });
  });

  it("an info message sent later with that CID shows the document the evaluation refused", async () => {
    // The fetch of a CID has one kind (whichever named it first); the document is still an info message's.
    const info = infoDocument();
    const cid = await stack.ipfs.add(encodeDocument(info));
    await mint("evaluation", cid);
    fetcher([stack.ipfs.gatewayUrl]);
    expect(await settled(cid)).toMatchObject({ status: "refused", lastError: { key: "documents.refused.wrongKind" } });
    const infoId = await mint("info", cid);
    const [shown] = await stack.query<{ title: string | null }>(
      `select d.title from ${stack.viewsSchema}.info_messages i left join app.documents d on d.cid = i.cid and d.kind = 'info' where i.id = $1`,
      [infoId],
    );
    expect(shown).toEqual({ title: info.title });
  });

  it("a CID no gateway has waits (documents.refused.status) and is stored once the node has it", async () => {
    const document = evaluationDocument();
    const bytes = encodeDocument(document);
    const cid = await cidOfBytes(bytes);
    expect(await stack.ipfs.has(cid)).toBe(false);
    await mint("evaluation", cid);
    fetcher([stack.ipfs.gatewayUrl]);
    expect(await afterAttempt(cid, 1)).toMatchObject({ status: "waiting", attempts: 1, lastError: { key: "documents.refused.status" }, backoff: 1 });
    expect(await storedDocument(cid)).toBeUndefined();

    expect(await stack.ipfs.add(bytes)).toBe(cid);
    await dueNow(cid);
    expect(await settled(cid)).toMatchObject({ status: "stored", attempts: 2, lastError: null });
    expect(await storedDocument(cid)).toMatchObject({ title: document.title });
  });
});
