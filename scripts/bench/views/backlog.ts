/**
 * The views bench's fetcher phase: the live phase (live.ts: the three pages together while events
 * arrive) while the document fetcher (`npm run documents`, its own process) works through a
 * backlog, read from a local IPFS node in a process of its own (../documents/ipfs-process.ts):
 *
 *   - every info message's document (the synthetic read model stores none of them), and
 *   - the documents of the newest `evaluations` evaluations, first taken out of app.documents and
 *     their fetches set waiting again (one app change drops their pages, which then say "waiting"),
 *     as if they had just been minted by another client.
 *
 * Storing them drops the pages that show them (storeDocuments' page change): those evaluations',
 * their chapters' (the latest evaluations, activity) and their voters' pages, the info messages'
 * and their senders'. The fetches are listed due in an hour, then every page of the bench's lists
 * is asked for once (the pages the taken documents dropped are rendered again, saying "waiting", as
 * a server that ran a while has them), then the live phase's warm-up; the fetches are made due at
 * once when the measured run starts. The latencies are of the responses received until none waits
 * (or the run ends, when the backlog outlasts it).
 *
 * The two parts cost the pages differently: the info messages' documents change none of the pages
 * asked for, so they cost the pages only the CPU the fetcher, its IPFS node and Postgres take; an
 * evaluation's document changes its page, its chapter's and those of members whose votes or
 * activity name it (1,000 evaluations: ~3,500 of the ~16,000 pages), each rendered again once.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { startDocumentsProcess } from "../../lib/documents-process.js";
import { startDocumentsIpfs } from "../documents/ipfs-process.js";
import { cpuSeconds } from "./cpu.js";
import { hammer, latency, type Latency } from "./hammer.js";
import { livePhase, type LivePhase, type LiveResult } from "./live.js";
import { cacheLine } from "./report.js";
import { changeSeen } from "./uncached.js";

export type BacklogResult = LiveResult & {
  /** Fetches waiting when the run started; stored and refused by its end. */
  backlog: number;
  stored: number;
  refused: number;
  /** Seconds from the start of the run until none waited; undefined when some still did at its end. */
  drainedSeconds: number | undefined;
  /** The responses received while the fetcher worked. */
  whileFetching: Latency & { count: number; seconds: number };
  /** CPU seconds of the fetcher's and the IPFS node's processes over the run. */
  cpu: { fetcher: number; gateway: number };
};

