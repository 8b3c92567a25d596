/**
 * `npm run bench:documents`: the document fetcher (server/documents/fetcher.ts, `npm run documents`).
 *
 *   1. Throughput (bench/documents/throughput.ts): BENCH_DOCUMENTS (10,000) distinct evaluation
 *      documents on a local IPFS node, their fetches waiting in app.document_fetches over a read
 *      model of only what the fetcher reads; the fetcher, as its own process, drains them.
 *      Documents a second, and its CPU (and the database's) per document.
 *   2. Mint to readable (bench/documents/mint.ts): the local stack with 1 s blocks and documents
 *      (anvil, indexer, IPFS node, fetcher process, the production app server from a copy of the
 *      build); BENCH_DOCUMENTS_MINTS (20) evaluations minted through the contract by the evaluation
 *      minter (the local admin, anvil's first account), one after another after a warm-up one,
 *      each from its receipt to its page on the app server showing its document's title.
 *
 * Human-readable figures go to stderr; the last stdout line is one JSON object:
 *   {"documents","docs_per_s","fetcher_cpu_ms_per_doc","fetcher_cpu_share","postgres_cpu_ms_per_doc",
 *    "gateway_cpu_ms_per_doc","mints","readable_p50_ms","readable_p95_ms","readable_from_block_p95_ms",
 *    "indexed_p50_ms","load_average_start","load_average_end"}
 * `fetcher_cpu_share` is the fetcher's CPU over the drain's wall time (1 = one core);
 * `readable_from_block_p95_ms` counts from the block's timestamp, which has whole seconds.
 * Targets: docs_per_s ≥ 500; readable_p95_ms ≤ 3,000.
 *
 * Postgres: DATABASE_URL (an admin URL: two databases are created and dropped), else a throwaway
 * embedded server. Everything started is stopped on exit, also on failure and Ctrl-C.
 */
import { rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { stringToHex } from "viem";
import { migrate } from "../db/migrate.js";
import { ADMIN } from "../tests/fixtures/accounts.js";
import { startStack, type Stack } from "../tests/setup/stack.js";
import { mintToReadable, type MintMeasurement } from "./bench/documents/mint.js";
import { fetcherThroughput } from "./bench/documents/throughput.js";
import { percentile } from "./bench/percentile.js";
import { runBench } from "./bench/run.js";
import { snapshotBuild } from "./lib/app-build.js";
import { startAppServer } from "./lib/app-server.js";
import { createDatabase, dropDatabase, redactUrl, startEmbeddedPostgres } from "./lib/database.js";
import { syntheticDocumentFiles } from "./lib/synthetic-documents.js";

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const MINTS = Number(process.env.BENCH_DOCUMENTS_MINTS ?? 20);
const TARGETS = { docsPerS: 500, readableP95Ms: 3000 };

const log = (message: string) => process.stderr.write(`${message}\n`);
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);
const loadLine = () => `load average ${load().join(" ")} on ${availableParallelism()} cores`;

const cleanups: { what: string; run: () => Promise<unknown> }[] = [];

