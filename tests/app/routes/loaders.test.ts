/**
 * Query budget: every route's loader, called directly over the seeded demo read model, makes at
 * most 3 SQL queries (counted with observeQueries); malformed input makes none; page sizes reach
 * the database capped.
 */
import { readdirSync } from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { startStack, TEST_IPFS_GATEWAY, type Stack } from "../../setup/stack.js";

const MAX_QUERIES = 3;

const ROUTES_DIR = new URL("../../../app/routes/", import.meta.url).pathname;
/** Every route module in app/routes (a new route is covered without being listed here). */
const ROUTE_FILES = readdirSync(ROUTES_DIR)
  .filter((f) => /\.tsx?$/.test(f))
  .sort();
type Route = "root" | (typeof ROUTE_FILES)[number];
/** Loaders that answer without the database. */
const NO_DATABASE = new Set<Route>(["root", "healthz.ts", "api.calls.$operation.ts"]);

let stack: Stack;
let observeQueries: typeof import("../../../db/query.server").observeQueries;
let closeDb: () => Promise<void>;
const sample = { member: "", voter: "", applicationCursor: "" };

beforeAll(async () => {
  stack = await startStack({ app: false });
  // The app reads its configuration from process.env, lazily; set it before the first query.
  Object.assign(process.env, {
    DATABASE_URL: stack.databaseUrl,
    READ_MODEL_SCHEMA: stack.viewsSchema,
    INDEXER_URL: stack.indexer.url,
    CHAIN_RPC_URL: stack.rpcUrl,
    IPFS_GATEWAY: TEST_IPFS_GATEWAY,
  });
  ({ observeQueries } = await import("../../../db/query.server"));
  ({ closeDb } = await import("../../../db/client.server"));
  const v = stack.viewsSchema;
  const [executive] = await stack.query<{ account: string }>(
    `select account from ${v}.members where executive_of is not null order by account limit 1`
  );
  const [vote] = await stack.query<{ voter: string }>(`select voter from ${v}.votes where evaluation_id = 1 order by voter limit 1`);
  const [application] = await stack.query<{ cursor: string }>(
    `select applied_block || ':' || id as cursor from ${v}.applications where status = 'applied' order by applied_block, id limit 1`
  );
  Object.assign(sample, { member: executive!.account, voter: vote!.voter, applicationCursor: application!.cursor });
});

afterAll(async () => {
  await closeDb?.();
  await stack?.stop();
});

async function run(route: Route, path: string, params: Record<string, string> = {}) {
  const module = await import(route === "root" ? "../../../app/root" : `${ROUTES_DIR}${route}`);
  const { loader } = module as { loader?: (args: LoaderFunctionArgs) => Promise<unknown> | unknown };
  // An action-only route has no loader: a GET costs it no query.
  if (!loader) return observeQueries(async () => null);
  const request = new Request(`http://app.test${path}`);
  return observeQueries(async () => await loader({ request, params, context: {} }));
}

