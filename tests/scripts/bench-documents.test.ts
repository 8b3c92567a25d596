/** bench:documents' own parts: what a page shows of a title, and the IPFS process's document ranges. */
import { htmlEscaped, pageShows } from "../../scripts/bench/documents/page-text.js";
import { parseDocumentRanges } from "../../scripts/bench/documents/ipfs-process.js";

describe("pageShows", () => {
  it("finds a text as React escapes it into the page", () => {
    expect(htmlEscaped(`How good is the Lagos chapter's "paper" on <roads> & rails?`)).toBe("How good is the Lagos chapter&#x27;s &quot;paper&quot; on &lt;roads&gt; &amp; rails?");
    expect(pageShows("<h1>How good is the Lagos chapter&#x27;s paper? (No. 4)</h1>", "How good is the Lagos chapter's paper? (No. 4)")).toBe(true);
    expect(pageShows("<h1>ما مدى نجاح فرع مومباي؟ (رقم 7)</h1>", "ما مدى نجاح فرع مومباي؟ (رقم 7)")).toBe(true);
  });

  it("does not find a text the page does not show", () => {
    expect(pageShows("<h1>Evaluation 4</h1>", "How good is the Lagos chapter's paper? (No. 4)")).toBe(false);
    // The unescaped apostrophe is not how the page writes it.
    expect(pageShows("<h1>the Lagos chapter's paper</h1>", "the Lagos chapter's paper")).toBe(false);
  });
});

describe("parseDocumentRanges", () => {
  it("reads the ranges the bench hands the IPFS process", () => {
    const ranges = [{ kind: "evaluation", first: 9001, count: 1000 }, { kind: "info", first: 1, count: 0 }];
    expect(parseDocumentRanges(JSON.stringify(ranges))).toEqual(ranges);
    expect(parseDocumentRanges("[]")).toEqual([]);
  });

  it("refuses anything else", () => {
    for (const bad of ["", "{}", '[{"kind":"vote","first":1,"count":1}]', '[{"kind":"info","first":0,"count":1}]', '[{"kind":"info","first":1,"count":-1}]', '[{"kind":"info","first":1.5,"count":1}]']) {
      expect(() => parseDocumentRanges(bad)).toThrow(/BENCH_IPFS_DOCUMENTS/);
    }
  });
});
