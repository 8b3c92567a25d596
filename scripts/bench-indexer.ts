/**
 * `npm run bench:indexer`: how fast the product indexer (indexer/) backfills and how far behind
 * the chain it runs live.
 *
 * 1. Starts anvil (chain 137; auto-impersonation, zero fees and a 1e9 block gas limit so that any
 *    address can send without keys or funding), deploys the party contract and generates
 *    ~125,000 party events in ~29,000 transactions mined into big blocks (scripts/bench/indexer/).
 *    Then mines empty blocks past Ponder's finality depth: Ponder only backfills up to
 *    latest − 200 on chain 137 (its built-in finality block count for Polygon, not anvil's
 *    `finalized` tag) and indexes anything newer live, block by block.
 *    The chain is a second anvil that forks an empty first one (both chain 137): a plain anvil
 *    recomputes the state root over the whole state for every block it mines, which with this
 *    data set makes each block cost ~0.2–1 s (the 210 empty blocks alone took minutes), while a
 *    forking anvil skips the state root (its headers carry 0x0). Blocks, transactions and logs,
 *    which is all Ponder reads, are the same.
 * 2. Baseline: a cold backfill by scripts/bench/indexer/baseline-indexer (same config, a no-op
 *    handler for every event), into its own fresh database: Ponder's own cost for this data set.
 * 3. Product: the same cold backfill by indexer/ into another fresh database. Both are timed from
 *    "Started backfill indexing" to /ready (see scripts/bench/indexer/backfill.ts for why), and
 *    events_per_s = events / seconds for both, with `events` the product's events on chain.
 * 4. Live lag: anvil mines a block every second, 200 transactions (5 per second) each produce an
 *    activity row; the lag of each is the time it became visible in the views schema minus the
 *    wall-clock time its block appeared (scripts/bench/indexer/live.ts). p50 and p95 are reported.
 * 5. Human-readable figures go to stderr; the last stdout line is one JSON object:
 *    {"events":N,"events_per_s":N,"baseline_events_per_s":N,"live_lag_p50_ms":N,"live_lag_p95_ms":N}
 *
 * Postgres: DATABASE_URL (as an admin URL: the benchmark creates and drops its own databases),
 * else the embedded dev server. Ponder settings pass through the environment (PONDER_LOG_LEVEL,
 * PONDER_POLLING_INTERVAL_MS, PONDER_RPC_FANOUT). Knobs: BENCH_CHAPTERS (200 ≈ 125k events),
 * BENCH_TXS_PER_BLOCK (500), BENCH_LIVE_TXS (200), BENCH_RUNS (1; 2 or more repeats both backfills
 * and keeps each one's best, which is steadier on a busy machine but takes a minute or two more).
 *
 * Everything it starts (anvil, the indexers, an embedded Postgres) and every database it creates
 * is stopped or dropped on exit, also on failure and on Ctrl-C. Ponder's output is kept in
 * $TMPDIR/bench-indexer-{baseline,product}-<pid>.log.
 */
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import type { Address } from "viem";
import { partyDeployment } from "../abis/deployments.js";
import { anvilAccount } from "./lib/accounts.js";
import { startAnvil, type Anvil } from "./lib/anvil.js";
import { dropDatabase, provideDatabase, type ProvidedDatabase } from "./lib/database.js";
import { deployParty } from "./lib/deploy.js";
import { DEFAULT_VIEWS_SCHEMA } from "./lib/defaults.js";
import type { Indexer } from "./lib/indexer.js";
import { ROOT } from "./lib/paths.js";
import { runBackfill, type BackfillResult } from "./bench/indexer/backfill.js";
import { generate } from "./bench/indexer/generate.js";
import { measureLiveLag } from "./bench/indexer/live.js";
import { describeBackfill } from "./bench/indexer/metrics.js";
import { createRpc } from "./bench/indexer/rpc.js";
import { runBench } from "./bench/run.js";

