/**
 * The document fetcher (`npm run documents`): the content of every evaluation and info message the
 * chain names, whichever client minted it, fetched in the background (never on a page's request)
 * and verified before anything is stored (docs/decisions/0011-documents.md).
 *
 * Each turn:
 * 1. **Finds** the CIDs of evaluations and info messages indexed since the last turn (all of them at
 *    start and once a minute, which also catches an id a reorg re-minted) and lists each new one in
 *    app.document_fetches.
 * 2. **Claims** the fetches that are due, leasing them for a minute (replicas skip each other's; a
 *    crashed one's lease runs out).
 * 3. **Fetches** them from the trustless gateways (app/services/ipfs.server.ts: every block checked
 *    against its CID), reads the document, and stores the good ones in one statement, which drops
 *    exactly the cached pages that show them.
 * 4. **Records** each failure as a message: a gateway that hangs, errs or answers other bytes is a
 *    retry after a capped exponential backoff (1 s doubling to an hour), never a wrong text; bytes that
 *    are verified but not a document this app reads (too large, not JSON, an unknown format version,
 *    invalid, of the other kind) are refused for good.
 */
import { sql } from "drizzle-orm";
import { rows, views } from "../../db/query.server";
import { MAX_DOCUMENT_BYTES, readDocument } from "../../app/documents/document";
import { IpfsContentError } from "../../app/documents/unixfs";
import { message, type Message } from "../../app/i18n/message";
import { storeDocuments, type VerifiedDocument } from "../../app/services/documents.server";
import { hostBusyProbe } from "../host-load";
import { fetchVerified, IpfsFetchError, type GatewayFailureReason } from "../../app/services/ipfs.server";

export type FetcherOptions = {
  gateways: string[];
  timeoutMs: number;
  /** Pause between turns when there was nothing to do. */
  intervalMs?: number;
  /** Fetches claimed per turn, and how many run at once. */
  batch?: number;
  concurrency?: number;
  /**
   * The most fetches a second while the host is busy (`hostBusy`): then a full turn is followed by a
   * pause that keeps this pace, so working through a backlog never takes the cores the pages need.
   * While a core is free, full turns follow each other at once.
   */
  ratePerSecond?: number;
  /** Whether other work keeps the host's cores busy (server/host-load.ts by default; a test says). */
  hostBusy?: () => boolean;
  /** How often every CID of the read model is checked again (not only the new ids). */
  sweepMs?: number;
  log?: (line: string) => void;
};

type Claimed = { cid: string; kind: "evaluation" | "info"; attempts: number };
type Outcome = { cid: string; stored?: VerifiedDocument; refused?: Message; retry?: Message };

const LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 3600;

/** Lists the CIDs of evaluations and info messages after the given ids; the highest ids seen. */
async function discover(after: { evaluation: string; info: string }) {
  const [row] = await rows<{ evaluation: string | null; info: string | null }>(sql`
    with found as (
      select e.cid, 'evaluation' as kind, e.id from ${views}.evaluations e where e.id > ${after.evaluation}::numeric
      union all
      select i.cid, 'info', i.id from ${views}.info_messages i where i.id > ${after.info}::numeric),
    listed as (
      insert into app.document_fetches (cid, kind)
      select distinct on (cid) cid, kind from found order by cid
      on conflict (cid) do nothing)
    select (select max(id)::text from found where kind = 'evaluation') as evaluation,
      (select max(id)::text from found where kind = 'info') as info`);
  return { evaluation: row?.evaluation ?? after.evaluation, info: row?.info ?? after.info };
}

/** Claims up to `limit` due fetches, leased for a minute, and counts the attempt. */
function claim(limit: number) {
  return rows<Claimed>(sql`
    update app.document_fetches f
    set attempts = f.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    where f.cid in (
      select cid from app.document_fetches
      where status = 'waiting' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning f.cid, f.kind, f.attempts`);
}

/** The one reason a failed fetch is recorded with: the most telling of the gateways' failures. */
const ORDER: GatewayFailureReason[] = ["mismatch", "malformed", "tooLarge", "status", "timeout", "unreachable"];
const failureReason = (error: IpfsFetchError): GatewayFailureReason =>
  ORDER.find((reason) => error.failures.some((f) => f.reason === reason)) ?? "unreachable";

