/**
 * Every failure path of the pages (400, 404, 503), the ?limit cap, and the status bar on error
 * pages, on the production server over the seeded demo read model. Setup and helpers:
 * pages-stack.ts.
 */
import { randomBytes } from "node:crypto";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { READ_MODEL_TABLES } from "../../setup/read-model.js";
import { errorOf, get, getCanonical, leaksInternals, memberLinks, section, text } from "../../setup/html.js";
import { startTcpProxy, viaProxy } from "../../setup/tcp-proxy.js";
import { chain, expectIndexerStatus, page, rowsOf, stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

describe("limits and the status bar", () => {
  it("?limit=100000 is capped, not refused", async () => {
    const chapters = await chain.chapters();
    expect(rowsOf(await page("/?limit=100000"))).toHaveLength(chapters.length);
    expect(memberLinks(section(await page("/chapters/1?limit=100000"), "Members"))).toHaveLength(chapters[0]!.memberCount);
    expect(rowsOf(await page("/evaluations?limit=100000"))).toHaveLength(await chain.evaluationCount());
    expect(rowsOf(await page("/info?limit=100000"))).toHaveLength((await chain.infos()).length);
    expect(rowsOf(await page("/evaluations/1?limit=100000"), "Voters")).toHaveLength((await chain.evaluation(1n)).votes.size);
  });

  it("every page, error pages included, shows the indexed block and the seconds behind", async () => {
    for (const path of ["/chapters/abc", "/chapters/999", "/members/0x123", "/evaluations/999", "/info?infoType=999"]) {
      const result = await get(stack.appUrl, path);
      expect(result.status).toBeGreaterThanOrEqual(400);
      await expectIndexerStatus(result);
    }
  });
});

describe("failure paths", () => {
  const UINT128_MAX = (1n << 128n) - 1n;
  const UINT256_MAX = (1n << 256n) - 1n;
  const dead = "0x000000000000000000000000000000000000dEaD";
  const addressError = (got: string, what = "Address") => `${what} must be 0x followed by 40 hex digits, got "${got}"`;
  const limitError = "limit must be a whole number from 1 to 200";

  const cases: [path: string, status: number, message: string][] = [
    ["/members/0x123", 400, addressError("0x123")],
    ["/members/zzz", 400, addressError("zzz")],
    [`/members/0x${"g".repeat(40)}`, 400, addressError(`0x${"g".repeat(40)}`)],
    ["/chapters/abc", 400, 'Chapter id must be a whole number, got "abc"'],
    ["/chapters/-1", 400, 'Chapter id must be a whole number, got "-1"'],
    ["/chapters/1.5", 400, 'Chapter id must be a whole number, got "1.5"'],
    ["/chapters/0x1", 400, 'Chapter id must be a whole number, got "0x1"'],
    [`/chapters/${UINT128_MAX + 1n}`, 400, "Chapter id is out of range"],
    [`/chapters/${"9".repeat(79)}`, 400, `Chapter id must be a whole number, got "${"9".repeat(79)}"`],
    [`/chapters/${UINT128_MAX + 1n}/applications`, 400, "Chapter id is out of range"],
    ["/evaluations/x", 400, 'Evaluation id must be a whole number, got "x"'],
    [`/evaluations/${UINT256_MAX + 1n}`, 400, "Evaluation id is out of range"],
    ["/chapters/1?limit=0", 400, limitError],
    ["/chapters/1?limit=abc", 400, limitError],
    ["/chapters/1?limit=-5", 400, limitError],
    ["/chapters/1?limit=1000000", 400, limitError],
    ["/?limit=0", 400, limitError],
    ["/evaluations?limit=x", 400, limitError],
    ["/evaluations?chapter=x", 400, 'Chapter id must be a whole number, got "x"'],
    ["/evaluations/1?limit=0", 400, limitError],
    ["/info?limit=2.5", 400, limitError],
    ["/chapters/1/applications?limit=0", 400, limitError],
    ["/chapters/1?after=nothing", 400, addressError("nothing", "after")],
    ["/evaluations/1?after=nothing", 400, addressError("nothing", "after")],
    ["/chapters/1/applications?after=nothing", 400, 'after must look like "<block>:<application id>", got "nothing"'],
    ["/?after=nothing", 400, 'Chapter id must be a whole number, got "nothing"'],
    ["/evaluations?before=nothing", 400, 'Evaluation id must be a whole number, got "nothing"'],
    ["/info?before=nothing", 400, "before must be a message id"],
    ["/info?infoType=999", 400, "infoType must be a whole number from 0 to 255"],
    ["/info?infoType=-1", 400, "infoType must be a whole number from 0 to 255"],
    ["/info?infoType=two", 400, "infoType must be a whole number from 0 to 255"],
    [`/info?eventName=${"e".repeat(65)}`, 400, "eventName is at most 64 characters"],
    ["/info?eventName=a%00b", 400, "eventName must not contain control characters"],
    ["/chapters/999", 404, "Chapter 999 does not exist"],
    [`/chapters/${UINT128_MAX}`, 404, `Chapter ${UINT128_MAX} does not exist`],
    ["/chapters/0", 404, "Chapter 0 does not exist"],
    ["/chapters/999/applications", 404, "Chapter 999 does not exist"],
    ["/evaluations/999", 404, "Evaluation 999 does not exist"],
    [`/evaluations/${UINT256_MAX}`, 404, `Evaluation ${UINT256_MAX} does not exist`],
    [`/members/${dead}`, 404, `No member or applicant with address ${dead} is known`],
    [`/members/${dead.toLowerCase()}`, 404, `No member or applicant with address ${dead} is known`],
  ];

  it.each(cases)("%s answers %i with the message", async (path, status, message) => {
    const result = await getCanonical(stack.appUrl, path);
    expect(result.status).toBe(status);
    expect(errorOf(result)).toEqual({
      status,
      title: `${status} · ${status === 400 ? "That request is not right" : "Not found"}`,
      message,
    });
    expect(result.headers.get("content-type")).toMatch(/^text\/html/);
    expect(leaksInternals(result.body)).toBe(false);
  });

  it("CSV exports answer 400 and 404 as plain text", async () => {
    const csv: [string, number, string][] = [
      ["/chapters/abc/roster.csv", 400, 'Chapter id must be a whole number, got "abc"'],
      [`/chapters/${UINT128_MAX + 1n}/roster.csv`, 400, "Chapter id is out of range"],
      ["/chapters/999/roster.csv", 404, "Chapter 999 does not exist"],
      ["/evaluations/x/votes.csv", 400, 'Evaluation id must be a whole number, got "x"'],
      ["/evaluations/999/votes.csv", 404, "Evaluation 999 does not exist"],
    ];
    for (const [path, status, message] of csv) {
      const response = await fetch(`${stack.appUrl}${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, status, message]);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });

  it("odd but valid requests answer the page (through its one URL), and nothing answers 500", async () => {
    for (const path of [
      "/chapters/00001",
      "/?q=" + "x".repeat(1000),
      "/info?eventName=%F0%9F%98%80",
      "/chapters/1/applications?after=99999999:1-1",
      "/chapters/1/applications?after=1:1-9999999999",
      `/evaluations/1?after=${dead}`,
      "/chapters/1?limit=",
    ]) {
      await page(path);
    }
    for (const path of ["/chapters/%00", "/members/%FF", "/chapters/1?after=%00", "/info?eventName=%00", "/nope", "/chapters/1/nope"]) {
      const result = await get(stack.appUrl, path);
      expect(result.status, path).toBeGreaterThanOrEqual(400);
      expect(result.status, path).toBeLessThan(500);
      expect(leaksInternals(result.body), path).toBe(false);
    }
  });
});

describe("503", () => {
  const PAGES = [
    "/",
    "/chapters/1",
    "/chapters/1/applications",
    "/evaluations",
    "/evaluations/1",
    "/info",
    "/party",
    `/members/${"0x".padEnd(42, "1")}`,
  ];
  const servers: AppServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  async function expectUnavailable(base: string, message: string) {
    for (const path of PAGES) {
      const result = await get(base, path);
      expect([path, result.status]).toEqual([path, 503]);
      expect(errorOf(result)).toEqual({ status: 503, title: "503 · Temporarily unavailable", message });
      expect(text(result.main)).toContain("Try again in a few seconds.");
      expect(leaksInternals(result.body)).toBe(false);
    }
    const csv = await fetch(`${base}/chapters/1/roster.csv`);
    expect([csv.status, await csv.text()]).toEqual([503, message]);
  }

  async function eventually(base: string, path: string, wanted: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { status } = await get(base, path);
      if (status === wanted || Date.now() > deadline) return status;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("database down: 503 with the database message; back up: the same server answers 200 again", async () => {
    const target = new URL(stack.databaseUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    try {
      const app = await startAppServer({ env: { ...stack.appEnv, DATABASE_URL: viaProxy(stack.databaseUrl, proxy.port) } });
      servers.push(app);
      // Else a page asked for before the server's first version poll is not cached, and answers 503 below before the others.
      await stack.waitForPageCache(app.url);
      for (const path of PAGES.slice(0, -1)) await page(path, app.url);

      proxy.cut();
      // The pages above are in the page cache; it stops answering once its version poll fails (every 250 ms).
      expect(await eventually(app.url, "/", 503)).toBe(503);
      await expectUnavailable(app.url, "The database is not reachable right now. This page will work again once it is back.");

      proxy.restore();
      expect(await eventually(app.url, "/", 200)).toBe(200);
      for (const path of PAGES.slice(0, -1)) await page(path, app.url);
      expect(app.process.exitCode).toBeNull();
    } finally {
      await proxy.close();
    }
  });

  it("read model not there yet: 503 with the not-ready message; once it exists, the same server answers 200", async () => {
    const later = `later_${randomBytes(4).toString("hex")}`;
    const app = await startAppServer({ env: { ...stack.appEnv, READ_MODEL_SCHEMA: later } });
    servers.push(app);
    await expectUnavailable(app.url, "The read model is not ready yet: the indexer is still doing its first backfill.");

    await stack.query(`create schema ${later}`);
    for (const table of READ_MODEL_TABLES)
      await stack.query(`create view ${later}.${table} as select * from ${stack.viewsSchema}.${table}`);
    expect(await eventually(app.url, "/", 200)).toBe(200);
    expect(rowsOf(await page("/", app.url))).toHaveLength((await chain.chapters()).length);
    expect(app.process.exitCode).toBeNull();
  });
});
