/**
 * Evaluations (mintEvaluation), votes (vote: member votes, revotes, the party-executive score)
 * and info messages (sendInfo). World: see seedWorld in helpers.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, HEIDI } from "../fixtures/accounts.js";
import {
  SHA256,
  ZERO,
  ZERO_HASH,
  digest,
  expectRevert,
  mined,
  seedWorld,
  sendAndExpect,
  tally,
  useChain,
} from "./helpers.js";

const D1 = digest(0xd1);
const D2 = digest(0xd2);

/** World plus evaluation 1 of chapter 1. */
const ctx = useChain(async (tc) => {
  await seedWorld(tc);
  await mined(tc, tc.party(ADMIN).write.mintEvaluation([1n, SHA256, 32, D1]));
});

describe("mintEvaluation", () => {
  it("mints numbered evaluations of a chapter with their multihash", async () => {
    const { tc } = ctx;
    expect(await tc.read.read.evaluationCount()).toBe(1n);
    expect(await tc.read.read.evaluations([1n])).toEqual([1n, SHA256, 32, D1, true]);

    const { result } = await tc.party(ADMIN).simulate.mintEvaluation([2n, 0x1b, 20, D2], { account: ADMIN });
    expect(result).toBe(2n);
    await sendAndExpect(tc, tc.party(ADMIN).write.mintEvaluation([2n, 0x1b, 20, D2]), [
      {
        eventName: "EvaluationMinted",
        args: { evaluationId: 2n, chapterId: 2n, hashCode: 0x1b, hashSize: 20, hashDigest: D2, by: ADMIN.address },
      },
    ]);
    expect(await tc.read.read.evaluationCount()).toBe(2n);
    expect(await tc.read.read.evaluations([2n])).toEqual([2n, 0x1b, 20, D2, true]);
    expect(await tc.read.read.evaluations([1n])).toEqual([1n, SHA256, 32, D1, true]);
    expect(await tc.read.read.evaluations([3n])).toEqual([0n, 0, 0, ZERO_HASH, false]);
  });

  it("an empty chapter may be evaluated", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ADMIN).write.mintEvaluation([3n, SHA256, 1, D2]), [
      {
        eventName: "EvaluationMinted",
        args: { evaluationId: 2n, chapterId: 3n, hashCode: SHA256, hashSize: 1, hashDigest: D2, by: ADMIN.address },
      },
    ]);
    expect(await tc.read.read.evaluations([2n])).toEqual([3n, SHA256, 1, D2, true]);
  });

  it("reverts NotAnAdmin for anyone but the evaluation minter", async () => {
    const { tc } = ctx;
    for (const caller of [ALICE, BOB, FRANK]) {
      await expectRevert(tc.party(caller).write.mintEvaluation([1n, SHA256, 32, D2]), "NotAnAdmin");
    }
    expect(await tc.read.read.evaluationCount()).toBe(1n);
  });

  it("reverts NotAChapter for unknown or removed chapters", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.mintEvaluation([0n, SHA256, 32, D2]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.mintEvaluation([4n, SHA256, 32, D2]), "NotAChapter");
    await mined(tc, tc.party(ADMIN).write.removeChapter([3n]));
    await expectRevert(tc.party(ADMIN).write.mintEvaluation([3n, SHA256, 32, D2]), "NotAChapter");
  });

  it.each([
    { name: "hash size 0", hashSize: 0, hashDigest: D2 },
    { name: "hash size 33", hashSize: 33, hashDigest: D2 },
    { name: "hash size 255", hashSize: 255, hashDigest: D2 },
    { name: "zero digest", hashSize: 32, hashDigest: ZERO_HASH },
  ])("reverts InvalidInput for $name", async ({ hashSize, hashDigest }) => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.mintEvaluation([1n, SHA256, hashSize, hashDigest]), "InvalidInput");
    expect(await tc.read.read.evaluationCount()).toBe(1n);
  });
});

