/**
 * Evaluation and info documents on the production server's pages, over the seeded demo read model
 * (tests/app/routes/documents-stack.ts): the title wherever an evaluation or info message is
 * named, the body rendered safely in its own language and direction. What a page says until its
 * document is here, and the page cache when it arrives: documents-arrival.test.ts.
 */
import { encodeDocument, type EvaluationDocument } from "../../../app/documents/document.js";
import { renderMarkdown } from "../../../app/documents/markdown.js";
import { cidOfBytes } from "../../../app/documents/unixfs.js";
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS } from "../../../scripts/lib/demo-data/document-cids.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "../../../scripts/lib/demo-data/documents.js";
import { get, h1, section, tableRows, text } from "../../setup/html.js";
import { sessionFor } from "../../setup/session.js";
import {
  demoEvaluationId,
  demoInfoId,
  documentBody,
  evaluationLabels,
  fetched,
  metaTitle,
  minter,
  mintEvaluation,
  missingNotice,
  page,
  sendInfo,
  stack,
  stranger,
  useDocumentsStack,
  why,
} from "./documents-stack.js";

useDocumentsStack();

describe("an evaluation with its document", () => {
  it("shows the title as the heading and page title, the body rendered, verified against the chain, and the scale", async () => {
    const document = DEMO_EVALUATION_DOCUMENTS[0]!;
    const id = await demoEvaluationId(0);
    for (const token of [undefined, stranger]) {
      const p = await page(`/evaluations/${id}`, token);
      expect(h1(p)).toBe(document.title);
      expect(metaTitle(p)).toBe(`${document.title} · Party`);
      const [, attributes, html] = documentBody(p)!;
      expect(attributes).toContain(`lang="${document.language}"`);
      expect(attributes).toContain('dir="ltr"');
      expect(html).toMatch(/<ul>\s*<li>46 Einsätze an 19 Wochenenden/);
      expect(html).toMatch(/<ol>\s*<li>War die Route sinnvoll/);
      expect(html).toContain('<a href="https://example.org/berlin/haustuer-bericht" rel="nofollow noopener ugc">');
      // Headings start below the page's own h1.
      expect(html).toContain("<h4>Zahlen und Fakten</h4>");
      expect(p.main).toContain(`data-verified="${DEMO_EVALUATION_CIDS[0]}"`);
      expect(text(/<p class="verified"[^>]*>([\s\S]*?)<\/p>/.exec(p.main)![1]!)).toMatch(new RegExp(`^✓ Verified against the chain ${DEMO_EVALUATION_CIDS[0]}The text's hash matches`));
      const scale = /<section class="scale[^"]*"[^>]*>([\s\S]*?)<\/section>/.exec(p.main)![1]!;
      expect([...scale.matchAll(/<dt>([\s\S]*?)<\/dt><dd([^>]*)>([\s\S]*?)<\/dd>/g)].map((m) => [text(m[1]!), m[2], text(m[3]!)])).toEqual([
        ["-128 (lowest)", ' lang="de" dir="ltr"', document.scale.min],
        ["0 (middle)", ' lang="de" dir="ltr"', document.scale.zero],
        ["127 (highest)", ' lang="de" dir="ltr"', document.scale.max],
      ]);
      expect(missingNotice(p)).toBeNull();
    }
  });

  it("escapes raw HTML in code, shows an image as a link and loads none, and writes Arabic right to left", async () => {
    // Published as the minter's form does (POST /api/documents), then minted with the CID it answered.
    const document: EvaluationDocument = {
      kind: "evaluation",
      language: "ar",
      title: "ما مدى جودة الاختبار؟",
      body: "نص مع `<script>alert(1)</script>` في الشيفرة و a < b & c.\n\n![صورة](https://example.org/p.png)\n\n- أول\n- ثانٍ\n\n[رابط](https://example.org/ar)",
      scale: { min: "سيئ", zero: "متوسط", max: "ممتاز" },
    };
    const response = await fetch(`${stack.appUrl}/api/documents`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `__Host-session=${minter}` },
      body: JSON.stringify(document),
    });
    const { cid } = (await response.json()) as { cid: string };
    expect([response.status, cid]).toEqual([200, await cidOfBytes(encodeDocument(document))]);
    const id = await mintEvaluation(cid);

    const p = await page(`/evaluations/${id}`);
    expect(h1(p)).toBe(document.title);
    expect(/<h1([^>]*)>/.exec(p.main)![1]).toContain('lang="ar"');
    const [, attributes, html] = documentBody(p)!;
    expect(attributes).toContain('lang="ar"');
    expect(attributes).toContain('dir="rtl"');
    expect(html).toContain("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>");
    expect(html).toContain("a &lt; b &amp; c.");
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('!<a href="https://example.org/p.png" rel="nofollow noopener ugc">صورة</a>');
    expect(html).toMatch(/<ul>\s*<li>أول<\/li>\s*<li>ثانٍ<\/li>\s*<\/ul>/);
    expect(html).toContain('<a href="https://example.org/ar" rel="nofollow noopener ugc">رابط</a>');
    expect(p.main).not.toMatch(/<img/i);
    expect(p.main).toMatch(/<dd lang="ar" dir="rtl">ممتاز<\/dd>/);
  });
});

