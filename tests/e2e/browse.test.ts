/**
 * A real browser (Debian's chromium through playwright-core) over the demo stack: every page
 * renders and hydrates without errors, the map and the search navigate, the CSV exports download.
 * Screenshots of every page go to artifacts/screenshots/.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { ROOT } from "../../scripts/lib/paths.js";
import { chainFacts, type ChainFacts } from "../setup/chain-facts.js";
import { startStack, type Stack } from "../setup/stack.js";

const SCREENSHOTS = join(ROOT, "artifacts", "screenshots");

let stack: Stack;
let chain: ChainFacts;
let context: BrowserContext;
let profile: string;
/** Uncaught exceptions and console errors of the current test's pages. */
let problems: string[] = [];

beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), "party-e2e-"));
  await mkdir(SCREENSHOTS, { recursive: true });
  [stack, context] = await Promise.all([
    startStack(),
    chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    }),
  ]);
  context.setDefaultTimeout(15_000);
  chain = chainFacts(stack);
});

afterAll(async () => {
  await context?.close();
  await stack?.stop();
  await rm(profile, { recursive: true, force: true });
});

beforeEach(() => {
  problems = [];
});
afterEach(async () => {
  for (const page of context.pages()) await page.close();
  expect(problems).toEqual([]);
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${path}: ${error.message}`));
  // A 404 document is logged as a failed resource; that is the point of a 404 page, not a problem.
  page.on(
    "console",
    (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && problems.push(`${path}: ${m.text()}`)
  );
  await page.goto(`${stack.appUrl}${path}`);
  await hydrated(page);
  return page;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
const h1 = (page: Page) => page.locator("main h1").innerText();
const rows = (page: Page) => page.locator("main tbody tr").count();

/** Opens a page, checks the status bar and screenshots it into artifacts/screenshots/<name>.png. */
async function visit(name: string, path: string): Promise<Page> {
  const page = await open(path);
  expect(await page.locator(".indexer-status").innerText()).toMatch(/^Indexed block \d+ · \d+ s behind the chain head$/);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  return page;
}

it("renders every page with its content and the indexer status, and screenshots it", async () => {
  const chapters = await chain.chapters();
  const berlin = chapters[0]!;
  const pending = await chain.pendingApplications(1n);

  let page = await visit("chapters", "/");
  expect(await h1(page)).toBe("Chapters");
  expect(await rows(page)).toBe(chapters.length);
  // Each chapter once on the map: a link, or in a cluster (Berlin and London at this width).
  const clustered = await page.locator("svg.map .map-cluster").evaluateAll((gs) => gs.reduce((n, g) => n + Number(g.getAttribute("data-count")), 0));
  expect((await page.locator("svg.map a[data-chapter-id]").count()) + clustered).toBe(chapters.length);

  page = await visit("chapter", "/chapters/1");
  expect(await h1(page)).toBe(berlin.name);
  expect(await page.locator("main table:not(.applications):not(.activity) tbody tr").count()).toBe(berlin.memberCount);
  expect(await page.locator("table.applications tbody tr").count()).toBe(pending.length);

  page = await visit("applications", "/chapters/1/applications");
  expect(await h1(page)).toBe(`Review queue · ${berlin.name}`);
  expect(await rows(page)).toBe(pending.length);

  const executive = (await chain.executivesOf(1n))[0]!;
  page = await visit("member", `/members/${executive}`);
  expect(await h1(page)).toBe(executive);
  await page.getByText("Chapter executive of Chapter 1").waitFor();

  page = await visit("evaluations", "/evaluations");
  expect(await h1(page)).toBe("Evaluations");
  expect(await rows(page)).toBe(await chain.evaluationCount());

  const evaluation = await chain.evaluation(1n);
  page = await visit("evaluation", "/evaluations/1");
  expect(await h1(page)).toBe("Evaluation 1");
  expect(await page.locator(".tally-count").innerText()).toBe(String(evaluation.votes.size));
  expect(await page.locator(".histogram > div").count()).toBe(16);
  expect(await page.locator("a.cid").getAttribute("href")).toMatch(new RegExp(`/${evaluation.cid}$`));

  page = await visit("info", "/info");
  expect(await h1(page)).toBe("Info messages");
  expect(await rows(page)).toBe((await chain.infos()).length);

  page = await visit("party", "/party");
  expect(await h1(page)).toBe("The party");
  expect(await page.locator('[data-total="chapterCount"]').innerText()).toBe(String(chapters.length));

  page = await visit("not-found", "/chapters/999");
  expect(await h1(page)).toBe("404 · Not found");
  await page.getByText("Chapter 999 does not exist").waitFor();
});

it("clicking a chapter's circle on the map opens that chapter, and a member's row that member, without reloading the page", async () => {
  const chapters = await chain.chapters();
  // The chapter farthest from any other, so no neighbour's circle covers its centre.
  const distance = (a: (typeof chapters)[number], b: (typeof chapters)[number]) => Math.hypot(a.x - b.x, a.y - b.y);
  const target = chapters
    .map((c) => ({ c, nearest: Math.min(...chapters.filter((o) => o !== c).map((o) => distance(c, o))) }))
    .reduce((a, b) => (b.nearest > a.nearest ? b : a)).c;

  const page = await open("/");
  await page.evaluate(() => ((window as { marker?: number }).marker = 1));
  await page.locator(`svg.map a[data-chapter-id="${target.id}"] circle`).click();
  await page.waitForURL(`${stack.appUrl}/chapters/${target.id}`);
  await page.locator("main h1", { hasText: target.name }).waitFor();
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1);

  // A member's link in the chapter's table (a plain anchor, components/links.tsx RowLink) navigates in the page too.
  const member = page.locator("main table a.address").first();
  const href = await member.getAttribute("href");
  await member.click();
  await page.waitForURL(`${stack.appUrl}${href}`);
  await page.locator("main h1.address", { hasText: href!.split("/").at(-1)! }).waitFor();
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1);
});

it("the search filters the chapter list", async () => {
  const page = await open("/");
  await page.locator('input[name="q"]').fill("lin");
  await page.locator('input[name="q"]').press("Enter");
  await page.waitForURL(/\?q=lin$/);
  const expected = (await chain.chapters()).filter((c) => c.name.toLowerCase().includes("lin"));
  await page.locator("main p.muted", { hasText: `${expected.length} chapter` }).waitFor();
  expect(await page.locator("main tbody tr td:nth-child(2)").allInnerTexts()).toEqual(expected.map((c) => c.name));
  expect(await page.locator("svg.map circle.highlight").count()).toBe(expected.length);
});

it("downloads the chapter roster and the votes as CSV", async () => {
  const members = await chain.membersOf(1n);
  const page = await open("/chapters/1");
  const [roster] = await Promise.all([page.waitForEvent("download"), page.getByText("Roster (CSV)").click()]);
  expect(roster.suggestedFilename()).toBe("chapter-1-roster.csv");
  const [header, ...lines] = (await readFile((await roster.path())!, "utf8")).trimEnd().split("\r\n");
  expect(header).toBe("account,chapter_id,role,joined_block,joined_at,name");
  expect(lines.map((l) => l.split(",")[0])).toEqual(members);

  const evaluation = await chain.evaluation(1n);
  const evaluationPage = await open("/evaluations/1");
  const [votes] = await Promise.all([evaluationPage.waitForEvent("download"), evaluationPage.getByText("Votes (CSV)").click()]);
  expect(votes.suggestedFilename()).toBe("evaluation-1-votes.csv");
  const [, ...voteLines] = (await readFile((await votes.path())!, "utf8")).trimEnd().split("\r\n");
  expect(voteLines).toHaveLength(evaluation.votes.size);
});

it("the status bar follows the indexer while the page stays open (pages may come from the page cache)", async () => {
  const page = await open("/party");
  const bar = page.locator(".indexer-status");
  const blockShown = async () => Number(/^Indexed block (\d+) /.exec(await bar.innerText())?.[1] ?? NaN);
  const before = await blockShown();
  expect(before).toBeGreaterThan(0);

  await stack.testClient.mine({ blocks: 2 });
  const head = await stack.publicClient.getBlockNumber({ cacheTime: 0 });
  await stack.indexer.waitForBlock(head, 30_000);
  // No reload: the bar asks /api/indexer-status every 5 s.
  await expect.poll(blockShown, { timeout: 15_000, interval: 250 }).toBe(Number(head));
});
