/**
 * Evaluation and info documents on the production server's pages, over the seeded demo read model
 * whose documents the fetcher process (`npm run documents`) fetched from the stack's IPFS node:
 * the title wherever an evaluation or info message is named, the body rendered safely in its own
 * language and direction, what a page says until the document is here (and why, to its minter
 * only), and the page cache dropping exactly the pages that show a document when it arrives.
 */
import { encodeDocument, type EvaluationDocument } from "../../../app/documents/document.js";
import { renderMarkdown } from "../../../app/documents/markdown.js";
import { cidOfBytes } from "../../../app/documents/unixfs.js";
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS, digestOfCid } from "../../../scripts/lib/demo-data/document-cids.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "../../../scripts/lib/demo-data/documents.js";
import { ADMIN, ALICE } from "../../fixtures/accounts.js";
import { decode, get, getCanonical, h1, section, tableRows, text, type Page } from "../../setup/html.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
/** Sessions: the evaluation minter and info sender (ADMIN, who minted everything), and an account holding no role. */
let minter: string;
let stranger: string;

beforeAll(async () => {
  stack = await startStack({ documents: true });
  await until(
    () => stack.query<{ n: number }>(`select count(*)::int as n from app.document_fetches where status = 'stored'`),
    ([row]) => row!.n === DEMO_EVALUATION_CIDS.length + DEMO_INFO_CIDS.length,
    "the demo documents stored",
  );
  await stack.waitForPageCache();
  minter = await sessionFor(stack, ADMIN.address);
  stranger = await sessionFor(stack, ALICE.address);
}, 240_000);
afterAll(() => stack?.stop());

/** Polls `read` until `done` holds for its value (each poll is a query: this waits on state, not on time). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A page that must answer 200 (another spelling of its URL is followed once). */
async function page(path: string, token?: string): Promise<Page> {
  const result = token ? await getAs(stack.appUrl, path, token) : await getCanonical(stack.appUrl, path);
  expect(result.status, path).toBe(200);
  return result;
}
const metaTitle = (p: Page) => decode(/<title>([\s\S]*?)<\/title>/.exec(p.body)?.[1] ?? "");
const documentBody = (p: Page) => /<div class="document-body"([^>]*)>([\s\S]*?)<\/div>/.exec(p.main);
const missingNotice = (p: Page) => /<div class="document-missing[^"]*"[^>]*data-document="(\w+)"[^>]*>([\s\S]*?)<\/div>/.exec(p.main);
const why = (p: Page) => {
  const found = /<p[^>]*data-why[^>]*>([\s\S]*?)<\/p>/.exec(p.main);
  return found ? text(found[1]!) : null;
};

/** Each evaluation's label as the pages write it: its document's title, or "Evaluation <id>" until there is one. */
async function evaluationLabels(): Promise<Map<string, string>> {
  const rows = await stack.query<{ id: string; title: string | null }>(
    `select e.id::text as id, d.title from ${stack.viewsSchema}.evaluations e left join app.documents d on d.cid = e.cid and d.kind = 'evaluation'`,
  );
  return new Map(rows.map((r) => [r.id, r.title ?? `Evaluation ${r.id}`]));
}
const demoEvaluationId = async (index: number) =>
  (await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.evaluations where cid = $1`, [DEMO_EVALUATION_CIDS[index]]))[0]!.id;
const demoInfoId = async (index: number) =>
  (await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.info_messages where cid = $1`, [DEMO_INFO_CIDS[index]]))[0]!.id;

/** Mints an evaluation of chapter 3 naming `cid` (as ADMIN, the evaluation minter) and waits until the pages show it; its id. */
async function mintEvaluation(cid: string): Promise<string> {
  await stack.send(ADMIN, "mintEvaluation", [3n, 0x12, 32, digestOfCid(cid)]);
  await stack.waitForIndexer();
  return (await stack.query<{ id: string }>(`select max(id)::text as id from ${stack.viewsSchema}.evaluations`))[0]!.id;
}
async function sendInfo(cid: string): Promise<string> {
  await stack.send(ADMIN, "sendInfo", ["Pages test", 1, 0x12, 32, digestOfCid(cid)]);
  await stack.waitForIndexer();
  return (await stack.query<{ id: string }>(`select max(id)::text as id from ${stack.viewsSchema}.info_messages`))[0]!.id;
}
type FetchRow = { status: string; attempts: number; lastError: { key: string } | null };
const fetchRow = async (cid: string) =>
  (await stack.query<FetchRow>(`select status, attempts, last_error as "lastError" from app.document_fetches where cid = $1`, [cid]))[0];
/** Waits until the fetcher has recorded an outcome for `cid` (and the page cache has seen it). */
async function fetched(cid: string, done: (row: FetchRow) => boolean): Promise<FetchRow> {
  const row = (await until(() => fetchRow(cid), (r) => r !== undefined && done(r), `the fetch of ${cid}`)) as FetchRow;
  await stack.waitForPageCache();
  return row;
}

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
    expect(header).toBe("evaluation_id,voter,score,block,evaluation_title");
    expect(lines.length).toBeGreaterThan(0);
    // The title has no comma or quote: one field as it is.
    expect(DEMO_EVALUATION_DOCUMENTS[1]!.title).not.toMatch(/[",]/);
    for (const line of lines) expect(line.split(",")).toEqual([id, expect.stringMatching(/^0x/), expect.any(String), expect.any(String), DEMO_EVALUATION_DOCUMENTS[1]!.title]);
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
