/**
 * The stack the documents' page tests run on (tests/app/routes/documents-*.test.ts): the seeded
 * demo read model whose documents the fetcher process (`npm run documents`) fetched from the
 * stack's IPFS node, sessions for the minter and a stranger, and what those tests read off a page
 * or wait for. `useDocumentsStack()` starts it before the calling file's tests and stops it after;
 * `stack`, `minter` and `stranger` are set meanwhile (live bindings: read them inside tests).
 */
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS, digestOfCid } from "../../../scripts/lib/demo-data/document-cids.js";
import { ADMIN, ALICE } from "../../fixtures/accounts.js";
import { decode, getCanonical, text, type Page } from "../../setup/html.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { until } from "../../setup/until.js";

export let stack: Stack;
/** Sessions: the evaluation minter and info sender (ADMIN, who minted everything), and an account holding no role. */
export let minter: string;
export let stranger: string;

export function useDocumentsStack() {
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
}

/** A page that must answer 200 (another spelling of its URL is followed once). */
export async function page(path: string, token?: string): Promise<Page> {
  const result = token ? await getAs(stack.appUrl, path, token) : await getCanonical(stack.appUrl, path);
  expect(result.status, path).toBe(200);
  return result;
}
export const metaTitle = (p: Page) => decode(/<title>([\s\S]*?)<\/title>/.exec(p.body)?.[1] ?? "");
export const documentBody = (p: Page) => /<div class="document-body"([^>]*)>([\s\S]*?)<\/div>/.exec(p.main);
export const missingNotice = (p: Page) => /<div class="document-missing[^"]*"[^>]*data-document="(\w+)"[^>]*>([\s\S]*?)<\/div>/.exec(p.main);
export const why = (p: Page) => {
  const found = /<p[^>]*data-why[^>]*>([\s\S]*?)<\/p>/.exec(p.main);
  return found ? text(found[1]!) : null;
};

/** Each evaluation's label as the pages write it: its document's title, or "Evaluation <id>" until there is one. */
export async function evaluationLabels(): Promise<Map<string, string>> {
  const rows = await stack.query<{ id: string; title: string | null }>(
    `select e.id::text as id, d.title from ${stack.viewsSchema}.evaluations e left join app.documents d on d.cid = e.cid and d.kind = 'evaluation'`,
  );
  return new Map(rows.map((r) => [r.id, r.title ?? `Evaluation ${r.id}`]));
}
export const demoEvaluationId = async (index: number) =>
  (await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.evaluations where cid = $1`, [DEMO_EVALUATION_CIDS[index]]))[0]!.id;
export const demoInfoId = async (index: number) =>
  (await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.info_messages where cid = $1`, [DEMO_INFO_CIDS[index]]))[0]!.id;

/** Mints an evaluation of chapter 3 naming `cid` (as ADMIN, the evaluation minter) and waits until the pages show it; its id. */
export async function mintEvaluation(cid: string): Promise<string> {
  await stack.send(ADMIN, "mintEvaluation", [3n, 0x12, 32, digestOfCid(cid)]);
  await stack.waitForIndexer();
  return (await stack.query<{ id: string }>(`select max(id)::text as id from ${stack.viewsSchema}.evaluations`))[0]!.id;
}
export async function sendInfo(cid: string): Promise<string> {
  await stack.send(ADMIN, "sendInfo", ["Pages test", 1, 0x12, 32, digestOfCid(cid)]);
  await stack.waitForIndexer();
  return (await stack.query<{ id: string }>(`select max(id)::text as id from ${stack.viewsSchema}.info_messages`))[0]!.id;
}
export type FetchRow = { status: string; attempts: number; lastError: { key: string } | null };
export const fetchRow = async (cid: string) =>
  (await stack.query<FetchRow>(`select status, attempts, last_error as "lastError" from app.document_fetches where cid = $1`, [cid]))[0];
/** Waits until the fetcher has recorded an outcome for `cid` (and the page cache has seen it). */
export async function fetched(cid: string, done: (row: FetchRow) => boolean): Promise<FetchRow> {
  const row = (await until(() => fetchRow(cid), (r) => r !== undefined && done(r), `the fetch of ${cid}`)) as FetchRow;
  await stack.waitForPageCache();
  return row;
}