describe(`each loader makes at most ${MAX_QUERIES} queries`, () => {
  const cases: [route: Route, path: string, params?: Record<string, string>, status?: number][] = [
    ["root", "/"],
    ["_index.tsx", "/"],
    ["_index.tsx", "/?after=2&limit=3&q=an"],
    ["chapters.$chapterId.tsx", "/chapters/1", { chapterId: "1" }],
    ["chapters.$chapterId.tsx", "/chapters/1?after=MEMBER&limit=5", { chapterId: "1" }],
    ["chapters.$chapterId_.applications.tsx", "/chapters/1/applications", { chapterId: "1" }],
    ["chapters.$chapterId_.applications.tsx", "/chapters/1/applications?after=APPLICATION&limit=1", { chapterId: "1" }],
    ["chapters.$chapterId.roster[.]csv.ts", "/chapters/1/roster.csv", { chapterId: "1" }],
    ["evaluations._index.tsx", "/evaluations"],
    ["evaluations._index.tsx", "/evaluations?before=10&limit=3"],
    ["evaluations.$evaluationId.tsx", "/evaluations/1", { evaluationId: "1" }],
    ["evaluations.$evaluationId.tsx", "/evaluations/1?after=VOTER&limit=2", { evaluationId: "1" }],
    ["evaluations.$evaluationId.votes[.]csv.ts", "/evaluations/1/votes.csv", { evaluationId: "1" }],
    ["members.$address.tsx", "/members/MEMBER", { address: "MEMBER" }],
    ["info.tsx", "/info"],
    ["info.tsx", "/info?before=25&eventName=congress&infoType=1&limit=2"],
    ["party.tsx", "/party"],
    ["healthz.ts", "/healthz"],
    // A POST endpoint: its loader only says so.
    ["api.calls.$operation.ts", "/api/calls/vote", { operation: "vote" }, 405],
  ];
  // Any other route: its URL with every parameter "1", and whatever it answers.
  for (const file of ROUTE_FILES.filter((f) => !cases.some(([route]) => route === f))) {
    const segments = file
      .replace(/\.tsx?$/, "")
      .replace(/\[\.\]/g, "\0")
      .split(".");
    const path = segments.filter((s) => s !== "_index").map((s) => s.replace(/_$/, "").replace(/^\$.*/, "1").replace("\0", "."));
    const params = Object.fromEntries(segments.filter((s) => s.startsWith("$")).map((s) => [s.slice(1).replace(/_$/, ""), "1"]));
    cases.push([file, `/${path.join("/")}`, params, -1]);
  }

  it.each(cases)("%s %s", async (route, rawPath, rawParams = {}, status = 200) => {
    const fill = (s: string) =>
      s.replace("MEMBER", sample.member).replace("VOTER", sample.voter).replace("APPLICATION", sample.applicationCursor);
    const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, fill(v)]));
    const { result, error, queries } = await run(route, fill(rawPath), params);
    expect(queries.length).toBeLessThanOrEqual(MAX_QUERIES);
    if (status === -1) {
      // Unlisted route: anything but a crash.
      if (error !== undefined) expect(error).toBeInstanceOf(Response);
      return;
    }
    expect(error).toBeUndefined();
    expect(result).toBeDefined();
    if (result instanceof Response) expect(result.status).toBe(status);
    expect(queries.length > 0).toBe(!NO_DATABASE.has(route));
  });

  it.each([
    ["chapters.$chapterId.tsx", "/chapters/999", { chapterId: "999" }],
    ["chapters.$chapterId_.applications.tsx", "/chapters/999/applications", { chapterId: "999" }],
    ["evaluations.$evaluationId.tsx", "/evaluations/999", { evaluationId: "999" }],
    [
      "members.$address.tsx",
      "/members/0x000000000000000000000000000000000000dead",
      { address: "0x000000000000000000000000000000000000dead" },
    ],
  ] as const)("404 from %s within the budget", async (route, path, params) => {
    const { error, queries } = await run(route, path, params);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(404);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.length).toBeLessThanOrEqual(MAX_QUERIES);
  });
});

it("malformed input is refused before any query", async () => {
  const bad: [Route, string, Record<string, string>][] = [
    ["chapters.$chapterId.tsx", "/chapters/abc", { chapterId: "abc" }],
    ["chapters.$chapterId.tsx", "/chapters/1?after=nothing", { chapterId: "1" }],
    ["chapters.$chapterId.tsx", "/chapters/1?limit=0", { chapterId: "1" }],
    ["chapters.$chapterId_.applications.tsx", "/chapters/1/applications?after=x", { chapterId: "1" }],
    ["evaluations.$evaluationId.tsx", "/evaluations/x", { evaluationId: "x" }],
    ["members.$address.tsx", "/members/0x123", { address: "0x123" }],
    ["info.tsx", "/info?infoType=999", {}],
    ["_index.tsx", "/?after=x", {}],
  ];
  for (const [route, path, params] of bad) {
    const { error, queries } = await run(route, path, params);
    expect([path, (error as Response).status, queries.length]).toEqual([path, 400, 0]);
  }
});

it("?limit=100000 is the cap: a redirect to ?limit=200, which reaches the database as 201 (+1 to see whether there is a next page)", async () => {
  const paged: [Route, string, Record<string, string>][] = [
    ["chapters.$chapterId.tsx", "/chapters/1", { chapterId: "1" }],
    ["chapters.$chapterId_.applications.tsx", "/chapters/1/applications", { chapterId: "1" }],
    ["evaluations._index.tsx", "/evaluations", {}],
    ["evaluations.$evaluationId.tsx", "/evaluations/1", { evaluationId: "1" }],
    ["info.tsx", "/info", {}],
  ];
  for (const [route, base, params] of paged) {
    const moved = await run(route, `${base}?limit=100000`, params);
    expect([(moved.error as Response).status, (moved.error as Response).headers.get("location")]).toEqual([301, `${base}?limit=200`]);
    const path = `${base}?limit=200`;
    const { error, queries } = await run(route, path, params);
    expect(error).toBeUndefined();
    const values = queries.flatMap((q) => q.params);
    expect(values, path).toContain(201);
    expect(values, path).not.toContain(100000);
    expect(values, path).not.toContain(100001);
  }
  const { result } = await run("_index.tsx", "/?limit=200");
  expect((result as { page: unknown[] }).page.length).toBeLessThanOrEqual(200);
});
