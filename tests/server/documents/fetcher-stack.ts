/**
 * What the document fetcher's tests (tests/server/documents/fetcher*.test.ts) run on and with: a
 * stack with the local IPFS node and the fetcher process (`npm run documents`), no app server;
 * documents no other test uses, minted or sent through the contract; the fetch rows; small fake
 * gateways; and fetchers in the test's own process. `useFetcherStack()` starts the stack before
 * the calling file's tests and stops it after; `stack` is set meanwhile (a live binding: read it
 * inside tests). The db module reads READ_MODEL_SCHEMA once, at import, so it is imported after
 * the environment points at this stack's views schema.
 */
import type { EvaluationDocument, InfoDocument } from "../../../app/documents/document.js";
import { blocksOfBytes } from "../../../app/documents/unixfs.js";
import { digestOfCid } from "../../../scripts/lib/demo-data/document-cids.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { startFakeGateway, type FakeGateway } from "../../setup/fake-gateway.js";
import { until } from "../../setup/until.js";

type FetcherModule = typeof import("../../../server/documents/fetcher.js");
type Fetcher = ReturnType<FetcherModule["startDocumentFetcher"]>;

export let stack: Stack;
/** The claim's lease (server/documents/fetcher.ts): a row leased for this long is being fetched right now. */
export const LEASE_SECONDS = 60;

export function useFetcherStack() {
  beforeAll(async () => {
    stack = await startStack({ documents: true, app: false });
  }, 240_000);
  afterAll(async () => {
    const { closeDb } = await import("../../../db/client.server.js");
    await closeDb();
    await stack?.stop();
  });
}

export const bytesOf = (text: string) => new TextEncoder().encode(text);

let serial = 0;
/** A valid evaluation document no other test uses. */
export function evaluationDocument(title = `Fetcher test evaluation ${++serial}`): EvaluationDocument {
  return {
    kind: "evaluation",
    language: "en",
    title,
    body: `How well did the chapter do? (case ${serial})\n\n- one\n- two`,
    scale: { min: "badly", zero: "as expected", max: "very well" },
  };
}
export const infoDocument = (title = `Fetcher test info ${++serial}`): InfoDocument => ({ kind: "info", language: "en", title, body: `News, case ${serial}.` });

/** Mints an evaluation of chapter 1 (or sends an info message) naming `cid`, and waits until it is indexed; its id. */
export async function mint(kind: "evaluation" | "info", cid: string): Promise<string> {
  const digest = digestOfCid(cid);
  if (kind === "evaluation") await stack.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, digest]);
  else await stack.send(ADMIN, "sendInfo", ["Fetcher test", 1, 0x12, 32, digest]);
  await stack.waitForIndexer();
  const table = kind === "evaluation" ? "evaluations" : "info_messages";
  const [row] = await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.${table} where cid = $1 order by id desc limit 1`, [cid]);
  if (!row) throw new Error(`${kind} of ${cid} not indexed`);
  return row.id;
}

export type FetchRow = {
  status: "waiting" | "stored" | "refused";
  kind: string;
  attempts: number;
  lastError: { key: string; values?: Record<string, string> } | null;
  /** Seconds from the last update to the next attempt: the backoff after a failure, the lease while claimed. */
  backoff: number;
};
export const fetchRow = async (cid: string) =>
  (
    await stack.query<FetchRow>(
      `select status, kind, attempts, last_error as "lastError", extract(epoch from next_attempt_at - updated_at)::float8 as backoff
       from app.document_fetches where cid = $1`,
      [cid],
    )
  )[0];
export const storedDocument = async (cid: string) =>
  (await stack.query<{ kind: string; language: string; title: string; body: string; scale: unknown; size: number }>(
    `select kind, language, title, body, scale, size from app.documents where cid = $1`,
    [cid],
  ))[0];

/** The fetch row once an attempt has finished (not while one is leased): `attempts` of them. */
export const afterAttempt = (cid: string, attempts: number) =>
  until(
    () => fetchRow(cid),
    (row) => row !== undefined && row.attempts >= attempts && row.backoff < LEASE_SECONDS - 1 && (row.status !== "waiting" || row.lastError !== null),
    `attempt ${attempts} of ${cid}`,
  ) as Promise<FetchRow>;
export const settled = (cid: string) =>
  until(() => fetchRow(cid), (row) => row !== undefined && row.status !== "waiting", `${cid} stored or refused`) as Promise<FetchRow>;

/** Forwards every block request to the local node (once `before` resolves, if given), and counts them. */
export const proxyGateway = (before: (cid: string) => Promise<void> = async () => undefined) =>
  startFakeGateway((cid, _req, res) => {
    void before(cid)
      .then(() => fetch(`${stack.ipfs.gatewayUrl}/ipfs/${cid}?format=raw`, { headers: { accept: "application/vnd.ipld.raw" } }))
      .then(async (answer) => {
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
        res.end(new Uint8Array(await answer.arrayBuffer()));
      });
  });

/**
 * Fetchers in the test's own process (startDocumentFetcher), each with the gateways a case needs,
 * once the stack's fetcher process is stopped; every case's fetchers and gateways are stopped
 * after it, and what it left waiting is not tried again by the next case's fetcher.
 */
export function useFetchersInProcess() {
  let startDocumentFetcher: FetcherModule["startDocumentFetcher"];
  const running: Fetcher[] = [];
  const gateways: FakeGateway[] = [];
  const log: string[] = [];

  beforeAll(async () => {
    // From here on the fetchers of this file are the only ones: each case picks its gateways.
    await stack.documents.kill();
    Object.assign(process.env, { DATABASE_URL: stack.databaseUrl, READ_MODEL_SCHEMA: stack.viewsSchema, PARTY_ENV: "local" });
    ({ startDocumentFetcher } = await import("../../../server/documents/fetcher.js"));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((f) => f.stop()));
    await Promise.all(gateways.splice(0).map((g) => g.close()));
    // What a case left waiting is not tried again by the next case's fetcher.
    await stack.query(`update app.document_fetches set next_attempt_at = now() + interval '1 day' where status = 'waiting'`);
  });

  const fetcher = (urls: string[], options: { timeoutMs?: number; batch?: number; concurrency?: number; ratePerSecond?: number; hostBusy?: () => boolean } = {}) => {
    const started = startDocumentFetcher({ gateways: urls, timeoutMs: options.timeoutMs ?? 2000, intervalMs: 20, ...options, log: (line) => log.push(line) });
    running.push(started);
    return started;
  };
  const gateway = async (answer: Parameters<typeof startFakeGateway>[0]) => {
    const started = await startFakeGateway(answer);
    gateways.push(started);
    return started;
  };
  /** A gateway that answers every block with the root block of another (valid) document. */
  const lyingGateway = async (decoy: Uint8Array) => {
    const { blocks } = await blocksOfBytes(decoy);
    const block = blocks[blocks.length - 1]!.bytes;
    return gateway((_cid, _req, res) => {
      res.writeHead(200, { "content-type": "application/vnd.ipld.raw" });
      res.end(block);
    });
  };
  /** Skips the backoff instead of waiting it out: the next turn claims the fetch at once. */
  const dueNow = (cid: string) => stack.query(`update app.document_fetches set next_attempt_at = now() where cid = $1`, [cid]);

  return { running, gateways, log, fetcher, gateway, lyingGateway, dueNow };
}