describe("vote", () => {
  it("a member of the evaluated chapter votes; a second vote replaces the first", async () => {
    const { tc } = ctx;
    expect(await tc.read.read.hasVoted([1n, BOB.address])).toBe(false);
    await sendAndExpect(tc, tc.party(BOB).write.vote([1n, 5]), [
      { eventName: "VoteCast", args: { evaluationId: 1n, voter: BOB.address, score: 5 } },
    ]);
    expect(await tc.read.read.votes([1n, BOB.address])).toBe(5);
    expect(await tc.read.read.hasVoted([1n, BOB.address])).toBe(true);

    await sendAndExpect(tc, tc.party(BOB).write.vote([1n, -3]), [
      { eventName: "VoteCast", args: { evaluationId: 1n, voter: BOB.address, score: -3 } },
    ]);
    expect(await tc.read.read.votes([1n, BOB.address])).toBe(-3);
    expect(await tc.read.read.hasVoted([1n, BOB.address])).toBe(true);
    expect(await tc.read.read.hasPartyExecutiveScore([1n])).toBe(false);
  });

  it("a zero vote counts as voted; the int8 extremes are accepted", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.vote([1n, 0]));
    expect(await tc.read.read.votes([1n, BOB.address])).toBe(0);
    expect(await tc.read.read.hasVoted([1n, BOB.address])).toBe(true);
    await mined(tc, tc.party(BOB).write.vote([1n, -128]));
    expect(await tc.read.read.votes([1n, BOB.address])).toBe(-128);
    await mined(tc, tc.party(BOB).write.vote([1n, 127]));
    expect(await tc.read.read.votes([1n, BOB.address])).toBe(127);
  });

  it("a party executive's vote sets the party-executive score (the latest wins), not a member vote", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.vote([1n, 7]), [
      { eventName: "PartyExecutiveScoreSet", args: { evaluationId: 1n, executive: ALICE.address, score: 7 } },
    ]);
    expect(await tc.read.read.partyExecutiveScore([1n])).toBe(7);
    expect(await tc.read.read.hasPartyExecutiveScore([1n])).toBe(true);
    expect(await tc.read.read.hasVoted([1n, ALICE.address])).toBe(false);
    expect(await tc.read.read.votes([1n, ALICE.address])).toBe(0);

    // Another party executive, from another chapter, overrides it.
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([HEIDI.address]));
    await sendAndExpect(tc, tc.party(HEIDI).write.vote([1n, -2]), [
      { eventName: "PartyExecutiveScoreSet", args: { evaluationId: 1n, executive: HEIDI.address, score: -2 } },
    ]);
    expect(await tc.read.read.partyExecutiveScore([1n])).toBe(-2);
    expect(await tc.read.read.hasPartyExecutiveScore([1n])).toBe(true);

    // A party executive in no chapter may set it as well.
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([ERIN.address]));
    await mined(tc, tc.party(ERIN).write.vote([1n, 1]));
    expect(await tc.read.read.partyExecutiveScore([1n])).toBe(1);
  });

  it("votes are per evaluation and per voter", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.mintEvaluation([2n, SHA256, 32, D2]));
    await mined(tc, tc.party(BOB).write.vote([1n, 4]));
    await mined(tc, tc.party(CAROL).write.vote([2n, -4]));
    await mined(tc, tc.party(HEIDI).write.vote([2n, 2]));
    expect(await tc.read.read.votes([1n, BOB.address])).toBe(4);
    expect(await tc.read.read.votes([2n, CAROL.address])).toBe(-4);
    expect(await tc.read.read.votes([2n, HEIDI.address])).toBe(2);
    expect(await tc.read.read.hasVoted([2n, BOB.address])).toBe(false);
    expect(await tc.read.read.hasVoted([1n, CAROL.address])).toBe(false);
  });

  it("an evaluation outlives its chapter: members cannot vote, a party executive can still score (current behaviour)", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.mintEvaluation([3n, SHA256, 32, D2]));
    await mined(tc, tc.party(ADMIN).write.removeChapter([3n]));
    expect(await tc.read.read.evaluations([2n])).toEqual([3n, SHA256, 32, D2, true]);
    await expectRevert(tc.party(BOB).write.vote([2n, 1]), "NotAMember");
    await sendAndExpect(tc, tc.party(ALICE).write.vote([2n, 3]), [
      { eventName: "PartyExecutiveScoreSet", args: { evaluationId: 2n, executive: ALICE.address, score: 3 } },
    ]);
    expect(await tc.read.read.partyExecutiveScore([2n])).toBe(3);
  });

  it("reverts NotAnEvaluation for unknown evaluations", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(BOB).write.vote([0n, 1]), "NotAnEvaluation");
    await expectRevert(tc.party(BOB).write.vote([2n, 1]), "NotAnEvaluation");
    await expectRevert(tc.party(ALICE).write.vote([2n, 1]), "NotAnEvaluation");
  });

  it("reverts NotAMember for members of other chapters, non-members and members who left", async () => {
    const { tc } = ctx;
    for (const voter of [CAROL, HEIDI, ERIN, DAVE, FRANK, ADMIN]) {
      await expectRevert(tc.party(voter).write.vote([1n, 1]), "NotAMember");
    }
    await mined(tc, tc.party(BOB).write.leaveChapter());
    await expectRevert(tc.party(BOB).write.vote([1n, 1]), "NotAMember");
    expect(await tc.read.read.hasVoted([1n, BOB.address])).toBe(false);
  });
});