async function main() {
  const began = Date.now();
  const loadStart = load();
  log(`bench:documents: ${DOCUMENTS.toLocaleString("en")} documents, then ${MINTS} mints; ${loadLine()}`);
  const adminUrl = process.env.DATABASE_URL ?? (await embedded());
  if (process.env.DATABASE_URL) log(`databases on ${redactUrl(adminUrl)}`);
  const database = async (name: string) => {
    const url = await createDatabase(adminUrl, name);
    cleanups.push({ what: `drop ${name}`, run: () => dropDatabase(adminUrl, name) });
    await migrate(url);
    return url;
  };

  // 1. Throughput
  log("\nfetcher throughput");
  const throughputDb = `bench_documents_${process.pid}`;
  const t = await fetcherThroughput({ databaseUrl: await database(throughputDb), databaseName: throughputDb, count: DOCUMENTS, log });
  const perDoc = (seconds: number) => (seconds * 1000) / t.documents;
  log(
    `  ${t.stored.toLocaleString("en")} stored, ${t.refused} refused in ${t.seconds.toFixed(2)} s: ${t.perSecond.toFixed(0)} documents/s; ` +
      `${t.pageChanges} page changes (one per batch)`,
  );
  log(
    `  CPU per document: fetcher ${perDoc(t.cpu.fetcher).toFixed(3)} ms (${((t.cpu.fetcher / t.seconds) * 100).toFixed(0)} % of one core), ` +
      `postgres backends ${perDoc(t.cpu.postgres).toFixed(3)} ms, gateway (the IPFS node's process) ${perDoc(t.cpu.gateway).toFixed(3)} ms; ${loadLine()}`,
  );
  if (t.stored !== t.documents) throw new Error(`${t.documents - t.stored} documents were not stored:\n${t.fetcherOutput.slice(-4000)}`);

  // 2. Mint to readable
  log(`\nmint to readable: the local stack with 1 s blocks and documents`);
  const build = snapshotBuild("bench-documents-app-");
  cleanups.push({ what: "remove build copy", run: async () => rmSync(build, { recursive: true, force: true }) });
  let phase = Date.now();
  const stack: Stack = await startStack({ seed: false, blockTime: 1, documents: true, app: false, database: await database(`bench_documents_stack_${process.pid}`) });
  cleanups.push({ what: "stop stack", run: () => stack.stop() });
  const app = await startAppServer({ dir: build, env: stack.appEnv });
  stack.adopt(app.stop);
  await stack.send(ADMIN, "addChapterToParty", [[[]], [stringToHex("Berlin", { size: 32 })], [1], [2]]);
  await stack.waitForIndexer();
  log(`  ready in ${((Date.now() - phase) / 1000).toFixed(1)} s (app ${app.url}, fetcher pid ${stack.documents.process.pid}); chapter 1 added`);

  // Past the throughput part's ids: documents no node has seen.
  const files = await syntheticDocumentFiles("evaluation", MINTS + 1, DOCUMENTS + 1);
  const results: MintMeasurement[] = [];
  phase = Date.now();
  for (const [i, file] of files.entries()) {
    await sleep(Math.random() * 1000);
    const m = await mintToReadable({ stack, appUrl: app.url, minter: ADMIN, chapterId: 1n, file });
    // The first (the app's, the indexer's and the fetcher's first requests) is not counted.
    if (i === 0) {
      log(`  warm-up: readable ${m.readableMs.toFixed(0)} ms after the receipt`);
      continue;
    }
    results.push(m);
    log(
      `  evaluation ${String(m.evaluationId).padStart(2)} (block ${m.block}): indexed ${m.indexedMs.toFixed(0).padStart(5)} ms, ` +
        `readable ${m.readableMs.toFixed(0).padStart(5)} ms after the receipt (${m.readableFromBlockMs.toFixed(0)} ms after the block's timestamp)`,
    );
  }
  const sorted = (pick: (m: MintMeasurement) => number) => results.map(pick).sort((a, b) => a - b);
  const readable = sorted((m) => m.readableMs);
  const fromBlock = sorted((m) => m.readableFromBlockMs);
  const indexed = sorted((m) => m.indexedMs);

  const figures = {
    documents: t.documents,
    docs_per_s: Math.round(t.perSecond),
    fetcher_cpu_ms_per_doc: Math.round(perDoc(t.cpu.fetcher) * 1000) / 1000,
    fetcher_cpu_share: Math.round((t.cpu.fetcher / t.seconds) * 100) / 100,
    postgres_cpu_ms_per_doc: Math.round(perDoc(t.cpu.postgres) * 1000) / 1000,
    gateway_cpu_ms_per_doc: Math.round(perDoc(t.cpu.gateway) * 1000) / 1000,
    mints: results.length,
    readable_p50_ms: Math.round(percentile(readable, 50)),
    readable_p95_ms: Math.round(percentile(readable, 95)),
    readable_from_block_p95_ms: Math.round(percentile(fromBlock, 95)),
    indexed_p50_ms: Math.round(percentile(indexed, 50)),
    load_average_start: loadStart,
    load_average_end: load(),
  };
  log("\ntargets:");
  log(`  fetcher ${figures.docs_per_s} documents/s >= ${TARGETS.docsPerS}: ${figures.docs_per_s >= TARGETS.docsPerS ? "met" : "MISSED"}`);
  log(`  mint to readable p95 ${figures.readable_p95_ms} ms <= ${TARGETS.readableP95Ms} ms: ${figures.readable_p95_ms <= TARGETS.readableP95Ms ? "met" : "MISSED"}`);
  log(`  (p50 ${figures.readable_p50_ms} ms; from the block's timestamp p95 ${figures.readable_from_block_p95_ms} ms; indexed p50 ${figures.indexed_p50_ms} ms)`);
  log(`bench took ${((Date.now() - began) / 1000).toFixed(0)} s; ${loadLine()}`);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/** A throwaway embedded Postgres, its admin URL. */
async function embedded(): Promise<string> {
  const server = await startEmbeddedPostgres();
  cleanups.push({ what: "stop embedded postgres", run: () => server.stop() });
  log(`embedded postgres on port ${server.port} (${server.dataDir}); no DATABASE_URL`);
  return server.url;
}

await runBench("bench:documents", main, async () => {
  for (const c of cleanups.reverse()) await c.run().catch((error: unknown) => log(`cleanup (${c.what}) failed: ${String(error)}`));
  cleanups.length = 0;
});
