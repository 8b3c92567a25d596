/**
 * The document fetcher (server/documents/fetcher.ts) over a real read model: the demo data and
 * evaluations minted here on the local chain, indexed by the real indexer, in a real PostgreSQL,
 * with the local IPFS node (scripts/lib/ipfs-node.ts) and small fake gateways in front of it.
 *
 * First the fetcher as it runs in production, `npm run documents` as a process (the stack's); then,
 * with that process stopped, fetchers in this process (startDocumentFetcher), each with the
 * gateways a case needs: one that answers other bytes, one that hangs, one that counts. The db
 * module reads READ_MODEL_SCHEMA once, at import, so it is imported after the environment points at
 * this stack's views schema.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { encodeDocument, MAX_DOCUMENT_BYTES, type EvaluationDocument, type InfoDocument } from "../../../app/documents/document.js";
import { blocksOfBytes, cidOfBytes } from "../../../app/documents/unixfs.js";
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS, digestOfCid } from "../../../scripts/lib/demo-data/document-cids.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "../../../scripts/lib/demo-data/documents.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { startStack, type Stack } from "../../setup/stack.js";

type FetcherModule = typeof import("../../../server/documents/fetcher.js");
type Fetcher = ReturnType<FetcherModule["startDocumentFetcher"]>;

let stack: Stack;
/** The claim's lease (server/documents/fetcher.ts): a row leased for this long is being fetched right now. */
const LEASE_SECONDS = 60;

beforeAll(async () => {
  stack = await startStack({ documents: true, app: false });
}, 240_000);
afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server.js");
  await closeDb();
  await stack?.stop();
});

const bytesOf = (text: string) => new TextEncoder().encode(text);

let serial = 0;
/** A valid evaluation document no other test uses. */
function evaluationDocument(title = `Fetcher test evaluation ${++serial}`): EvaluationDocument {
  return {
    kind: "evaluation",
    language: "en",
    title,
    body: `How well did the chapter do? (case ${serial})\n\n- one\n- two`,
    scale: { min: "badly", zero: "as expected", max: "very well" },
  };
}
const infoDocument = (title = `Fetcher test info ${++serial}`): InfoDocument => ({ kind: "info", language: "en", title, body: `News, case ${serial}.` });

/** Mints an evaluation of chapter 1 (or sends an info message) naming `cid`, and waits until it is indexed; its id. */
async function mint(kind: "evaluation" | "info", cid: string): Promise<string> {
  const digest = digestOfCid(cid);
  if (kind === "evaluation") await stack.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, digest]);
  else await stack.send(ADMIN, "sendInfo", ["Fetcher test", 1, 0x12, 32, digest]);
  await stack.waitForIndexer();
  const table = kind === "evaluation" ? "evaluations" : "info_messages";
  const [row] = await stack.query<{ id: string }>(`select id::text as id from ${stack.viewsSchema}.${table} where cid = $1 order by id desc limit 1`, [cid]);
  if (!row) throw new Error(`${kind} of ${cid} not indexed`);
  return row.id;
}

type FetchRow = {
  status: "waiting" | "stored" | "refused";
  kind: string;
  attempts: number;
  lastError: { key: string; values?: Record<string, string> } | null;
  /** Seconds from the last update to the next attempt: the backoff after a failure, the lease while claimed. */
  backoff: number;
};
const fetchRow = async (cid: string) =>
  (
    await stack.query<FetchRow>(
      `select status, kind, attempts, last_error as "lastError", extract(epoch from next_attempt_at - updated_at)::float8 as backoff
       from app.document_fetches where cid = $1`,
      [cid],
    )
  )[0];
const storedDocument = async (cid: string) =>
  (await stack.query<{ kind: string; language: string; title: string; body: string; scale: unknown; size: number }>(
    `select kind, language, title, body, scale, size from app.documents where cid = $1`,
    [cid],
  ))[0];

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

/** The fetch row once an attempt has finished (not while one is leased): `attempts` of them. */
const afterAttempt = (cid: string, attempts: number) =>
  until(
    () => fetchRow(cid),
    (row) => row !== undefined && row.attempts >= attempts && row.backoff < LEASE_SECONDS - 1 && (row.status !== "waiting" || row.lastError !== null),
    `attempt ${attempts} of ${cid}`,
  ) as Promise<FetchRow>;
const settled = (cid: string) =>
  until(() => fetchRow(cid), (row) => row !== undefined && row.status !== "waiting", `${cid} stored or refused`) as Promise<FetchRow>;

type FakeGateway = { url: string; requested: string[]; close(): Promise<void> };

