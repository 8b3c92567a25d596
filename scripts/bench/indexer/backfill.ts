/**
 * Times a cold backfill: a fresh database (so no RPC cache and no checkpoint; the local config
 * also sets disableCache), `ponder start`, and the wall-clock times at which Ponder's log lines
 * arrive on its stdout.
 *
 * Measured interval: from "Started backfill indexing" to "Started returning 200 responses"
 * (/ready). That covers everything the backfill costs (fetching logs, blocks and transactions
 * from the RPC, running the handlers, flushing to Postgres) plus what Ponder does before the data
 * can be read (creating the tables' indexes and the views), and leaves out Ponder's start-up
 * (bundling the sources, migrating the database, looking up the chain's head), which does not
 * depend on the data set. "Completed backfill indexing across all chains" is recorded as well, so
 * the index-creation share can be told apart.
 */
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createDatabase } from "../../lib/database.js";
import { startIndexer, type Indexer } from "../../lib/indexer.js";
import { completedEvents, fetchMetrics, type Sample } from "./metrics.js";

export type BackfillParameters = {
  /** Names the database and the log file. */
  name: string;
  adminUrl: string;
  rpcUrl: string;
  /** Ponder root; the product indexer when unset. */
  root?: string;
  viewsSchema: string;
  env?: Record<string, string>;
  timeoutMs: number;
  /** Registers the database for clean-up as soon as it exists. */
  onDatabase: (name: string) => void;
  /** Registers the running indexer for clean-up. */
  onIndexer: (indexer: Indexer) => void;
  log: (message: string) => void;
};

export type BackfillResult = {
  indexer: Indexer;
  /** The database's name and URL. */
  database: string;
  databaseUrl: string;
  logFile: string;
  /** Started backfill indexing → /ready. */
  seconds: number;
  /** Started backfill indexing → Completed backfill indexing (handlers and flushes only). */
  indexingSeconds: number;
  /** Ponder start → Started backfill indexing. */
  startupSeconds: number;
  processedEvents: number;
  metrics: Sample[];
};

const MARKS = {
  started: (line: string) => line.includes("Started backfill indexing"),
  completed: (line: string) => line.includes("Completed backfill indexing across all chains"),
  // Not the endpoint=/health line, which comes first.
  ready: (line: string) => line.includes("Started returning 200 responses") && line.includes("/ready"),
} as const;

export async function runBackfill(params: BackfillParameters): Promise<BackfillResult> {
  const database = `bench_indexer_${params.name}_${process.pid}`;
  const databaseUrl = await createDatabase(params.adminUrl, database);
  params.onDatabase(database);

  const logFile = join(tmpdir(), `bench-indexer-${params.name}-${process.pid}.log`);
  const logStream = createWriteStream(logFile);
  const marks: Partial<Record<keyof typeof MARKS, number>> = {};
  let pending = "";
  const onOutput = (text: string) => {
    const now = Date.now();
    logStream.write(text);
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      for (const [mark, matches] of Object.entries(MARKS) as [keyof typeof MARKS, (line: string) => boolean][]) {
        if (marks[mark] === undefined && matches(line)) marks[mark] = now;
      }
      // Ponder's warnings and errors, less the ones our own clean-up causes.
      if (/\b(WARN|ERROR|FATAL)\b/.test(line) && !/Received SIG|shutdown sequence/.test(line)) {
        params.log(`  [${params.name}] ${line.trim()}`);
      }
    }
  };

  const launchedAt = Date.now();
  const indexer = await startIndexer({
    databaseUrl,
    rpcUrl: params.rpcUrl,
    root: params.root,
    schema: "bench",
    viewsSchema: params.viewsSchema,
    env: params.env,
    log: onOutput,
  });
  params.onIndexer(indexer);

  const deadline = Date.now() + params.timeoutMs;
  let lastProgress = Date.now();
  while (marks.ready === undefined) {
    if (indexer.process.exitCode !== null) {
      throw new Error(`${params.name} indexer exited with ${indexer.process.exitCode}; see ${logFile}:\n${indexer.output().slice(-3000)}`);
    }
    if (Date.now() > deadline) throw new Error(`${params.name} indexer not ready after ${params.timeoutMs} ms; see ${logFile}`);
    if (Date.now() - lastProgress > 5000) {
      lastProgress = Date.now();
      const done = marks.started === undefined ? 0 : completedEvents(await fetchMetrics(indexer.url).catch(() => []));
      params.log(`  ${params.name}: ${marks.started === undefined ? "starting" : `${done} events indexed`}`);
    }
    await sleep(20);
  }
  if (marks.started === undefined) throw new Error(`${params.name}: no "Started backfill indexing" line; see ${logFile}`);
  const completed = marks.completed ?? marks.ready;
  // The log stream stays open: the product indexer keeps running (and logging) for the live phase.
  const metrics = await fetchMetrics(indexer.url);
  return {
    indexer,
    database,
    databaseUrl,
    logFile,
    seconds: (marks.ready - marks.started) / 1000,
    indexingSeconds: (completed - marks.started) / 1000,
    startupSeconds: (marks.started - launchedAt) / 1000,
    processedEvents: completedEvents(metrics),
    metrics,
  };
}
