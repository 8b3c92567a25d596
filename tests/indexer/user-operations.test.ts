/**
 * The user_operations table: the EntryPoint v0.7 UserOperationEvents of every transaction that
 * carries a party event, recorded by the party handlers from the transaction's receipt once per
 * transaction. Real anvil, wallet contracts, alto bundler and Ponder; the expected rows come from
 * the chain's own logs. Covers a first operation (account deployment), a bundle of several
 * operations in one transaction (one of them reverting), a party transaction from a plain account
 * (no rows), and the same rows again from a backfill.
 */
import { encodeFunctionData, pad, parseEventLogs, type Hex } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import pg from "pg";
import { partyAbi } from "../../abis/party.js";
import { entryPointEventsAbi } from "../../indexer/src/lib/user-operations.js";
import { ADMIN, BOB } from "../fixtures/accounts.js";
import { FIXED_GAS, startWalletServices, type WalletServices } from "../setup/wallet-services.js";
import { dumpReadModel } from "../setup/read-model.js";
import { lc, loc, useIndexerTest, type TestIndexer } from "./helpers.js";

const ctx = useIndexerTest();
let wallet: WalletServices;

beforeAll(async () => {
  wallet = await startWalletServices(ctx.tc, { bundleMode: "manual" });
});

afterAll(async () => {
  await wallet?.stop();
});

const apply = (chapterId: bigint) => encodeFunctionData({ abi: partyAbi, functionName: "applyForChapterMembership", args: [chapterId] });
const vote = (evaluationId: bigint) => encodeFunctionData({ abi: partyAbi, functionName: "vote", args: [evaluationId, 3] });

type Row = Record<string, unknown>;

/** The user_operations rows the chain says the indexer must have: every UserOperationEvent in a transaction with a party log. */
async function expectedRows(toBlock: bigint): Promise<Row[]> {
  const { tc } = ctx;
  const [operationLogs, revertLogs, partyLogs] = await Promise.all([
    tc.publicClient.getLogs({ address: entryPoint07Address, event: entryPointEventsAbi[0], fromBlock: 0n, toBlock }),
    tc.publicClient.getLogs({ address: entryPoint07Address, event: entryPointEventsAbi[1], fromBlock: 0n, toBlock }),
    tc.publicClient.getLogs({ address: tc.address, fromBlock: 0n, toBlock }),
  ]);
  const partyTransactions = new Set(partyLogs.map((log) => log.transactionHash));
  const reasons = new Map(revertLogs.map((log) => [log.args.userOpHash!, log.args.revertReason!]));
  const rows: Row[] = [];
  for (const log of operationLogs.filter((l) => partyTransactions.has(l.transactionHash))) {
    const block = await tc.publicClient.getBlock({ blockNumber: log.blockNumber });
    rows.push({
      userOpHash: log.args.userOpHash,
      sender: lc(log.args.sender!),
      paymaster: lc(log.args.paymaster!),
      nonce: String(log.args.nonce),
      success: log.args.success,
      revertReason: log.args.success ? null : (reasons.get(log.args.userOpHash!) ?? null),
      actualGasCost: String(log.args.actualGasCost),
      txHash: log.transactionHash,
      blockNumber: String(log.blockNumber),
      timestamp: String(block.timestamp),
    });
  }
  return rows.sort((a, b) => (String(a.userOpHash) < String(b.userOpHash) ? -1 : 1));
}