describe("tally: every member vote ever cast, each voter's latest", () => {
  it("counts voters and sums their latest scores; the party-executive score is not part of it", async () => {
    const { tc } = ctx;
    expect(await tally(tc, 1n)).toEqual({ voteCount: 0n, scoreSum: 0n });
    await mined(tc, tc.party(BOB).write.vote([1n, 5]));
    await mined(tc, tc.party(ALICE).write.vote([1n, 100]));
    expect(await tally(tc, 1n)).toEqual({ voteCount: 1n, scoreSum: 5n });
    await mined(tc, tc.party(BOB).write.vote([1n, -128]));
    expect(await tally(tc, 1n)).toEqual({ voteCount: 1n, scoreSum: -128n });
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]));
    await mined(tc, tc.party(DAVE).write.vote([1n, 127]));
    expect(await tally(tc, 1n)).toEqual({ voteCount: 2n, scoreSum: -1n });
    expect(await tally(tc, 2n)).toEqual({ voteCount: 0n, scoreSum: 0n });
  });

  it("a vote stays counted as cast when its voter leaves, is removed or becomes a party executive", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]));
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([1n]));
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([FRANK.address, true]));
    await mined(tc, tc.party(BOB).write.vote([1n, 1]));
    await mined(tc, tc.party(DAVE).write.vote([1n, 2]));
    await mined(tc, tc.party(FRANK).write.vote([1n, 4]));
    expect(await tally(tc, 1n)).toEqual({ voteCount: 3n, scoreSum: 7n });

    await mined(tc, tc.party(BOB).write.leaveChapter());
    await mined(tc, tc.party(ALICE).write.removeMemberFromChapter([DAVE.address]));
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([FRANK.address]));
    expect(await tally(tc, 1n)).toEqual({ voteCount: 3n, scoreSum: 7n });
    // None of them can change it any more: BOB and DAVE are no members, FRANK's vote now scores.
    await expectRevert(tc.party(BOB).write.vote([1n, -100]), "NotAMember");
    await expectRevert(tc.party(DAVE).write.vote([1n, -100]), "NotAMember");
    await sendAndExpect(tc, tc.party(FRANK).write.vote([1n, -100]), [
      { eventName: "PartyExecutiveScoreSet", args: { evaluationId: 1n, executive: FRANK.address, score: -100 } },
    ]);
    expect(await tally(tc, 1n)).toEqual({ voteCount: 3n, scoreSum: 7n });
    expect(await tc.read.read.votes([1n, FRANK.address])).toBe(4);
    expect(await tc.read.read.hasVoted([1n, BOB.address])).toBe(true);
  });

  it("a voter back in the chapter replaces their own vote, still counted once", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.vote([1n, 3]));
    await mined(tc, tc.party(BOB).write.leaveChapter());
    await mined(tc, tc.party(BOB).write.applyForChapterMembership([1n]));
    await mined(tc, tc.party(ALICE).write.updateMemberApplicationForChapter([BOB.address, true]));
    await mined(tc, tc.party(BOB).write.vote([1n, -1]));
    expect(await tally(tc, 1n)).toEqual({ voteCount: 1n, scoreSum: -1n });
  });
});

