/**
 * Crash recovery: the indexer is killed (SIGKILL) in the middle of its backfill and restarted on
 * the same schema and views schema. It must resume from its checkpoint and end with exactly what a
 * clean reindex gives: nothing lost, nothing doubled, counters equal to the contract's.
 */
import { encodeFunctionData, type Address, type Hex, type PrivateKeyAccount } from "viem";
import pg from "pg";
import { partyAbi } from "../../abis/party.js";
import { ADMIN, ALICE } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import { dumpReadModel } from "../setup/read-model.js";
import { eventIds, lastEventOf, loc, randomAddress, sleep, useIndexerTest } from "./helpers.js";

const ctx = useIndexerTest();

/** Chapter batches: 2 chapters × 12 founders per transaction (50 events each). */
const CHAPTER_TXS = 200;
/** Party-member batches: 25 accounts per transaction (25 events each). */
const MEMBER_TXS = 120;

/**
 * Sends `calls` from `account` without waiting for each one: explicit nonces and gas, so nothing
 * is estimated against a state a pending transaction would change. Returns the last hash.
 */
async function sendAll(tc: TestChain, account: PrivateKeyAccount, calls: Hex[]): Promise<Hex> {
  const wallet = tc.walletFor(account);
  let nonce = await tc.publicClient.getTransactionCount({ address: account.address, blockTag: "pending" });
  let last: Hex = "0x";
  for (const data of calls) last = await wallet.sendTransaction({ to: tc.address, data, gas: 5_000_000n, nonce: nonce++ });
  return last;
}

async function countActivity(databaseUrl: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM "${schema}".activity`);
    return rows[0].n;
  } catch {
    return 0; // tables not created yet
  } finally {
    await client.end();
  }
}

it("resumes a backfill killed halfway without losing or doubling anything", { timeout: 240_000 }, async () => {
  const { tc, db } = ctx;
  // Bootstrap: a chapter with ALICE, who becomes a party executive and adds party members.
  await tc.waitFor(await tc.party(ADMIN).write.addChapterToParty([[[ALICE.address]], [loc("HQ")], [0], [0]]));
  await tc.waitFor(await tc.party(ADMIN).write.promotePartyExecutive([ALICE.address]));

  const chapterCalls = Array.from({ length: CHAPTER_TXS }, (_, i) =>
    encodeFunctionData({
      abi: partyAbi,
      functionName: "addChapterToParty",
      args: [
        [0, 1].map(() => Array.from({ length: 12 }, randomAddress)),
        [loc(`Chapter ${i}a`), loc(`Chapter ${i}b`)],
        [i, i + 1],
        [2 * i, 2 * i + 1],
      ],
    }),
  );
  const memberCalls = Array.from({ length: MEMBER_TXS }, () =>
    encodeFunctionData({ abi: partyAbi, functionName: "addMemberToParty", args: [Array.from({ length: 25 }, randomAddress)] }),
  );
  const [lastChapters, lastMembers] = await Promise.all([sendAll(tc, ADMIN, chapterCalls), sendAll(tc, ALICE, memberCalls)]);
  await Promise.all([tc.waitFor(lastChapters), tc.waitFor(lastMembers)]);
  // Ponder treats the last 200 blocks of chain 137 as unfinalized; bury the history under them so
  // all of it is backfilled (historical sync), the phase we crash in. In steps: on a busy machine
  // one anvil_mine of all 210 blocks over this state has outlasted viem's 10 s request timeout.
  for (let mined = 0; mined < 210; mined += 30) await tc.testClient.mine({ blocks: 30 });
  const head = await tc.publicClient.getBlockNumber({ cacheTime: 0 });
  const events = await eventIds(tc, head);
  expect(events.length).toBeGreaterThan(10_000);

  // First run: kill -9 once some, but not all, of the backfill is committed.
  const first = await ctx.startIndexer();
  let committed = 0;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && first.process.exitCode === null) {
    committed = await countActivity(db.url, first.schema);
    if (committed > 0) break;
    await sleep(20);
  }
  await first.kill();
  const afterCrash = await dumpReadModel(db.url, first.schema);
  committed = afterCrash.activity.length;
  expect(committed, "killed in the middle of the backfill").toBeGreaterThan(0);
  expect(committed, "killed in the middle of the backfill").toBeLessThan(events.length);
  // What was committed is whole blocks: exactly the events up to the last committed block.
  const lastBlock = Math.max(...afterCrash.activity.map((row) => Number(row.blockNumber)));
  expect(afterCrash.activity.map((row) => row.id).sort()).toEqual(
    events.filter((id) => Number(id.split("-")[0]) <= lastBlock).sort(),
  );
  // And the committed version is the last committed event.
  expect(afterCrash.party_totals).toMatchObject([{ lastEvent: await lastEventOf(tc, BigInt(lastBlock)) }]);

  // Restart on the same schemas (crash recovery), and a clean reindex beside it.
  const [restarted, clean] = await Promise.all([
    ctx.startIndexer({ schema: first.schema, viewsSchema: first.viewsSchema }),
    ctx.startIndexer(),
  ]);
  // The restart waits for the dead process's lock to expire (Ponder: 25 s after its last heartbeat).
  await Promise.all([restarted.waitForBlock(head, 150_000), clean.waitForBlock(head, 150_000)]);
  expect(restarted.log()).toMatch(/Detected crash recovery/);

  const recovered = await dumpReadModel(db.url, restarted.viewsSchema);
  const reference = await dumpReadModel(db.url, clean.viewsSchema);
  expect(recovered.activity).toHaveLength(events.length);
  expect(recovered.activity.map((row) => row.id).sort()).toEqual([...events].sort());
  expect(recovered).toEqual(reference);

  // Counters against the contract.
  const chapterCount = await tc.read.read.chapterCount();
  expect(recovered.chapters).toHaveLength(Number(chapterCount));
  expect(chapterCount).toBe(BigInt(1 + 2 * CHAPTER_TXS));
  const onChain: number[] = [];
  for (let i = 0; i < recovered.chapters.length; i += 50) {
    const batch = recovered.chapters.slice(i, i + 50);
    onChain.push(
      ...(await Promise.all(batch.map(async (c) => Number((await tc.read.read.chapters([BigInt(c.id as string)]))[4])))),
    );
  }
  expect(recovered.chapters.map((c) => c.memberCount)).toEqual(onChain);
  const partyMembers = 1 + 2 * 12 * CHAPTER_TXS + 25 * MEMBER_TXS;
  expect(recovered.members.filter((m) => m.partyMember)).toHaveLength(partyMembers);
  expect(recovered.party_totals).toMatchObject([
    {
      chapterCount: 1 + 2 * CHAPTER_TXS,
      memberCount: 1 + 2 * 12 * CHAPTER_TXS,
      partyMemberCount: partyMembers,
      lastEvent: await lastEventOf(tc, head),
    },
  ]);
  // Spot-check membership on chain for a sample of the indexed members.
  for (const member of recovered.members.filter((_, i) => i % 500 === 0)) {
    expect(await tc.read.read.partyMember([member.account as Address])).toBe(member.partyMember);
  }
  expect(restarted.process.exitCode).toBeNull();
});