export async function backlogPhase({
  live,
  paths,
  admin,
  viewsSchema,
  evaluations,
  log,
}: {
  live: Omit<LivePhase, "beforeMeasuring" | "onResponse">;
  /** Every page of the bench's lists, asked for once before the warm-up. */
  paths: string[];
  /** A client of the bench's database. */
  admin: pg.Client;
  viewsSchema: string;
  /** How many of the newest evaluations lose their documents to the backlog. */
  evaluations: number;
  log: (line: string) => void;
}): Promise<BacklogResult> {
  const views = `"${viewsSchema}"`;
  const count = async (text: string) => (await admin.query<{ n: number }>(text)).rows[0]!.n;
  const range = (await admin.query<{ last: number; infos: number }>(`select (select max(id)::int from ${views}.evaluations) as last, (select max(id)::int from ${views}.info_messages) as infos`)).rows[0]!;
  const first = Math.max(1, range.last - evaluations + 1);
  const ipfs = startDocumentsIpfs([
    { kind: "evaluation", first, count: range.last - first + 1 },
    { kind: "info", first: 1, count: range.infos },
  ]);
  let fetcher: ReturnType<typeof startDocumentsProcess> | undefined;
  try {
    const gatewayUrl = await ipfs.ready();

    // The backlog, due in an hour: the newest evaluations' documents taken away (their pages dropped), the info messages' listed.
    if (first <= range.last) {
      await changeSeen(live.url, () =>
        admin.query(
          `with chosen as (select id, cid from ${views}.evaluations where id >= $1),
           gone as (delete from app.documents d using chosen c where d.cid = c.cid returning d.cid),
           waiting as (
             update app.document_fetches f set status = 'waiting', attempts = 0, last_error = null, next_attempt_at = now() + interval '1 hour', updated_at = now()
             from gone g where f.cid = g.cid returning f.cid)
           select app.record_page_change((select jsonb_agg(jsonb_build_object('evaluationId', id::text)) from chosen)), (select count(*) from waiting)`,
          [first],
        ),
      );
    }
    await admin.query(
      `insert into app.document_fetches (cid, kind, next_attempt_at) select cid, 'info', now() + interval '1 hour' from ${views}.info_messages on conflict (cid) do nothing`,
    );
    const backlog = await count(`select count(*)::int as n from app.document_fetches where status = 'waiting'`);
    log(`  backlog: ${backlog.toLocaleString("en")} documents (evaluations ${first}–${range.last}, info messages 1–${range.infos}) on the IPFS node (pid ${ipfs.process.pid})`);

    fetcher = startDocumentsProcess({ env: { DATABASE_URL: live.databaseUrl, READ_MODEL_SCHEMA: viewsSchema, IPFS_GATEWAYS: gatewayUrl, IPFS_TIMEOUT_MS: "5000", ...(process.env.DOCUMENTS_BUSY_RATE ? { DOCUMENTS_BUSY_RATE: process.env.DOCUMENTS_BUSY_RATE } : {}) } });
    await fetcher.ready();
    const fetcherPid = fetcher.process.pid!;
    const ipfsPid = ipfs.process.pid!;
    let next = 0;
    const again = await hammer(live.url, { path: () => paths[next++]!, amount: paths.length, connections: live.connections });
    log(`  every page once (${paths.length.toLocaleString("en")}, ${again.seconds.toFixed(1)} s): x-cache ${cacheLine(again.cache)}`);

    const answers: { at: number; ms: number }[] = [];
    let started = 0;
    let drainedAt: number | undefined;
    let cpuBefore = { fetcher: 0, gateway: 0 };
    let polling: Promise<void> | undefined;
    let running = true;
    const result = await livePhase({
      ...live,
      async beforeMeasuring() {
        cpuBefore = { fetcher: cpuSeconds(fetcherPid) ?? NaN, gateway: cpuSeconds(ipfsPid) ?? NaN };
        await admin.query(`update app.document_fetches set next_attempt_at = now() where status = 'waiting'`);
        started = performance.now();
        polling = (async () => {
          while (running && drainedAt === undefined) {
            await sleep(100);
            if ((await count(`select count(*)::int as n from app.document_fetches where status = 'waiting'`)) === 0) drainedAt = performance.now();
          }
        })();
      },
      onResponse: ({ ms }) => answers.push({ at: performance.now(), ms }),
    });
    running = false;
    await polling;
    const cpu = { fetcher: (cpuSeconds(fetcherPid) ?? NaN) - cpuBefore.fetcher, gateway: (cpuSeconds(ipfsPid) ?? NaN) - cpuBefore.gateway };
    const end = drainedAt ?? Infinity;
    const during = answers.filter((a) => a.at <= end).map((a) => a.ms);
    const waiting = await count(`select count(*)::int as n from app.document_fetches where status = 'waiting'`);
    const refused = await count(`select count(*)::int as n from app.document_fetches where status = 'refused'`);
    return {
      ...result,
      backlog,
      stored: backlog - waiting - refused,
      refused,
      drainedSeconds: drainedAt === undefined ? undefined : (drainedAt - started) / 1000,
      whileFetching: { ...latency(during), count: during.length, seconds: drainedAt === undefined ? result.seconds : (drainedAt - started) / 1000 },
      cpu,
    };
  } finally {
    await fetcher?.stop().catch(() => undefined);
    await ipfs.stop().catch(() => undefined);
  }
}
