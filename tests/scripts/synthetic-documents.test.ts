/**
 * The synthetic read model's documents (scripts/lib/synthetic-documents.ts): one per id, the same
 * on every machine, each as the minter's schema reads it back, with the sizes real ones have.
 */
import { encodeDocument, readDocument } from "../../app/documents/document.js";
import { cidOfBytes } from "../../app/documents/unixfs.js";
import { syntheticDocument, syntheticDocumentFiles } from "../../scripts/lib/synthetic-documents.js";

const chars = (text: string) => [...text].length;
const ids = Array.from({ length: 300 }, (_, i) => i + 1);

describe("syntheticDocument", () => {
  it("is the same document for the same id, and another for every other id and kind", () => {
    expect(syntheticDocument("evaluation", 17)).toEqual(syntheticDocument("evaluation", 17));
    const bytes = new Set([...ids.map((id) => syntheticDocument("evaluation", id)), ...ids.map((id) => syntheticDocument("info", id))].map((d) => Buffer.from(encodeDocument(d)).toString("hex")));
    expect(bytes.size).toBe(2 * ids.length);
  });

  it("reads back as the document it is, of its kind", () => {
    for (const kind of ["evaluation", "info"] as const) {
      for (const id of ids.slice(0, 60)) {
        const document = syntheticDocument(kind, id);
        expect(readDocument(encodeDocument(document))).toEqual({ ok: true, document });
      }
    }
  });

  it("has an evaluation's sizes: titles of ~55–100 characters, bodies of ~800–1,500 with lists and links, a scale", () => {
    for (const id of ids) {
      const document = syntheticDocument("evaluation", id);
      if (document.kind !== "evaluation") throw new Error("not an evaluation");
      expect(chars(document.title)).toBeGreaterThanOrEqual(50);
      expect(chars(document.title)).toBeLessThanOrEqual(100);
      expect(chars(document.body)).toBeGreaterThanOrEqual(800);
      expect(chars(document.body)).toBeLessThanOrEqual(1500);
      expect(document.body).toMatch(/^- /m);
      expect(document.body).toMatch(/\]\(https:\/\/example\.org\//);
      expect(document.scale.min && document.scale.zero && document.scale.max).toBeTruthy();
    }
  });

  it("mixes English, German and Arabic", () => {
    const languages = ids.map((id) => syntheticDocument("evaluation", id).language);
    for (const language of ["en", "de", "ar"]) expect(languages.filter((l) => l === language).length).toBeGreaterThan(ids.length / 10);
  });

  it("refuses an id that is not a positive integer", () => {
    expect(() => syntheticDocument("info", 0)).toThrow(/positive integer/);
    expect(() => syntheticDocument("info", 1.5)).toThrow(/positive integer/);
  });
});

describe("syntheticDocumentFiles", () => {
  it("gives each id its bytes, the CID ipfs add gives them, and the digest the CID carries", async () => {
    const files = await syntheticDocumentFiles("info", 3, 41);
    expect(files.map((f) => f.id)).toEqual([41, 42, 43]);
    for (const file of files) {
      expect(file.document).toEqual(syntheticDocument("info", file.id));
      expect(file.bytes).toEqual(encodeDocument(file.document));
      expect(file.cid).toBe(await cidOfBytes(file.bytes));
      expect(file.digest).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });
});
