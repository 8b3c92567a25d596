/**
 * Generates the planned data set on the benchmark's chain with automine off: a block is mined with
 * evm_mine after every `txsPerBlock` transactions.
 */
import type { Address, Hex } from "viem";
import { impersonatedTransaction, type BenchChain } from "./chain.js";
import { countEvents } from "./events.js";
import { planTransactions, type PlannedTx } from "./plan.js";
import { toQuantity, type Rpc } from "./rpc.js";

export type GenerateParameters = BenchChain & {
  admin: Address;
  /** Chapters founded; every other quantity scales with it. 200 gives ~125,000 events. */
  chapters: number;
  /** Transactions per mined block (fewer when their gas limits would not fit in one block). */
  txsPerBlock: number;
  /** The chain's block gas limit: anvil drops a sender's later transactions when one of them
   * does not fit into the block being mined, so blocks are cut to stay below it. */
  blockGasLimit: number;
};

/** What the live-lag phase needs to produce more events without breaking any rule. */
export type LiveFixtures = {
  chapters: number;
  /** Chapter members who have not voted on the chapter's first evaluation yet. */
  freshVoters: { voter: Address; evaluationId: bigint }[];
  nonces: Map<Address, number>;
};

export type GenerateResult = {
  /** Logs of the events the product indexer handles (everything but Initialized/Upgraded). */
  events: number;
  transactions: number;
  firstBlock: number;
  lastBlock: number;
  eventsByName: Record<string, number>;
  live: LiveFixtures;
};

async function pendingTransactions(rpc: Rpc): Promise<number> {
  const status = await rpc.call<{ pending: Hex; queued: Hex }>("txpool_status");
  return Number(status.pending) + Number(status.queued);
}

/** Reverted transactions in [from, to], for the error message when the counts disagree. */
async function revertedTransactions(rpc: Rpc, from: number, to: number): Promise<string[]> {
  const reverted: string[] = [];
  for (let start = from; start <= to && reverted.length < 5; start += 50) {
    const blocks = await rpc.batch<{ status: Hex; transactionHash: Hex; from: Address }[]>(
      Array.from({ length: Math.min(50, to - start + 1) }, (_, i) => ({ method: "eth_getBlockReceipts", params: [toQuantity(start + i)] })),
    );
    for (const receipt of blocks.flat()) {
      if (receipt.status !== "0x1") reverted.push(`${receipt.transactionHash} from ${receipt.from}`);
    }
  }
  return reverted;
}

export async function generate(params: GenerateParameters): Promise<GenerateResult> {
  const { rpc, party, admin, log } = params;
  const { phases, freshVoters } = planTransactions({ admin, chapters: params.chapters });
  const nonces = new Map<Address, number>();
  nonces.set(admin, Number(await rpc.call<Hex>("eth_getTransactionCount", [admin, "latest"])));
  const firstBlock = Number(await rpc.call<Hex>("eth_blockNumber")) + 1;
  const totalTxs = phases.reduce((n, p) => n + p.length, 0);
  let sent = 0;
  let lastReport = Date.now();
  let sendMs = 0;
  let mineMs = 0;

  for (const [index, phase] of phases.entries()) {
    const gasBudget = params.blockGasLimit * 0.9;
    for (let i = 0; i < phase.length; ) {
      const chunk: PlannedTx[] = [];
      let gas = 0;
      while (i < phase.length && chunk.length < params.txsPerBlock && (chunk.length === 0 || gas + phase[i].gas <= gasBudget)) {
        gas += phase[i].gas;
        chunk.push(phase[i++]);
      }
      const sendStart = Date.now();
      await rpc.batch(chunk.map((t) => impersonatedTransaction(nonces, party, t)));
      const mineStart = Date.now();
      sendMs += mineStart - sendStart;
      await rpc.call("evm_mine");
      mineMs += Date.now() - mineStart;
      sent += chunk.length;
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        log(`  generating: ${sent}/${totalTxs} transactions (phase ${index + 1}/4; ${sendMs} ms sending, ${mineMs} ms mining)`);
      }
    }
    // Every transaction of the phase must be in a block before the next phase depends on it.
    for (let attempt = 0; (await pendingTransactions(rpc)) > 0; attempt++) {
      if (attempt >= 3) throw new Error(`phase ${index + 1}: transactions still pending after mining`);
      await rpc.call("evm_mine");
    }
  }

  const lastBlock = Number(await rpc.call<Hex>("eth_blockNumber"));
  const expected = 4 /* RoleHolderSet from initialize() */ + phases.flat().reduce((n, t) => n + t.events, 0);
  const counted = await countEvents(rpc, party, 0, lastBlock);
  if (counted.total !== expected) {
    const reverted = await revertedTransactions(rpc, firstBlock, lastBlock);
    throw new Error(
      `expected ${expected} party events on chain, found ${counted.total}; reverted transactions: ${reverted.join(", ") || "none found"}`,
    );
  }
  return {
    events: counted.total,
    transactions: totalTxs,
    firstBlock,
    lastBlock,
    eventsByName: counted.byName,
    live: { chapters: params.chapters, freshVoters, nonces },
  };
}