describe("sendInfo", () => {
  it("the info sender sends numbered info messages", async () => {
    const { tc } = ctx;
    expect(await tc.read.read.infoCount()).toBe(0n);
    const { result } = await tc.party(ADMIN).simulate.sendInfo(["General assembly", 3, SHA256, 32, D1], { account: ADMIN });
    expect(result).toBe(1n);
    await sendAndExpect(tc, tc.party(ADMIN).write.sendInfo(["General assembly", 3, SHA256, 32, D1]), [
      {
        eventName: "InfoSent",
        args: {
          infoId: 1n,
          eventName: "General assembly",
          infoType: 3,
          hashCode: SHA256,
          hashSize: 32,
          hashDigest: D1,
          sender: ADMIN.address,
        },
      },
    ]);
    expect(await tc.read.read.infoCount()).toBe(1n);
    expect(await tc.read.read.infos([1n])).toEqual(["General assembly", 3, SHA256, 32, D1, ADMIN.address]);

    const longest = "x".repeat(64);
    await sendAndExpect(tc, tc.party(ADMIN).write.sendInfo([longest, 0, 0, 1, D2]), [
      {
        eventName: "InfoSent",
        args: { infoId: 2n, eventName: longest, infoType: 0, hashCode: 0, hashSize: 1, hashDigest: D2, sender: ADMIN.address },
      },
    ]);
    expect(await tc.read.read.infoCount()).toBe(2n);
    expect(await tc.read.read.infos([2n])).toEqual([longest, 0, 0, 1, D2, ADMIN.address]);
    expect(await tc.read.read.infos([3n])).toEqual(["", 0, 0, 0, ZERO_HASH, ZERO]);
  });

  it("counts the event name's length in bytes (UTF-8), at most 64", async () => {
    const { tc } = ctx;
    const name = "ä".repeat(32); // 64 bytes
    await mined(tc, tc.party(ADMIN).write.sendInfo([name, 1, SHA256, 32, D1]));
    expect((await tc.read.read.infos([1n]))[0]).toBe(name);
    await expectRevert(tc.party(ADMIN).write.sendInfo([`${name}a`, 1, SHA256, 32, D1]), "InvalidInput");
  });

  it("reverts NotAnAdmin for anyone but the info sender", async () => {
    const { tc } = ctx;
    for (const caller of [ALICE, BOB, FRANK]) {
      await expectRevert(tc.party(caller).write.sendInfo(["Meeting", 1, SHA256, 32, D1]), "NotAnAdmin");
    }
    expect(await tc.read.read.infoCount()).toBe(0n);
  });

  it.each([
    { name: "empty event name", eventName: "", hashSize: 32, hashDigest: D1 },
    { name: "65-byte event name", eventName: "x".repeat(65), hashSize: 32, hashDigest: D1 },
    { name: "hash size 0", eventName: "Meeting", hashSize: 0, hashDigest: D1 },
    { name: "hash size 33", eventName: "Meeting", hashSize: 33, hashDigest: D1 },
    { name: "zero digest", eventName: "Meeting", hashSize: 32, hashDigest: ZERO_HASH },
  ])("reverts InvalidInput for $name", async ({ eventName, hashSize, hashDigest }) => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.sendInfo([eventName, 1, SHA256, hashSize, hashDigest]), "InvalidInput");
    expect(await tc.read.read.infoCount()).toBe(0n);
  });
});