async function fetchOne({ cid }: Claimed, options: FetcherOptions): Promise<Outcome> {
  try {
    const bytes = await fetchVerified(cid, { gateways: options.gateways, timeoutMs: options.timeoutMs, maxBytes: MAX_DOCUMENT_BYTES });
    const read = readDocument(bytes);
    if (!read.ok) return { cid, refused: message(`documents.refused.${read.reason}`, read.values) };
    // Of the other kind too: the fetch has the kind that named the CID first, and an entity of the document's own
    // kind at the same CID shows it; storeDocuments records this fetch as refused (documents.refused.wrongKind).
    return { cid, stored: { cid, document: read.document, size: bytes.length } };
  } catch (error) {
    if (error instanceof IpfsFetchError) return { cid, retry: message(`documents.refused.${failureReason(error)}`) };
    if (error instanceof IpfsContentError) return { cid, refused: message(`documents.refused.${error.reason}`, error.values) };
    throw error;
  }
}

/** Failures in one statement: retries after their backoff, refusals for good (dropping the pages that said "waiting"). */
async function recordFailures(outcomes: Outcome[], attempts: Map<string, number>) {
  const failed = outcomes.filter((o) => o.retry || o.refused);
  if (failed.length === 0) return;
  const input = JSON.stringify(
    failed.map((o) => ({
      cid: o.cid,
      status: o.refused ? "refused" : "waiting",
      error: o.refused ?? o.retry,
      delay: Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.min(20, (attempts.get(o.cid) ?? 1) - 1)),
    })),
  );
  await rows(sql`
    with input as (select * from jsonb_to_recordset(${input}::jsonb) as x(cid text, status text, error jsonb, delay integer)),
    updated as (
      update app.document_fetches f
      set status = i.status, last_error = i.error, next_attempt_at = now() + make_interval(secs => i.delay), updated_at = now()
      from input i where f.cid = i.cid
      returning f.cid, f.kind, f.status),
    shown as (
      select jsonb_build_object('evaluationId', e.id::text) as entity from updated u join ${views}.evaluations e on e.cid = u.cid where u.status = 'refused' and u.kind = 'evaluation'
      union all
      select jsonb_build_object('infoId', i.id::text) from updated u join ${views}.info_messages i on i.cid = u.cid where u.status = 'refused' and u.kind = 'info')
    select app.record_page_change(jsonb_agg(entity)) from shown having count(*) > 0`);
}

/** Runs `work` over `items`, at most `limit` at once. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type DocumentFetcher = {
  /** One turn now: find, claim, fetch, store; the number of fetches it handled. */
  turn(): Promise<number>;
  stop(): Promise<void>;
};

export function startDocumentFetcher(options: FetcherOptions): DocumentFetcher {
  const { intervalMs = 250, batch = 100, concurrency = 16, sweepMs = 60_000, ratePerSecond = 100, log = () => undefined } = options;
  const hostBusy = options.hostBusy ?? hostBusyProbe();
  let seen = { evaluation: "0", info: "0" };
  let lastSweep = 0;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const work = async (): Promise<number> => {
    if (Date.now() - lastSweep >= sweepMs) {
      lastSweep = Date.now();
      seen = { evaluation: "0", info: "0" };
    }
    seen = await discover(seen);
    const claimed = await claim(batch);
    if (claimed.length === 0) return 0;
    const outcomes = await pooled(claimed, concurrency, (c) => fetchOne(c, options));
    await storeDocuments(outcomes.flatMap((o) => (o.stored ? [o.stored] : [])));
    await recordFailures(outcomes, new Map(claimed.map((c) => [c.cid, c.attempts])));
    const failed = outcomes.filter((o) => !o.stored).length;
    if (failed) log(`documents: ${claimed.length - failed} stored, ${failed} not (yet)`);
    return claimed.length;
  };
  const turn = () => (running ??= work().finally(() => (running = undefined)));

  const loop = async () => {
    if (stopped) return;
    let handled = 0;
    const began = Date.now();
    try {
      handled = await turn();
    } catch (error) {
      // A 503 Response from the gateway (the database is away) or a failed statement: try again next turn.
      log(`documents: turn failed: ${error instanceof Response ? `database unavailable (${error.status})` : error instanceof Error ? error.message : String(error)}`);
    }
    // A full batch means more may be due: go on at once, or while the host is busy as soon as the pace allows.
    const paced = hostBusy() ? Math.max(0, began + (handled / ratePerSecond) * 1000 - Date.now()) : 0;
    if (!stopped) timer = setTimeout(() => void loop(), handled >= batch ? paced : intervalMs);
  };
  void loop();

  return {
    turn,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