const CHAPTERS = Number(process.env.BENCH_CHAPTERS ?? 200);
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS_PER_BLOCK ?? 500);
const LIVE_TXS = Number(process.env.BENCH_LIVE_TXS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const LIVE_PER_SECOND = 5;
const BLOCK_GAS_LIMIT = 1_000_000_000;
/** Ponder's finality block count for chain 137 (ponder/dist/esm/utils/finality.js), plus margin. */
const FINALITY_PADDING = 200 + 10;
const BACKFILL_TIMEOUT_MS = 15 * 60_000;
const BASELINE_ROOT = join(ROOT, "scripts", "bench", "indexer", "baseline-indexer");
const TARGETS = { eventsPerSecond: 5000, baselineRatio: 1.5, liveP95Ms: 1500 };

const log = (message: string) => process.stderr.write(`${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ----------------------------------------------------------------------------------------------
// Clean-up: everything started or created is registered here as soon as it exists.
// ----------------------------------------------------------------------------------------------
let database: ProvidedDatabase | undefined;
/** The empty chain that `anvil` forks, and the chain everything runs on. */
let forkBase: Anvil | undefined;
let anvil: Anvil | undefined;
const indexers = new Set<Indexer>();
const databases = new Set<string>();

async function cleanUp(): Promise<void> {
  await Promise.allSettled([...indexers].map((indexer) => indexer.stop()));
  await anvil?.stop().catch(() => undefined);
  await forkBase?.stop().catch(() => undefined);
  if (database) {
    for (const name of databases) {
      await dropDatabase(database.url, name).catch((error) => log(`could not drop database ${name}: ${error}`));
    }
    await database.stop().catch(() => undefined);
  }
}

async function stopIndexer(indexer: Indexer) {
  await indexer.stop();
  indexers.delete(indexer);
}

function reportBackfill(name: string, result: BackfillResult, events: number) {
  log(
    `${name}: ${events} events in ${result.seconds.toFixed(2)} s → ${Math.round(events / result.seconds)} events/s ` +
      `(handlers and flushes ${result.indexingSeconds.toFixed(2)} s, then indexes and views ` +
      `${(result.seconds - result.indexingSeconds).toFixed(2)} s; start-up before the backfill ${result.startupSeconds.toFixed(1)} s, not counted; ` +
      `${result.processedEvents} events processed by Ponder)`,
  );
  for (const line of describeBackfill(result.metrics)) log(`  ${line}`);
  log(`  log: ${result.logFile}`);
}

async function main() {
  const began = Date.now();
  const load = loadavg()[0];
  const cores = availableParallelism();
  log(`bench:indexer on ${cores} cores, load average ${load.toFixed(1)}`);
  if (load > cores) log(`warning: the machine is busy (load ${load.toFixed(1)} > ${cores} cores): figures will be pessimistic`);

  database = await provideDatabase();
  const adminUrl = database.url;

  // 1. Chain and data set.
  let phaseStart = Date.now();
  forkBase = await startAnvil({ args: ["--gas-limit", String(BLOCK_GAS_LIMIT)] });
  anvil = await startAnvil({
    args: ["--fork-url", forkBase.rpcUrl, "--auto-impersonate", "--gas-limit", String(BLOCK_GAS_LIMIT), "--base-fee", "0", "--gas-price", "0"],
  });
  const rpc = createRpc(anvil.rpcUrl);
  const admin = anvilAccount(0);
  const { address: party } = await deployParty({ rpcUrl: anvil.rpcUrl, deployer: admin });
  const expected = partyDeployment({ PARTY_ENV: "local" }).address;
  if (party.toLowerCase() !== expected.toLowerCase()) throw new Error(`party deployed at ${party}, the indexer expects ${expected}`);
  await rpc.call("evm_setAutomine", [false]);
  log(`generating the data set (${CHAPTERS} chapters, up to ${TXS_PER_BLOCK} transactions per block)`);
  const data = await generate({
    rpc,
    party: party as Address,
    admin: admin.address,
    chapters: CHAPTERS,
    txsPerBlock: TXS_PER_BLOCK,
    blockGasLimit: BLOCK_GAS_LIMIT,
    log,
  });
  log(
    `generated ${data.events} events in ${data.transactions} transactions, blocks ${data.firstBlock}–${data.lastBlock}, ` +
      `in ${seconds(Date.now() - phaseStart)}`,
  );
  log(
    `  by event: ${Object.entries(data.eventsByName)
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")}`,
  );
  phaseStart = Date.now();
  await rpc.call("anvil_mine", [`0x${FINALITY_PADDING.toString(16)}`]);
  log(`mined ${FINALITY_PADDING} empty blocks past Ponder's finality depth in ${seconds(Date.now() - phaseStart)}`);

  const indexerEnv = { PARTY_ENV: "local" };
  const register = { onDatabase: (name: string) => databases.add(name), onIndexer: (indexer: Indexer) => indexers.add(indexer) };

  // 2 and 3. Baseline, then product backfill, each into a fresh database; BENCH_RUNS > 1 repeats
  // the pair and keeps each one's fastest run (on a shared machine, interference only ever makes
  // a run slower). The last product indexer keeps running for the live phase.
  const backfill = async (kind: "baseline" | "product", run: number) => {
    const name = RUNS > 1 ? `${kind}${run}` : kind;
    log(`${name} backfill (${kind === "baseline" ? "no-op handlers" : "indexer/"})`);
    const result = await runBackfill({
      name,
      adminUrl,
      rpcUrl: anvil!.rpcUrl,
      root: kind === "baseline" ? BASELINE_ROOT : undefined,
      viewsSchema: kind === "baseline" ? "baseline" : DEFAULT_VIEWS_SCHEMA,
      env: indexerEnv,
      timeoutMs: BACKFILL_TIMEOUT_MS,
      log,
      ...register,
    });
    reportBackfill(name, result, data.events);
    return result;
  };
  const discard = async (result: BackfillResult) => {
    await stopIndexer(result.indexer);
    await dropDatabase(adminUrl, result.database);
    databases.delete(result.database);
  };
  let baseline: BackfillResult | undefined;
  let product: BackfillResult | undefined;
  for (let run = 1; run <= RUNS; run++) {
    const b = await backfill("baseline", run);
    await discard(b);
    if (!baseline || b.seconds < baseline.seconds) baseline = b;
    const p = await backfill("product", run);
    if (p.processedEvents !== data.events) {
      log(`warning: the product indexer processed ${p.processedEvents} events, the chain has ${data.events}`);
    }
    if (!product || p.seconds < product.seconds) {
      if (product) await discard(product);
      product = p;
    } else {
      await discard(p);
    }
  }
  if (!baseline || !product) throw new Error("BENCH_RUNS must be at least 1");

  // 4. Live lag.
  log(`live lag: ${LIVE_TXS} transactions, ${LIVE_PER_SECOND} per second, 1 s blocks`);
  const live = await measureLiveLag({
    rpc,
    party: party as Address,
    indexer: product.indexer,
    databaseUrl: product.databaseUrl,
    viewsSchema: DEFAULT_VIEWS_SCHEMA,
    fixtures: data.live,
    transactions: LIVE_TXS,
    perSecond: LIVE_PER_SECOND,
    log,
  });
  log(
    `live lag over ${live.lagsMs.length} transactions in ${live.blocks} blocks: p50 ${live.p50} ms, p95 ${live.p95} ms, max ${live.max} ms` +
      (live.ponderProcessingMeanMs === null ? "" : ` (Ponder's own block-received → processed mean: ${live.ponderProcessingMeanMs.toFixed(0)} ms)`),
  );

  // 5. Figures.
  const figures = {
    events: data.events,
    events_per_s: Math.round(data.events / product.seconds),
    baseline_events_per_s: Math.round(data.events / baseline.seconds),
    live_lag_p50_ms: Math.round(live.p50),
    live_lag_p95_ms: Math.round(live.p95),
  };
  const ratio = figures.baseline_events_per_s / figures.events_per_s;
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  log("");
  log(`events/s            ${figures.events_per_s} (target ≥ ${TARGETS.eventsPerSecond}: ${verdict(figures.events_per_s >= TARGETS.eventsPerSecond)})`);
  log(`baseline events/s   ${figures.baseline_events_per_s} (product is ${ratio.toFixed(2)}× slower; target ≤ ${TARGETS.baselineRatio}×: ${verdict(ratio <= TARGETS.baselineRatio)})`);
  log(`live lag p50 / p95  ${figures.live_lag_p50_ms} / ${figures.live_lag_p95_ms} ms (target p95 < ${TARGETS.liveP95Ms} ms: ${verdict(figures.live_lag_p95_ms < TARGETS.liveP95Ms)})`);
  log(`total run time      ${seconds(Date.now() - began)}; load average now ${loadavg()[0].toFixed(1)}`);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

await runBench("bench:indexer", main, cleanUp);
