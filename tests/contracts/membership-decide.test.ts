/**
 * Decisions on applications (approve, reject) and the pending application counts they move, with
 * the implicit closes (chapter removed, applicant removed or gone), and one whole membership life
 * cycle. World: see seedWorld in helpers.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import { NOBODY, chapter, expectRevert, member, mined, pendingCounts, seedWorld, sendAndExpect, useChain } from "./helpers.js";

const ctx = useChain(seedWorld);

describe("pending application counts", () => {
  it("count applications per chapter and party-wide: an application adds one, a decision takes it away", async () => {
    const { tc } = ctx;
    expect(await pendingCounts(tc)).toEqual({ total: 1n, byChapter: [1n, 0n, 0n] });
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([2n]));
    await mined(tc, tc.party(GRACE).write.applyForChapterMembership([2n]));
    expect(await pendingCounts(tc)).toEqual({ total: 3n, byChapter: [1n, 2n, 0n] });
    await mined(tc, tc.party(CAROL).write.updateMemberApplicationForChapter([FRANK.address, true]));
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, false]));
    expect(await pendingCounts(tc)).toEqual({ total: 1n, byChapter: [0n, 1n, 0n] });
  });

  it("removing a chapter closes its pending applications: not counted, not pending, not decidable", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([3n]));
    await mined(tc, tc.party(ERIN).write.applyForChapterMembership([3n]));
    expect(await pendingCounts(tc)).toEqual({ total: 3n, byChapter: [1n, 0n, 2n] });
    // One event closes them all: the contract never loops over a chapter's applications.
    await sendAndExpect(tc, tc.party(ADMIN).write.removeChapter([3n]), [
      { eventName: "ChapterRemoved", args: { chapterId: 3n, by: ADMIN.address } },
    ]);
    expect(await pendingCounts(tc)).toEqual({ total: 1n, byChapter: [1n, 0n, 0n] });
    expect(await member(tc, FRANK.address)).toEqual(NOBODY);
    expect(await member(tc, ERIN.address)).toEqual({ ...NOBODY, partyMember: true });
    await expectRevert(tc.party(ALICE).write.updateMemberApplicationForChapter([ERIN.address, false]), "HasNotApplied");
    await mined(tc, tc.party(ERIN).write.applyForChapterMembership([2n]));
    expect(await pendingCounts(tc)).toEqual({ total: 2n, byChapter: [1n, 1n, 0n] });
  });

  it("removing a member from the party closes their application, which can no longer bring them back", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ERIN).write.applyForChapterMembership([2n]));
    await sendAndExpect(tc, tc.party(ALICE).write.removeMemberFromParty([ERIN.address]), [
      { eventName: "ApplicationDecided", args: { account: ERIN.address, chapterId: 2n, approved: false, by: ALICE.address } },
      { eventName: "RemovedFromParty", args: { account: ERIN.address, by: ALICE.address } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual(NOBODY);
    expect(await pendingCounts(tc)).toEqual({ total: 1n, byChapter: [1n, 0n, 0n] });
    await expectRevert(tc.party(CAROL).write.updateMemberApplicationForChapter([ERIN.address, true]), "HasNotApplied");
    expect(await tc.read.read.partyMember([ERIN.address])).toBe(false);
  });

  it("leaving the party withdraws the member's application", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ERIN).write.applyForChapterMembership([2n]));
    await sendAndExpect(tc, tc.party(ERIN).write.leaveParty(), [
      { eventName: "ApplicationDecided", args: { account: ERIN.address, chapterId: 2n, approved: false, by: ERIN.address } },
      { eventName: "LeftParty", args: { account: ERIN.address } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual(NOBODY);
    expect(await pendingCounts(tc)).toEqual({ total: 1n, byChapter: [1n, 0n, 0n] });
    await expectRevert(tc.party(CAROL).write.updateMemberApplicationForChapter([ERIN.address, true]), "HasNotApplied");
  });
});

describe("updateMemberApplicationForChapter", () => {
  it("approval by the chapter's executive: the applicant joins the chapter and the party", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]), [
      { eventName: "ApplicationDecided", args: { account: DAVE.address, chapterId: 1n, approved: true, by: BOB.address } },
      { eventName: "JoinedChapter", args: { account: DAVE.address, chapterId: 1n, by: BOB.address } },
      { eventName: "JoinedParty", args: { account: DAVE.address, by: BOB.address } },
    ]);
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    expect((await chapter(tc, 1n)).memberCount).toBe(3n);
  });

  it("approval by a party executive, of an applicant already in the party (no JoinedParty)", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ERIN).write.applyForChapterMembership([2n]));
    await sendAndExpect(tc, tc.party(ALICE).write.updateMemberApplicationForChapter([ERIN.address, true]), [
      { eventName: "ApplicationDecided", args: { account: ERIN.address, chapterId: 2n, approved: true, by: ALICE.address } },
      { eventName: "JoinedChapter", args: { account: ERIN.address, chapterId: 2n, by: ALICE.address } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
    expect((await chapter(tc, 2n)).memberCount).toBe(3n);
  });

  it("rejection clears the application; the account may apply again", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.recommendForChapterMembership([[DAVE.address]]));
    await sendAndExpect(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, false]), [
      { eventName: "ApplicationDecided", args: { account: DAVE.address, chapterId: 1n, approved: false, by: BOB.address } },
    ]);
    expect(await member(tc, DAVE.address)).toEqual(NOBODY);
    expect((await chapter(tc, 1n)).memberCount).toBe(2n);
    await sendAndExpect(tc, tc.party(DAVE).write.applyForChapterMembership([2n]), [
      { eventName: "Applied", args: { account: DAVE.address, chapterId: 2n } },
    ]);
  });

  it("reverts HasNotApplied for an account with no pending application", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(BOB).write.updateMemberApplicationForChapter([FRANK.address, true]), "HasNotApplied");
    await expectRevert(tc.party(ALICE).write.updateMemberApplicationForChapter([HEIDI.address, false]), "HasNotApplied");
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]));
    await expectRevert(tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]), "HasNotApplied");
  });

  it("reverts NotAnExecutive for plain members, non-members and executives of another chapter", async () => {
    const { tc } = ctx;
    for (const caller of [HEIDI, ERIN, FRANK, ADMIN, CAROL, DAVE]) {
      await expectRevert(tc.party(caller).write.updateMemberApplicationForChapter([DAVE.address, true]), "NotAnExecutive");
      await expectRevert(tc.party(caller).write.updateMemberApplicationForChapter([DAVE.address, false]), "NotAnExecutive");
    }
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, applicationChapter: 1n });
  });

  it("an application its chapter's removal closed can be neither approved nor rejected (HasNotApplied)", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([3n]));
    await mined(tc, tc.party(ADMIN).write.removeChapter([3n]));
    await expectRevert(tc.party(ALICE).write.updateMemberApplicationForChapter([FRANK.address, true]), "HasNotApplied");
    await expectRevert(tc.party(ALICE).write.updateMemberApplicationForChapter([FRANK.address, false]), "HasNotApplied");
    expect(await member(tc, FRANK.address)).toEqual(NOBODY);
  });
});

describe("membership life cycle", () => {
  it("apply, recommend, approve, leave the party, apply again elsewhere", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(IVAN).write.applyForChapterMembership([2n]));
    await mined(tc, tc.party(HEIDI).write.recommendForChapterMembership([[IVAN.address]]));
    await mined(tc, tc.party(CAROL).write.updateMemberApplicationForChapter([IVAN.address, true]));
    expect(await member(tc, IVAN.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
    await mined(tc, tc.party(IVAN).write.leaveParty());
    expect(await member(tc, IVAN.address)).toEqual(NOBODY);
    await sendAndExpect(tc, tc.party(IVAN).write.applyForChapterMembership([1n]), [
      { eventName: "Applied", args: { account: IVAN.address, chapterId: 1n } },
    ]);
  });
});