/** A trustless gateway on a free port; `answer` gets the requested block's CID. */
async function startGateway(answer: (cid: string, req: IncomingMessage, res: ServerResponse) => void): Promise<FakeGateway> {
  const requested: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const cid = new URL(req.url ?? "/", "http://gateway").pathname.replace(/^\/ipfs\//, "");
    requested.push(cid);
    answer(cid, req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Forwards every block request to the local node (once `before` resolves, if given), and counts them. */
const proxyGateway = (before: (cid: string) => Promise<void> = async () => undefined) =>
  startGateway((cid, _req, res) => {
    void before(cid)
      .then(() => fetch(`${stack.ipfs.gatewayUrl}/ipfs/${cid}?format=raw`, { headers: { accept: "application/vnd.ipld.raw" } }))
      .then(async (answer) => {
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
        res.end(new Uint8Array(await answer.arrayBuffer()));
      });
  });

describe("npm run documents (the stack's process)", () => {
  it("fetches, verifies and stores the documents of the 20 demo evaluations and 30 demo info messages", async () => {
    const V = stack.viewsSchema;
    const count = () =>
      stack.query<{ evaluations: number; infos: number; waiting: number }>(
        `select (select count(*)::int from ${V}.evaluations e join app.documents d on d.cid = e.cid and d.kind = 'evaluation') as evaluations,
           (select count(*)::int from ${V}.info_messages i join app.documents d on d.cid = i.cid and d.kind = 'info') as infos,
           (select count(*)::int from app.document_fetches where status <> 'stored') as waiting`,
      );
    const [counts] = await until(count, ([c]) => c!.evaluations === 20 && c!.infos === 30, "the demo documents");
    expect(counts).toEqual({ evaluations: 20, infos: 30, waiting: 0 });

    const evaluations = await stack.query<{ id: string; cid: string; title: string; language: string; body: string; size: number }>(
      `select e.id::text as id, e.cid, d.title, d.language, d.body, d.size from ${V}.evaluations e join app.documents d on d.cid = e.cid order by e.id`,
    );
    expect(evaluations.map((e) => e.cid)).toEqual(DEMO_EVALUATION_CIDS);
    expect(evaluations.map((e) => [e.title, e.language, e.body])).toEqual(DEMO_EVALUATION_DOCUMENTS.map((d) => [d.title, d.language, d.body]));
    expect(evaluations.map((e) => e.size)).toEqual(DEMO_EVALUATION_DOCUMENTS.map((d) => encodeDocument(d).length));
    const infos = await stack.query<{ cid: string; title: string }>(
      `select i.cid, d.title from ${V}.info_messages i join app.documents d on d.cid = i.cid order by i.id`,
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
  const gateway = async (answer: Parameters<typeof startGateway>[0]) => {
    const started = await startGateway(answer);
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

  it("two fetchers on one database never fetch the same CID (each claim is leased)", async () => {
    const cids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const cid = await stack.ipfs.add(encodeDocument(infoDocument()));
      await stack.send(ADMIN, "sendInfo", ["Lease test", 2, 0x12, 32, digestOfCid(cid)]);
      cids.push(cid);
    }
    await stack.waitForIndexer();
    // Neither gateway answers until both have been asked: while one fetcher holds its claim, the other claims too.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const asked = new Set<string>();
    const held = (name: string) => () => {
      asked.add(name);
      if (asked.size === 2) open();
      return opened;
    };
    const [a, b] = [await proxyGateway(held("a")), await proxyGateway(held("b"))];
    // Small batches: each fetcher needs several turns.
    fetcher([a.url], { batch: 2, concurrency: 2 });
    fetcher([b.url], { batch: 2, concurrency: 2 });
    await until(
      () => stack.query<{ n: number }>(`select count(*)::int as n from app.document_fetches where cid = any($1) and status = 'stored'`, [cids]),
      ([row]) => row!.n === cids.length,
      "the lease test's documents stored",
    );
    const byA = cids.filter((cid) => a.requested.includes(cid));
    const byB = cids.filter((cid) => b.requested.includes(cid));
    expect(byA.filter((cid) => byB.includes(cid))).toEqual([]);
    expect([...byA, ...byB].sort()).toEqual([...cids].sort());
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    const attempts = await stack.query<{ attempts: number }>(`select distinct attempts from app.document_fetches where cid = any($1)`, [cids]);
    expect(attempts).toEqual([{ attempts: 1 }]);
  });

  it("works through a backlog at its pace while the host is busy (ratePerSecond): full turns of `batch` are spread out, never at once", async () => {
    // Only this case's fetches are due (run alone, the stack's demo documents may still wait).
    await stack.query(`update app.document_fetches set next_attempt_at = now() + interval '1 day' where status = 'waiting'`);
    const cids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const cid = await stack.ipfs.add(encodeDocument(infoDocument()));
      await stack.send(ADMIN, "sendInfo", ["Pace test", 2, 0x12, 32, digestOfCid(cid)]);
      cids.push(cid);
    }
    await stack.waitForIndexer();
    const askedAt = new Map<string, number>();
    const timed = await proxyGateway(async (cid) => void askedAt.set(cid, performance.now()));
    gateways.push(timed);
    // 12 fetches, 3 a turn at 2 a second: each full turn is followed by a pause to 1.5 s after its start.
    fetcher([timed.url], { batch: 3, concurrency: 3, ratePerSecond: 2, hostBusy: () => true });
    await until(
      () => stack.query<{ n: number }>(`select count(*)::int as n from app.document_fetches where cid = any($1) and status = 'stored'`, [cids]),
      ([row]) => row!.n === cids.length,
      "the pace test's documents stored",
    );
    const times = cids.map((cid) => askedAt.get(cid)!).sort((a, b) => a - b);
    expect(times).toHaveLength(12);
    // The four turns take at least three paces (4.5 s); unpaced they took a third of a second. A
    // request that reached the gateway late (a loaded machine) can shorten the span by its delay,
    // hence a fifth less.
    expect(times[11]! - times[0]!).toBeGreaterThanOrEqual(3 * 1500 * 0.8);
  });
});
