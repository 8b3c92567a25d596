/**
 * Live lag: with anvil mining a block every second and the product indexer following the chain,
 * how long after a block is mined do its events show up in the read model the app queries?
 *
 * - Mined at: anvil's block timestamps are whole seconds, so instead a watcher polls
 *   eth_blockNumber every ~10 ms and records the wall-clock time at which each new block number
 *   first appears. That is when the block became available to any client (Ponder included), and
 *   it is at most ~10 ms plus one local RPC round trip late, which makes the lag slightly smaller
 *   than the true one.
 * - Visible at: a poller runs `SELECT tx_hash FROM <views schema>.activity WHERE tx_hash = ANY(...)`
 *   every ~20 ms (one query at a time) and records, for each newly found hash, the time the query
 *   was sent: the row was committed before that query's snapshot, so this is at most one polling
 *   period (plus query time) after the commit.
 * - Lag = visible at − mined at (of the block that includes the transaction, from its receipt).
 *
 * Transactions: applyForChapterMembership by fresh accounts and votes by members who had not voted
 * on that evaluation yet, half each, spread evenly over the run (`perSecond` per second, so a few
 * per block), sent with eth_sendTransaction through anvil's auto-impersonation.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { encodeFunctionData, type Address, type Hex } from "viem";
import { partyAbi } from "../../../abis/party.js";
import type { Indexer } from "../../lib/indexer.js";
import { percentile } from "../percentile.js";
import { impersonatedTransaction, type BenchChain } from "./chain.js";
import type { LiveFixtures } from "./generate.js";
import { fetchMetrics, sum } from "./metrics.js";
import { address } from "./plan.js";

export type LiveParameters = BenchChain & {
  indexer: Indexer;
  /** The product indexer's database. */
  databaseUrl: string;
  viewsSchema: string;
  fixtures: LiveFixtures;
  transactions: number;
  perSecond: number;
};

export type LiveResult = {
  lagsMs: number[];
  p50: number;
  p95: number;
  max: number;
  blocks: number;
  /** Ponder's own ponder_realtime_latency (block received → processed), mean over the run. */
  ponderProcessingMeanMs: number | null;
};

export async function measureLiveLag(params: LiveParameters): Promise<LiveResult> {
  const { rpc, party, log } = params;
  let stopped = false;
  let failure: unknown;
  /** Runs a background loop; its first error stops everything and is rethrown by check(). */
  const background = (loop: () => Promise<void>) =>
    loop().catch((error) => {
      failure ??= error;
      stopped = true;
    });
  const check = () => {
    if (failure) throw failure;
  };

  // Head watcher: wall-clock time at which each block number first appeared.
  const minedAt = new Map<number, number>();
  let head = Number(await rpc.call<Hex>("eth_blockNumber"));
  const watcher = background(async () => {
    while (!stopped) {
      const number = Number(await rpc.call<Hex>("eth_blockNumber"));
      const now = Date.now();
      for (let n = head + 1; n <= number; n++) minedAt.set(n, now);
      head = Math.max(head, number);
      await sleep(10);
    }
  });

  const pool = new pg.Pool({ connectionString: params.databaseUrl, max: 1 });
  pool.on("error", () => undefined);
  try {
    await rpc.call("evm_setIntervalMining", [1]);
    // Let Ponder reach the head (it first works through the unfinalized blocks since its start).
    const target = Number(await rpc.call<Hex>("eth_blockNumber")) + 2;
    await params.indexer.waitForBlock(target, 120_000);
    const before = await fetchMetrics(params.indexer.url);

    // Visibility poller.
    const pending = new Set<Hex>();
    const seenAt = new Map<Hex, number>();
    const table = `"${params.viewsSchema.replace(/"/g, '""')}".activity`;
    const poller = background(async () => {
      while (!stopped) {
        if (pending.size > 0) {
          const queriedAt = Date.now();
          const { rows } = await pool.query<{ tx_hash: Hex }>(`SELECT DISTINCT tx_hash FROM ${table} WHERE tx_hash = ANY($1::text[])`, [
            [...pending],
          ]);
          for (const { tx_hash } of rows) {
            if (pending.delete(tx_hash)) seenAt.set(tx_hash, queriedAt);
          }
        }
        await sleep(20);
      }
    });

    // Sender: half applications by fresh accounts, half first votes by members.
    const { fixtures } = params;
    const voters = fixtures.freshVoters.filter((_, i) => i % 7 === 0);
    const hashes: Hex[] = [];
    const sends: Promise<void>[] = [];
    const start = Date.now();
    const spacing = 1000 / params.perSecond;
    for (let i = 0; i < params.transactions; i++) {
      await sleep(Math.max(0, start + i * spacing - Date.now()));
      check();
      let from: Address;
      let data: Hex;
      if (i % 2 === 0) {
        from = address(`bench live applicant ${process.pid} ${i}`);
        data = encodeFunctionData({ abi: partyAbi, functionName: "applyForChapterMembership", args: [BigInt((i % fixtures.chapters) + 1)] });
      } else {
        const { voter, evaluationId } = voters[(i >> 1) % voters.length];
        from = voter;
        data = encodeFunctionData({ abi: partyAbi, functionName: "vote", args: [evaluationId, ((i * 37) % 256) - 128] });
      }
      const send = impersonatedTransaction(fixtures.nonces, party, { from, data, gas: 500_000 });
      sends.push(
        rpc
          .call<Hex>(send.method, send.params)
          .then((hash) => {
            hashes.push(hash);
            pending.add(hash);
          })
          .catch((error) => {
            failure ??= error;
            stopped = true;
          }),
      );
      if ((i + 1) % 50 === 0) log(`  live: ${i + 1}/${params.transactions} transactions sent, ${seenAt.size} visible`);
    }
    await Promise.all(sends);
    check();

    const deadline = Date.now() + 30_000;
    while (pending.size > 0 && Date.now() < deadline && !stopped) await sleep(50);
    const after = await fetchMetrics(params.indexer.url);
    stopped = true;
    await Promise.all([poller, watcher]);
    check();
    await rpc.call("evm_setIntervalMining", [0]);
    if (pending.size > 0) throw new Error(`${pending.size} of ${hashes.length} live transactions never became visible in ${params.viewsSchema}.activity`);

    const receipts = await rpc.batch<{ blockNumber: Hex; status: Hex } | null>(
      hashes.map((hash) => ({ method: "eth_getTransactionReceipt", params: [hash] })),
    );
    const lagsMs: number[] = [];
    const blocks = new Set<number>();
    receipts.forEach((receipt, i) => {
      if (!receipt || receipt.status !== "0x1") throw new Error(`live transaction ${hashes[i]} failed or was not mined`);
      const block = Number(receipt.blockNumber);
      const mined = minedAt.get(block);
      if (mined === undefined) throw new Error(`no mining time recorded for block ${block}`);
      blocks.add(block);
      lagsMs.push(seenAt.get(hashes[i])! - mined);
    });

    const latency = (samples: typeof before, suffix: string) => sum(samples, `ponder_realtime_latency_${suffix}`);
    const count = latency(after, "count") - latency(before, "count");
    const sorted = [...lagsMs].sort((a, b) => a - b);
    return {
      lagsMs,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: Math.max(...lagsMs),
      blocks: blocks.size,
      ponderProcessingMeanMs: count > 0 ? (latency(after, "sum") - latency(before, "sum")) / count : null,
    };
  } finally {
    stopped = true;
    await watcher;
    await pool.end().catch(() => undefined);
  }
}