describe("user operations in the read model", () => {
  let live: TestIndexer;
  let head: bigint;
  let model: Awaited<ReturnType<typeof dumpReadModel>>;
  const hashes: Record<string, Hex> = {};

  it("records the operations of party transactions, a bundle of several at once, and no others", { timeout: 180_000 }, async () => {
    const { tc, db } = ctx;
    live = await ctx.startIndexer();
    await live.waitReady(90_000);
    await tc.waitFor(await tc.party(ADMIN).write.addChapterToParty([[[BOB.address], []], [loc("Berlin"), loc("Hamburg")], [1, 2], [3, 4]]));
    await tc.waitFor(await tc.party(ADMIN).write.mintEvaluation([1n, 0x12, 32, pad("0x1234")]));

    // 1. One operation alone: the account's first, which also deploys it.
    const first = await wallet.account();
    hashes.first = await wallet.send(await wallet.signed(first, [{ to: tc.address, data: apply(1n) }]));
    await wallet.bundleNow();
    const firstReceipt = await wallet.bundlerClient.waitForUserOperationReceipt({ hash: hashes.first, pollingInterval: 50, timeout: 30_000 });
    expect(firstReceipt.success).toBe(true);

    // 2. Four operations in alto's mempool, then one bundle.
    const accounts = await Promise.all([0, 1, 2, 3].map(() => wallet.account()));
    const batch = [
      await wallet.signed(accounts[0]!, [{ to: tc.address, data: apply(1n) }]),
      await wallet.signed(accounts[1]!, [{ to: tc.address, data: apply(2n) }]),
      await wallet.signed(accounts[2]!, [{ to: tc.address, data: apply(2n) }]),
      // A vote by a non-member: the bundler's estimate would refuse it, so it goes with fixed gas
      // and reverts on chain (success = false, UserOperationRevertReason NotAMember).
      await wallet.signed(accounts[3]!, [{ to: tc.address, data: vote(1n) }], FIXED_GAS),
    ];
    const sent: Hex[] = [];
    for (const operation of batch) sent.push(await wallet.send(operation));
    [hashes.a, hashes.b, hashes.c, hashes.reverts] = sent;
    await wallet.bundleNow();
    // A party transaction from a plain account: no user operation.
    await tc.waitFor(await tc.party(BOB).write.leaveChapter());
    const receipts = await Promise.all(
      [hashes.a, hashes.b, hashes.c, hashes.reverts].map((hash) => wallet.bundlerClient.waitForUserOperationReceipt({ hash: hash!, pollingInterval: 50, timeout: 30_000 })),
    );
    expect(receipts.map((r) => r.success)).toEqual([true, true, true, false]);
    const bundles = new Set(receipts.map((r) => r.receipt.transactionHash));
    // All four in one transaction: the handlers decode that receipt once for its three party events.
    expect(bundles.size).toBe(1);

    head = await tc.publicClient.getBlockNumber({ cacheTime: 0 });
    await live.waitForBlock(head, 60_000);
    model = await dumpReadModel(db.url, live.viewsSchema);
    const rows = model.user_operations!;
    const expected = await expectedRows(head);
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(5);
    const byHash = new Map(rows.map((row) => [row.userOpHash as Hex, row]));
    expect(byHash.get(hashes.first!)).toMatchObject({ sender: lc(first.address), paymaster: lc(wallet.infra.paymaster), nonce: BigInt(firstReceipt.nonce).toString(), success: true, revertReason: null });
    expect(byHash.get(hashes.reverts!)).toMatchObject({
      sender: lc(accounts[3]!.address),
      success: false,
      revertReason: encodeFunctionData({ abi: [{ type: "function", name: "NotAMember", inputs: [], outputs: [], stateMutability: "view" }] }),
    });
    // The bundle's rows share the transaction and block of its party events.
    const bundle = [...bundles][0]!;
    expect(rows.filter((row) => row.txHash === bundle).map((row) => row.userOpHash).sort()).toEqual(
      [hashes.a, hashes.b, hashes.c, hashes.reverts].map((h) => h!.toLowerCase()).sort(),
    );
    const appliedInBundle = parseEventLogs({ abi: partyAbi, logs: receipts[0]!.receipt.logs, eventName: "Applied" });
    expect(appliedInBundle).toHaveLength(3);

    // Looked up by sender through its index.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows: bySender } = await client.query(`select user_op_hash from "${live.viewsSchema}".user_operations where sender = $1`, [lc(first.address)]);
      expect(bySender).toEqual([{ user_op_hash: hashes.first!.toLowerCase() }]);
      const { rows: indexes } = await client.query(`select indexdef from pg_indexes where schemaname = $1 and tablename = 'user_operations'`, [live.schema]);
      expect(indexes.map((i: { indexdef: string }) => i.indexdef).join("\n")).toMatch(/\(sender, block_number\)/);
    } finally {
      await client.end();
    }
  });

  it("gives the same rows when the same history is backfilled", { timeout: 120_000 }, async () => {
    expect(model).toBeDefined();
    const { tc, db } = ctx;
    // Past Ponder's 200-block finality window for chain 137, so the backfill path handles it all.
    await tc.testClient.mine({ blocks: 210 });
    const backfill = await ctx.startIndexer();
    await backfill.waitForBlock(head + 210n, 90_000);
    expect(await dumpReadModel(db.url, backfill.viewsSchema)).toEqual(model);
  });
});
