/**
 * Leaving a chapter or the party, and removals from a chapter or the party by executives, with
 * their implicit effects (roles, central committee seats, applications). World: see seedWorld in
 * helpers.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, HEIDI } from "../fixtures/accounts.js";
import { NOBODY, ZERO, chapter, expectRevert, member, mined, seedWorld, sendAndExpect, useChain } from "./helpers.js";

const ctx = useChain(seedWorld);

describe("leaveChapter", () => {
  it("a plain member leaves the chapter and stays in the party", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(HEIDI).write.leaveChapter(), [
      { eventName: "LeftChapter", args: { account: HEIDI.address, chapterId: 2n } },
    ]);
    expect(await member(tc, HEIDI.address)).toEqual({ ...NOBODY, partyMember: true });
    expect((await chapter(tc, 2n)).memberCount).toBe(1n);
  });

  it("gives up the chapter executive role and the central committee seat, with their events", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, BOB.address]));
    await sendAndExpect(tc, tc.party(BOB).write.leaveChapter(), [
      { eventName: "ChapterExecutiveDemoted", args: { account: BOB.address, chapterId: 1n, by: BOB.address } },
      { eventName: "CentralCommitteeMemberSet", args: { chapterId: 1n, account: ZERO, by: BOB.address } },
      { eventName: "LeftChapter", args: { account: BOB.address, chapterId: 1n } },
    ]);
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, partyMember: true });
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(ZERO);
    expect((await chapter(tc, 1n)).memberCount).toBe(1n);
  });

  it("leaves another member's central committee seat alone", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([2n, HEIDI.address]));
    await sendAndExpect(tc, tc.party(CAROL).write.leaveChapter(), [
      { eventName: "ChapterExecutiveDemoted", args: { account: CAROL.address, chapterId: 2n, by: CAROL.address } },
      { eventName: "LeftChapter", args: { account: CAROL.address, chapterId: 2n } },
    ]);
    expect(await tc.read.read.centralCommitteeMember([2n])).toBe(HEIDI.address);
  });

  it("reverts NotAMember outside any chapter (even a party member)", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ERIN).write.leaveChapter(), "NotAMember");
    await expectRevert(tc.party(FRANK).write.leaveChapter(), "NotAMember");
    await expectRevert(tc.party(DAVE).write.leaveChapter(), "NotAMember");
  });
});

describe("leaveParty", () => {
  it("a party member in no chapter leaves the party", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ERIN).write.leaveParty(), [{ eventName: "LeftParty", args: { account: ERIN.address } }]);
    expect(await member(tc, ERIN.address)).toEqual(NOBODY);
  });

  it("also leaves the chapter (with its roles and seat) and the party executive role", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ALICE).write.promoteChapterExecutive([ALICE.address, 1n]));
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, ALICE.address]));
    await sendAndExpect(tc, tc.party(ALICE).write.leaveParty(), [
      { eventName: "ChapterExecutiveDemoted", args: { account: ALICE.address, chapterId: 1n, by: ALICE.address } },
      { eventName: "CentralCommitteeMemberSet", args: { chapterId: 1n, account: ZERO, by: ALICE.address } },
      { eventName: "LeftChapter", args: { account: ALICE.address, chapterId: 1n } },
      { eventName: "PartyExecutiveDemoted", args: { account: ALICE.address, by: ALICE.address } },
      { eventName: "LeftParty", args: { account: ALICE.address } },
    ]);
    expect(await member(tc, ALICE.address)).toEqual(NOBODY);
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(ZERO);
    expect((await chapter(tc, 1n)).memberCount).toBe(1n);
  });

  it("a plain chapter member leaving the party", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(HEIDI).write.leaveParty(), [
      { eventName: "LeftChapter", args: { account: HEIDI.address, chapterId: 2n } },
      { eventName: "LeftParty", args: { account: HEIDI.address } },
    ]);
    expect(await member(tc, HEIDI.address)).toEqual(NOBODY);
    expect((await chapter(tc, 2n)).memberCount).toBe(1n);
  });

  it("reverts NotAMember for non-members, applicants and those who left", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(FRANK).write.leaveParty(), "NotAMember");
    await expectRevert(tc.party(DAVE).write.leaveParty(), "NotAMember");
    await mined(tc, tc.party(ERIN).write.leaveParty());
    await expectRevert(tc.party(ERIN).write.leaveParty(), "NotAMember");
  });
});

describe("removeMemberFromChapter", () => {
  it("the chapter's executive removes a member, who stays in the party", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(CAROL).write.removeMemberFromChapter([HEIDI.address]), [
      { eventName: "RemovedFromChapter", args: { account: HEIDI.address, chapterId: 2n, by: CAROL.address } },
    ]);
    expect(await member(tc, HEIDI.address)).toEqual({ ...NOBODY, partyMember: true });
    expect((await chapter(tc, 2n)).memberCount).toBe(1n);
  });

  it("a party executive removes a chapter executive, whose role goes too", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.removeMemberFromChapter([CAROL.address]), [
      { eventName: "ChapterExecutiveDemoted", args: { account: CAROL.address, chapterId: 2n, by: ALICE.address } },
      { eventName: "RemovedFromChapter", args: { account: CAROL.address, chapterId: 2n, by: ALICE.address } },
    ]);
    expect(await member(tc, CAROL.address)).toEqual({ ...NOBODY, partyMember: true });
    expect((await chapter(tc, 2n)).memberCount).toBe(1n);
  });

  it("a chapter executive removes plain members only: not a fellow executive, a party executive or the seat holder", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]));
    await mined(tc, tc.party(ALICE).write.promoteChapterExecutive([DAVE.address, 1n]));
    await expectRevert(tc.party(BOB).write.removeMemberFromChapter([DAVE.address]), "NotAnExecutive");
    await expectRevert(tc.party(BOB).write.removeMemberFromChapter([ALICE.address]), "NotAnAdmin");
    await mined(tc, tc.party(ALICE).write.demoteChapterExecutive([DAVE.address, 1n]));
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, DAVE.address]));
    await expectRevert(tc.party(BOB).write.removeMemberFromChapter([DAVE.address]), "NotAnAdmin");
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    expect(await member(tc, ALICE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true, partyExecutive: true });
    // Once the chapter admin has cleared the seat, DAVE is a plain member again.
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, ZERO]));
    await sendAndExpect(tc, tc.party(BOB).write.removeMemberFromChapter([DAVE.address]), [
      { eventName: "RemovedFromChapter", args: { account: DAVE.address, chapterId: 1n, by: BOB.address } },
    ]);
  });

  it("nobody removes a party executive (NotAnAdmin) until the party admin has demoted them", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([CAROL.address]));
    await expectRevert(tc.party(ALICE).write.removeMemberFromChapter([CAROL.address]), "NotAnAdmin");
    await expectRevert(tc.party(ALICE).write.removeMemberFromChapter([ALICE.address]), "NotAnAdmin");
    await expectRevert(tc.party(CAROL).write.removeMemberFromChapter([ALICE.address]), "NotAnAdmin");
    expect(await member(tc, CAROL.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true, chapterExecutiveOf: 2n, partyExecutive: true });
    await mined(tc, tc.party(ADMIN).write.demotePartyExecutive([CAROL.address]));
    await mined(tc, tc.party(ALICE).write.removeMemberFromChapter([CAROL.address]));
    expect(await member(tc, CAROL.address)).toEqual({ ...NOBODY, partyMember: true });
  });

  it("nobody removes the central committee member (NotAnAdmin) until the chapter admin clears the seat", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([2n, HEIDI.address]));
    await expectRevert(tc.party(CAROL).write.removeMemberFromChapter([HEIDI.address]), "NotAnAdmin");
    await expectRevert(tc.party(ALICE).write.removeMemberFromChapter([HEIDI.address]), "NotAnAdmin");
    expect(await tc.read.read.centralCommitteeMember([2n])).toBe(HEIDI.address);
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([2n, ZERO]));
    await mined(tc, tc.party(CAROL).write.removeMemberFromChapter([HEIDI.address]));
    expect(await member(tc, HEIDI.address)).toEqual({ ...NOBODY, partyMember: true });
  });

  it("reverts NotAMember for accounts in no chapter", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.removeMemberFromChapter([ERIN.address]), "NotAMember");
    await expectRevert(tc.party(ALICE).write.removeMemberFromChapter([FRANK.address]), "NotAMember");
  });

  it("reverts NotAnExecutive for plain members and executives of another chapter", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(HEIDI).write.removeMemberFromChapter([CAROL.address]), "NotAnExecutive");
    await expectRevert(tc.party(CAROL).write.removeMemberFromChapter([BOB.address]), "NotAnExecutive");
    await expectRevert(tc.party(ADMIN).write.removeMemberFromChapter([BOB.address]), "NotAnExecutive");
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true, chapterExecutiveOf: 1n });
  });
});

describe("removeMemberFromParty", () => {
  it("removes a member in no chapter", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.removeMemberFromParty([ERIN.address]), [
      { eventName: "RemovedFromParty", args: { account: ERIN.address, by: ALICE.address } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual(NOBODY);
  });

  it("also removes a chapter executive from the chapter and its executive role", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.removeMemberFromParty([BOB.address]), [
      { eventName: "ChapterExecutiveDemoted", args: { account: BOB.address, chapterId: 1n, by: ALICE.address } },
      { eventName: "RemovedFromChapter", args: { account: BOB.address, chapterId: 1n, by: ALICE.address } },
      { eventName: "RemovedFromParty", args: { account: BOB.address, by: ALICE.address } },
    ]);
    expect(await member(tc, BOB.address)).toEqual(NOBODY);
    expect((await chapter(tc, 1n)).memberCount).toBe(1n);
  });

  it("refuses a party executive, the caller included (NotAnAdmin), until the party admin has demoted them", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([BOB.address]));
    // One executive wallet cannot purge the others, nor be used to drop itself instead of leaving.
    await expectRevert(tc.party(ALICE).write.removeMemberFromParty([BOB.address]), "NotAnAdmin");
    await expectRevert(tc.party(BOB).write.removeMemberFromParty([ALICE.address]), "NotAnAdmin");
    await expectRevert(tc.party(ALICE).write.removeMemberFromParty([ALICE.address]), "NotAnAdmin");
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true, chapterExecutiveOf: 1n, partyExecutive: true });
    await mined(tc, tc.party(ADMIN).write.demotePartyExecutive([BOB.address]));
    await mined(tc, tc.party(ALICE).write.removeMemberFromParty([BOB.address]));
    expect(await member(tc, BOB.address)).toEqual(NOBODY);
  });

  it("refuses the central committee member (NotAnAdmin) until the chapter admin clears the seat", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, BOB.address]));
    await expectRevert(tc.party(ALICE).write.removeMemberFromParty([BOB.address]), "NotAnAdmin");
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(BOB.address);
    await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, ZERO]));
    await mined(tc, tc.party(ALICE).write.removeMemberFromParty([BOB.address]));
    expect(await member(tc, BOB.address)).toEqual(NOBODY);
  });

  it("reverts NotAnExecutive for non-executives and NotAMember for non-members", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(BOB).write.removeMemberFromParty([HEIDI.address]), "NotAnExecutive");
    await expectRevert(tc.party(ADMIN).write.removeMemberFromParty([HEIDI.address]), "NotAnExecutive");
    await expectRevert(tc.party(ALICE).write.removeMemberFromParty([FRANK.address]), "NotAMember");
    await expectRevert(tc.party(ALICE).write.removeMemberFromParty([DAVE.address]), "NotAMember");
    expect(await member(tc, HEIDI.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
  });
});