describe("titles wherever an evaluation is named", () => {
  it("/evaluations", async () => {
    const labels = await evaluationLabels();
    const rows = tableRows((await page("/evaluations")).main);
    expect(rows.length).toBe(labels.size);
    for (const [id, title] of rows) expect(title, `evaluation ${id}`).toBe(labels.get(id!));
    for (const document of DEMO_EVALUATION_DOCUMENTS) expect(rows.map((r) => r[1])).toContain(document.title);
  });

  it("the chapter page", async () => {
    const labels = await evaluationLabels();
    const evaluations = section(await page("/chapters/1"), "Evaluations");
    const shown = [...evaluations.matchAll(/<a href="\/evaluations\/(\d+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [m[1], text(m[2]!)]);
    const ids = await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.evaluations where chapter_id = 1 order by id desc`);
    expect(shown).toEqual(ids.map(({ id }) => [id, labels.get(id)]));
    expect(shown.map(([, title]) => title)).toContain(DEMO_EVALUATION_DOCUMENTS[0]!.title);
  });

  it("a member's votes and activity", async () => {
    const labels = await evaluationLabels();
    const [voter] = await stack.query<{ voter: string }>(
      `select voter from ${stack.viewsSchema}.votes group by voter order by count(*) desc, voter limit 1`,
    );
    const votes = await stack.query<{ id: string; score: number }>(
      `select evaluation_id::text as id, score from ${stack.viewsSchema}.votes where voter = $1`,
      [voter!.voter],
    );
    const p = await page(`/members/${voter!.voter}`);
    const items = [...section(p, "Votes").matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
    expect(items.sort()).toEqual(votes.map((v) => `${labels.get(v.id)}: ${v.score}`).sort());
    const voteCasts = tableRows(section(p, "Activity"))
      .map((row) => row.find((cell) => cell.startsWith("VoteCast: ")))
      .filter((cell) => cell !== undefined);
    expect(voteCasts.length).toBeGreaterThan(0);
    for (const cell of voteCasts) expect([...labels.values()].map((l) => `VoteCast: ${l}`)).toContain(cell);
    expect(voteCasts.some((cell) => DEMO_EVALUATION_DOCUMENTS.some((d) => cell === `VoteCast: ${d.title}`))).toBe(true);
  });

  it("/me's evaluations awaiting my vote", async () => {
    const labels = await evaluationLabels();
    const [member] = await stack.query<{ account: string; chapterId: string }>(
      `select m.account, m.chapter_id::text as "chapterId" from ${stack.viewsSchema}.members m
       where m.status = 'member' and exists (select 1 from ${stack.viewsSchema}.evaluations e where e.chapter_id = m.chapter_id
         and not exists (select 1 from ${stack.viewsSchema}.votes v where v.evaluation_id = e.id and v.voter = m.account))
       order by m.account limit 1`,
    );
    const awaiting = await stack.query<{ id: string }>(
      `select e.id::text as id from ${stack.viewsSchema}.evaluations e where e.chapter_id = $1
         and not exists (select 1 from ${stack.viewsSchema}.votes v where v.evaluation_id = e.id and v.voter = $2) order by e.id desc`,
      [member!.chapterId, member!.account],
    );
    const p = await page("/me", await sessionFor(stack, member!.account));
    const shown = [...p.main.matchAll(/<div class="awaiting-vote" data-evaluation="(\d+)"><a [^>]*href="\/evaluations\/\d+"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [m[1], text(m[2]!)]);
    expect(shown).toEqual(awaiting.slice(0, 20).map(({ id }) => [id, labels.get(id)]));
    expect(shown.some(([id, title]) => title !== `Evaluation ${id}`)).toBe(true);
  });

  it("the votes CSV, in an evaluation_title column", async () => {
    const id = await demoEvaluationId(1);
    const response = await fetch(`${stack.appUrl}/evaluations/${id}/votes.csv`);
    expect(response.status).toBe(200);
    const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
    expect(header).toBe("evaluation_id,voter,score,block,evaluation_title,voter_name");
    expect(lines.length).toBeGreaterThan(0);
    // The title has no comma or quote: one field as it is.
    expect(DEMO_EVALUATION_DOCUMENTS[1]!.title).not.toMatch(/[",]/);
    // The voter's name last, empty: the demo's voters have none.
    for (const line of lines) expect(line.split(",")).toEqual([id, expect.stringMatching(/^0x/), expect.any(String), expect.any(String), DEMO_EVALUATION_DOCUMENTS[1]!.title, ""]);
  });
});

describe("info messages", () => {
  it("/info lists their titles, each linking to its page", async () => {
    const p = await page("/info");
    const links = [...p.main.matchAll(/<a href="\/info\/(\d+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [m[1], text(m[2]!)]);
    const expected = await Promise.all(DEMO_INFO_DOCUMENTS.map(async (d, i) => [await demoInfoId(i), d.title]));
    for (const entry of expected) expect(links).toContainEqual(entry);
  });

  it("/info/:id shows the body; an Arabic one right to left", async () => {
    for (const index of [0, DEMO_INFO_DOCUMENTS.findIndex((d) => d.language === "ar")]) {
      const document = DEMO_INFO_DOCUMENTS[index]!;
      const p = await page(`/info/${await demoInfoId(index)}`);
      expect(h1(p)).toBe(document.title);
      expect(metaTitle(p)).toBe(`${document.title} · Party`);
      const [, attributes, html] = documentBody(p)!;
      expect(attributes).toContain(`lang="${document.language}"`);
      expect(attributes).toContain(`dir="${document.language === "ar" ? "rtl" : "ltr"}"`);
      expect(html).toBe(renderMarkdown(document.body));
      expect(p.main).toContain(`data-verified="${DEMO_INFO_CIDS[index]}"`);
    }
  });

  it("404 for an info message that does not exist, 400 for an id that is not a number", async () => {
    expect((await get(stack.appUrl, "/info/999999")).status).toBe(404);
    expect((await get(stack.appUrl, "/info/abc")).status).toBe(400);
  });

  it("an info message whose document has not arrived says so; the reason only to the info sender", async () => {
    const cid = await cidOfBytes(new TextEncoder().encode("an info message nobody has\n"));
    const id = await sendInfo(cid);
    await fetched(cid, (row) => row.lastError !== null);
    const anonymous = await page(`/info/${id}`);
    expect(h1(anonymous)).toBe(`Info message ${id}`);
    expect(missingNotice(anonymous)?.[1]).toBe("waiting");
    expect(text(missingNotice(anonymous)![2]!)).toBe("The text of this message has not arrived yet.");
    expect(why(anonymous)).toBeNull();
    expect(why(await page(`/info/${id}`, stranger))).toBeNull();
    expect(why(await page(`/info/${id}`, minter))).toMatch(/^Why \(shown to the minter\): the gateways do not have it \(yet\) \(\d+ attempts? so far\)\.$/);
  });
});
