/**
 * Confirmations, on the local chain with the real indexer: an event is told only once its block
 * is NOTIFY_CONFIRMATIONS blocks below the read model's head, and an event a reorg removes before
 * then is never told (anvil's snapshot and revert make the reorg, as tests/indexer/reorg.test.ts).
 * And the follower's own loop, startFollower.
 */
import { startFollower } from "../../../server/notifier/follower.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK } from "../../fixtures/accounts.js";
import { loc } from "../../indexer/helpers.js";
import { lower, until, useFollowerStack } from "./follower-stack.js";

const ctx = useFollowerStack();
const CONFIRMATIONS = 2;
const follow = () => ctx.follow({ confirmations: CONFIRMATIONS });

/** Mines `blocks` empty blocks and waits until the indexer has the new head. */
async function mine(blocks: number) {
  await ctx.stack.testClient.mine({ blocks });
  await ctx.stack.indexer.waitForBlock(await ctx.stack.publicClient.getBlockNumber({ cacheTime: 0 }), 60_000);
}
const head = () => ctx.stack.publicClient.getBlockNumber({ cacheTime: 0 });

beforeAll(async () => {
  await ctx.send(ADMIN, "addChapterToParty", [[[ALICE.address]], [loc("Berlin")], [1], [2]]);
  await ctx.send(ADMIN, "promotePartyExecutive", [ALICE.address]);
  await ctx.send(ALICE, "promoteChapterExecutive", [ALICE.address, 1n]);
  await ctx.link(ALICE);
  await mine(CONFIRMATIONS);
  await follow();
  expect(await ctx.newDeliveries()).toEqual([]);
});

it("tells an event only once its block has NOTIFY_CONFIRMATIONS blocks above it", async () => {
  const { blockNumber } = await ctx.send(BOB, "applyForChapterMembership", [1n]);
  // Until the head is CONFIRMATIONS blocks past the event's block, each step reads nothing.
  let steps = 0;
  while ((await head()) < blockNumber + BigInt(CONFIRMATIONS)) {
    expect(await follow()).toMatchObject({ read: 0, delivered: 0 });
    await mine(1);
    steps += 1;
  }
  expect(steps).toBe(CONFIRMATIONS);
  expect(await follow()).toMatchObject({ delivered: 1 });
  expect((await ctx.newDeliveries()).map((d) => [d.address, d.kind])).toEqual([[lower(ALICE), "application"]]);
});

it("never tells an event that a reorg removed before its confirmations", async () => {
  const views = ctx.stack.viewsSchema;
  const snapshot = await ctx.stack.snapshot();
  const { transactionHash, blockNumber } = await ctx.send(CAROL, "applyForChapterMembership", [1n]);
  expect(await ctx.stack.query(`select kind from ${views}.activity where tx_hash = $1`, [transactionHash])).toEqual([{ kind: "Applied" }]);
  expect(await follow()).toMatchObject({ delivered: 0 });

  // Another branch from the same parent, longer, without CAROL's application: the indexer follows it.
  await ctx.stack.revert(snapshot);
  await mine(CONFIRMATIONS + 1);
  expect(await head()).toBeGreaterThan(blockNumber);
  for (let tries = 0; (await ctx.stack.query(`select 1 from ${views}.activity where tx_hash = $1`, [transactionHash])).length > 0; tries++) {
    expect(tries, "the indexer still has the abandoned branch's row").toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // However long we wait now, the application is not told; an application on this branch is.
  await mine(CONFIRMATIONS);
  expect(await follow()).toMatchObject({ delivered: 0 });
  await ctx.send(DAVE, "applyForChapterMembership", [1n]);
  await mine(CONFIRMATIONS);
  expect(await follow()).toMatchObject({ delivered: 1 });
  const told = await ctx.newDeliveries();
  expect(told.map((d) => d.address)).toEqual([lower(ALICE)]);
  const [{ id }] = await ctx.stack.query<{ id: string }>(`select id from ${views}.activity where kind = 'Applied' and subject = $1`, [lower(DAVE)]);
  expect(told[0]!.key).toBe(`application:${id}:${lower(ALICE)}`);
});

it("goes on from the confirmed head, retelling nothing, when the row at its cursor is gone (a new chain)", async () => {
  const { blockNumber } = await ctx.send(ERIN, "applyForChapterMembership", [1n]);
  await mine(CONFIRMATIONS);
  // As if the chain the cursor was in had been replaced: its row's block hash is not indexed.
  await ctx.stack.query(`update app.notifier_cursor set block_hash = '0x' || repeat('ab', 32)`);
  const lines: string[] = [];
  expect(await ctx.follow({ confirmations: CONFIRMATIONS, log: (line) => lines.push(line) })).toMatchObject({ read: 0, delivered: 0 });
  expect(lines).toEqual([expect.stringContaining("is no longer indexed (a new chain, or a reorg deeper than NOTIFY_CONFIRMATIONS): going on from the confirmed head")]);
  const [{ block }] = await ctx.stack.query<{ block: string }>(
    `select a.block_number::text as block from app.notifier_cursor c join ${ctx.stack.viewsSchema}.activity a on a.sort_key = c.sort_key and a.block_hash = c.block_hash`,
  );
  expect(BigInt(block)).toBeGreaterThanOrEqual(blockNumber);
  expect(await ctx.newDeliveries()).toEqual([]);
});

it("startFollower follows on its own until stopped, and says why when it cannot", async () => {
  const lines: string[] = [];
  const stuck = startFollower({ ...ctx.options(), readModelSchema: "no_such_schema", pollMs: 20, log: (line) => lines.push(line) });
  await until(() => lines.length > 0);
  await stuck.stop();
  expect(lines[0]).toBe("notifier: could not follow the activity: the read model is not there yet (the indexer's first backfill?); trying again every 20 ms");

  const follower = startFollower({ ...ctx.options(), pollMs: 20 });
  try {
    await ctx.send(FRANK, "applyForChapterMembership", [1n]);
    await until(async () => (await ctx.newDeliveries()).some((d) => d.address === lower(ALICE)));
  } finally {
    await follower.stop();
  }
});
