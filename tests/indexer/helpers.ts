/**
 * Shared set-up for the indexer tests: one anvil and one fresh database per file, indexers with
 * their own schema and views schema each (all killed after the file), and small helpers.
 */
import { randomBytes } from "node:crypto";
import { stringToHex, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { partyAbi } from "../../abis/party.js";
import { startIndexer, type Indexer, type StartIndexerParameters } from "../../scripts/lib/indexer.js";
import { setupChain, type TestChain } from "../setup/chain.js";
import { setupTestDatabase, type TestDatabase } from "../setup/postgres.js";

export type TestIndexer = Indexer & { /** Everything the process printed (output() keeps only the last 64 KB). */ log(): string };

export type IndexerTestContext = {
  tc: TestChain;
  db: TestDatabase;
  /** Starts an indexer on this file's database; a fresh schema pair unless given. */
  startIndexer(params?: Partial<StartIndexerParameters>): Promise<TestIndexer>;
};

/** Registers beforeAll/afterAll: anvil with the party contract, a database, indexer clean-up. */
export function useIndexerTest(): IndexerTestContext {
  const indexers: Indexer[] = [];
  const ctx = {} as IndexerTestContext;
  beforeAll(async () => {
    const [tc, db] = await Promise.all([setupChain(), setupTestDatabase()]);
    ctx.tc = tc;
    ctx.db = db;
  });
  afterAll(async () => {
    await Promise.all(indexers.map((indexer) => indexer.kill()));
    await Promise.all([ctx.tc?.stop(), ctx.db?.drop()]);
  });
  ctx.startIndexer = async (params = {}) => {
    const id = randomBytes(5).toString("hex");
    const lines: string[] = [];
    const indexer = await startIndexer({
      databaseUrl: ctx.db.url,
      rpcUrl: ctx.tc.rpcUrl,
      schema: `s_${id}`,
      viewsSchema: `v_${id}`,
      log: (text) => lines.push(text),
      ...params,
    });
    indexers.push(indexer);
    return Object.assign(indexer, { log: () => lines.join("") });
  };
  return ctx;
}

/** Every event of the party ABI, the proxy's Upgraded and Initialized included: each has a handler. */
export const HANDLED_EVENTS = partyAbi.filter(
  (item): item is Extract<(typeof partyAbi)[number], { type: "event" }> => item.type === "event",
);

/** `${blockNumber}-${logIndex}` of every handled event up to `toBlock`: the activity ids. */
export async function eventIds(tc: TestChain, toBlock: bigint): Promise<string[]> {
  const logs = await tc.publicClient.getLogs({ address: tc.address, events: HANDLED_EVENTS, fromBlock: 0n, toBlock });
  return logs.map((log) => `${log.blockNumber}-${log.logIndex}`);
}

/**
 * What party_totals.last_event must be once the indexer has reached `toBlock`: the last handled
 * event's `${blockHash}:${logIndex}`, as the node reports it; null when there is none.
 */
export async function lastEventOf(tc: TestChain, toBlock: bigint): Promise<string | null> {
  const logs = await tc.publicClient.getLogs({ address: tc.address, events: HANDLED_EVENTS, fromBlock: 0n, toBlock });
  const last = logs.at(-1);
  return last ? `${last.blockHash}:${last.logIndex}` : null;
}

/** A chapter location as the contract stores it. */
export const loc = (name: string): Hex => stringToHex(name, { size: 32 });
/** An address as the read model stores it (lower case). */
export const lc = (account: PrivateKeyAccount | Address): Hex =>
  (typeof account === "string" ? account : account.address).toLowerCase() as Hex;
/** A non-zero bytes32 digest. */
export const digest = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;
/** A random address (no key needed: batch calls take plain addresses). */
export const randomAddress = (): Address => `0x${randomBytes(20).toString("hex")}`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
