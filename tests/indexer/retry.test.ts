/**
 * A block indexed twice. After a retryable database error Ponder rolls the block's writes back and
 * runs its handlers again, so whatever a handler remembers outside the store must not make it skip
 * work the rollback undid. Here the database connection is ended while it commits the block of a
 * bundle's party transaction, after its handlers have run: the block is retried, and the bundle's
 * user_operations rows must be there afterwards, exactly as a clean indexer has them.
 *
 * Nothing waits on time: a TCP proxy in front of Postgres ends the connection when that statement
 * passes through it, and the test waits for the indexer to report the block.
 */
import { encodeFunctionData, type Hex } from "viem";
import { partyAbi } from "../../abis/party.js";
import { ADMIN, BOB } from "../fixtures/accounts.js";
import { startWalletServices, type WalletServices } from "../setup/wallet-services.js";
import { dumpReadModel } from "../setup/read-model.js";
import { lc, loc, useIndexerTest } from "./helpers.js";
import { startTcpProxy, viaProxy } from "../setup/tcp-proxy.js";

const ctx = useIndexerTest();
let wallet: WalletServices;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

beforeAll(async () => {
  [wallet, proxy] = await Promise.all([startWalletServices(ctx.tc, { bundleMode: "manual" }), startTcpProxy({ host: new URL(ctx.db.url).hostname, port: Number(new URL(ctx.db.url).port || 5432) })]);
});

afterAll(async () => {
  await Promise.all([wallet?.stop(), proxy?.close()]);
});

const apply = (chapterId: bigint) => encodeFunctionData({ abi: partyAbi, functionName: "applyForChapterMembership", args: [chapterId] });

it("writes a bundle's user operations after the block is retried on a new connection", { timeout: 240_000 }, async () => {
  const { tc, db } = ctx;
  const indexer = await ctx.startIndexer({ databaseUrl: viaProxy(ctx.db.url, proxy.port) });
  await indexer.waitReady(90_000);
  const setUp = await tc.waitFor(await tc.party(ADMIN).write.addChapterToParty([[[BOB.address]], [loc("Berlin")], [1], [2]]));
  await indexer.waitForBlock(setUp.blockNumber, 60_000);

  // Sign first (the bundler estimates against the chain, no transaction), then arm and bundle.
  const operation = await wallet.signed(await wallet.account(), [{ to: tc.address, data: apply(1n) }]);
  // Ponder commits a block's rows by stamping each table's reorg shadow, in the block's
  // transaction and after every handler of the block has run: the first such statement for
  // user_operations after this point belongs to the bundle's block (the only one with events).
  const cut = proxy.cutWhen("_reorg__user_operations");
  const userOpHash: Hex = await wallet.send(operation);
  await wallet.bundleNow();
  const receipt = await wallet.bundlerClient.waitForUserOperationReceipt({ hash: userOpHash, pollingInterval: 50, timeout: 30_000 });
  expect(receipt.success).toBe(true);
  await cut;
  await indexer.waitForBlock(receipt.receipt.blockNumber, 90_000);
  // The cut connection failed the block's transaction, which Ponder retried.
  expect(indexer.log()).toMatch(/Failed to index block|Failed database query/);

  const model = await dumpReadModel(db.url, indexer.viewsSchema);
  expect(model.user_operations!.map((row) => [row.userOpHash, row.txHash, row.success])).toEqual([
    [userOpHash.toLowerCase(), receipt.receipt.transactionHash, true],
  ]);
  expect(model.applications!.map((row) => [row.account, row.status])).toEqual([[lc(receipt.sender), "applied"]]);

  // And everything equals what an indexer that never saw a failure writes.
  const clean = await ctx.startIndexer();
  await clean.waitForBlock(receipt.receipt.blockNumber, 90_000);
  expect(await dumpReadModel(db.url, clean.viewsSchema)).toEqual(model);
});
