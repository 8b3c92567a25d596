/**
 * A reorg of live blocks: the indexer follows a branch, anvil reverts to a snapshot and mines a
 * different, longer branch; the indexer must end with exactly the read model a clean reindex of
 * the winning chain gives, and nothing of the abandoned branch.
 */
import { parseEventLogs, type Hex, type PrivateKeyAccount } from "viem";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI } from "../fixtures/accounts.js";
import { dumpReadModel } from "../setup/read-model.js";
import { digest, eventIds, HANDLED_EVENTS, lastEventOf, lc, loc, useIndexerTest } from "./helpers.js";

const ctx = useIndexerTest();
const p = (account: PrivateKeyAccount) => ctx.tc.party(account).write;
const send = async (hash: Promise<Hex>) => ctx.tc.waitFor(await hash);

it("replaces an abandoned branch of live blocks with the new one, as a clean reindex would", { timeout: 240_000 }, async () => {
  // History before the fork.
  await send(p(ADMIN).addChapterToParty([[[ALICE.address, BOB.address]], [loc("Berlin")], [1], [2]]));
  await send(p(ADMIN).promotePartyExecutive([ALICE.address]));
  await send(p(ADMIN).mintEvaluation([1n, 0x12, 32, digest(1)]));
  const bobVotes = await send(p(BOB).vote([1n, 2]));

  const { tc, db } = ctx;
  const live = await ctx.startIndexer();
  // The fork grows from the block of BOB's vote, the chain's head now. (Read the head fresh: viem
  // answers getBlockNumber() from a cache up to a polling interval old, which can be blocks behind.)
  const forkBase = bobVotes.blockNumber;
  expect(await tc.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(forkBase);
  await live.waitForBlock(forkBase, 90_000);
  const before = await dumpReadModel(db.url, live.viewsSchema);
  expect(before.chapters).toHaveLength(1);
  // The read model's version (party_totals.last_event): BOB's vote, the last event before the fork,
  // at whatever log index it landed.
  const vote = parseEventLogs({ abi: HANDLED_EVENTS, logs: bobVotes.logs }).at(-1)!;
  expect([vote.eventName, vote.address.toLowerCase()]).toEqual(["VoteCast", lc(tc.address)]);
  const versionBefore = `${vote.blockHash}:${vote.logIndex}`;
  expect(await lastEventOf(tc, forkBase)).toBe(versionBefore);
  expect(before.party_totals).toMatchObject([{ lastEvent: versionBefore }]);
  const snapshot = await tc.snapshot();

  // Branch A: six blocks with party events.
  const branchA = [
    await send(p(CAROL).applyForChapterMembership([1n])),
    await send(p(ALICE).updateMemberApplicationForChapter([CAROL.address, true])),
    await send(p(ADMIN).sendInfo(["only on branch A", 1, 0x12, 32, digest(0xa)])),
    await send(p(ALICE).addMemberToParty([[DAVE.address]])),
    await send(p(BOB).vote([1n, -5])),
    await send(p(ADMIN).addChapterToParty([[[ERIN.address]], [loc("Branch A town")], [3], [4]])),
  ];
  const headA = branchA.at(-1)!.blockNumber;
  expect(headA).toBeGreaterThan(forkBase);
  const firstOfA = await tc.publicClient.getBlock({ blockNumber: forkBase + 1n });
  expect(firstOfA.parentHash).toBe(bobVotes.blockHash);
  await live.waitForBlock(headA, 60_000);
  const onA = await dumpReadModel(db.url, live.viewsSchema);
  expect(onA.info_messages.map((m) => m.eventName)).toEqual(["only on branch A"]);
  expect(onA.chapters.map((c) => c.locationText)).toEqual(["Berlin", "Branch A town"]);
  expect(onA.members.find((m) => m.account === lc(CAROL))).toMatchObject({ status: "member", chapterId: "1" });
  expect(onA.votes).toMatchObject([{ voter: lc(BOB), score: -5 }]);
  expect(onA.evaluations).toMatchObject([{ voteCount: 1, scoreSum: -5 }]);
  // Branch A's version: the last event of its head block (the new chapter's founder joining).
  const versionA = await lastEventOf(tc, headA);
  expect(versionA).toMatch(new RegExp(`^${branchA.at(-1)!.blockHash}:\\d+$`));
  expect(onA.party_totals).toMatchObject([{ lastEvent: versionA }]);

  // Branch B from the same parent: different events, two blocks more.
  await tc.revert(snapshot);
  expect(await tc.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(forkBase);
  const branchB = [
    await send(p(FRANK).applyForChapterMembership([1n])),
    await send(p(ADMIN).sendInfo(["only on branch B", 2, 0x12, 32, digest(0xb)])),
    await send(p(ALICE).addMemberToParty([[GRACE.address, HEIDI.address]])),
    await send(p(ALICE).vote([1n, 7])),
    await send(p(BOB).vote([1n, 3])),
    await send(p(ADMIN).addChapterToParty([[[HEIDI.address]], [loc("Branch B town")], [5], [6]])),
    await send(p(ADMIN).updateChapterLocation([1n, loc("Berlin-Mitte"), 9, 9])),
    await send(p(BOB).leaveChapter()),
  ];
  const headB = branchB.at(-1)!.blockNumber;
  // Branch B grows from the same parent, replaces A's blocks and is longer, so the node follows it.
  const firstOfB = await tc.publicClient.getBlock({ blockNumber: forkBase + 1n });
  expect(firstOfB.parentHash).toBe(bobVotes.blockHash);
  expect(firstOfB.hash).not.toBe(firstOfA.hash);
  expect(headB).toBeGreaterThan(headA);
  await live.waitForBlock(headB, 90_000);
  expect(live.log()).toMatch(/Reorged block/);
  const afterReorg = await dumpReadModel(db.url, live.viewsSchema);

  // Nothing of branch A is left.
  const hashesA = new Set(branchA.map((r) => r.transactionHash));
  expect(afterReorg.activity.filter((row) => hashesA.has(row.txHash as Hex))).toEqual([]);
  expect(afterReorg.info_messages.map((m) => m.eventName)).toEqual(["only on branch B"]);
  expect(afterReorg.chapters.map((c) => c.locationText)).toEqual(["Berlin-Mitte", "Branch B town"]);
  expect(afterReorg.members.map((m) => m.account)).not.toContain(lc(CAROL));
  expect(afterReorg.members.map((m) => m.account)).not.toContain(lc(DAVE));
  expect(afterReorg.members.map((m) => m.account)).not.toContain(lc(ERIN));
  expect(afterReorg.applications).toMatchObject([{ account: lc(FRANK), status: "applied" }]);
  expect(afterReorg.votes).toMatchObject([{ voter: lc(BOB), score: 3 }]);
  expect(afterReorg.evaluations).toMatchObject([{ voteCount: 1, scoreSum: 3, partyExecutiveScore: 7 }]);
  // BOB left chapter 1 (ALICE stays); HEIDI founded chapter 2.
  expect(afterReorg.chapters.map((c) => [c.id, c.memberCount, c.pendingApplicationCount])).toEqual([
    ["1", 1, 1],
    ["2", 1, 0],
  ]);
  // The activity is exactly the chain's events.
  expect(afterReorg.activity.map((row) => row.id).sort()).toEqual((await eventIds(tc, headB)).sort());
  // The version is now branch B's last event (BOB leaving chapter 1), as the node reports it
  // after the reorg; none of branch A's blocks is in it.
  const versionB = await lastEventOf(tc, headB);
  expect(versionB).toMatch(new RegExp(`^${branchB.at(-1)!.blockHash}:\\d+$`));
  expect(versionB).not.toBe(versionA);
  expect(afterReorg.party_totals).toMatchObject([{ lastEvent: versionB }]);

  // A clean reindex of the same chain gives the same read model, row for row.
  const clean = await ctx.startIndexer();
  await clean.waitForBlock(headB, 90_000);
  expect(afterReorg).toEqual(await dumpReadModel(db.url, clean.viewsSchema));
  // And the live indexer's tables (not only its views) hold the same.
  expect(await dumpReadModel(db.url, live.schema)).toEqual(afterReorg);
  expect(live.process.exitCode).toBeNull();
});
