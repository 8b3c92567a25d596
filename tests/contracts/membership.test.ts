/**
 * Applications, recommendations, decisions, joining and leaving chapters and the party, and
 * removals, with their implicit effects. World: see seedWorld in helpers.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import {
  BERLIN,
  COLOGNE,
  HAMBURG,
  MUNICH,
  NOBODY,
  ZERO,
  addChapters,
  chapter,
  expectRevert,
  member,
  mined,
  pendingCounts,
  seedWorld,
  sendAndExpect,
  useChain,
} from "./helpers.js";

const ctx = useChain(seedWorld);

describe("the seeded world", () => {
  it("is what the other tests assume", async () => {
    const { tc } = ctx;
    expect(await chapter(tc, 1n)).toEqual({ location: BERLIN, x: 10, y: 20, exists: true, memberCount: 2n });
    expect(await chapter(tc, 2n)).toEqual({ location: HAMBURG, x: 30, y: 40, exists: true, memberCount: 2n });
    expect(await chapter(tc, 3n)).toEqual({ location: MUNICH, x: 50, y: 60, exists: true, memberCount: 0n });
    expect(await member(tc, ALICE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true, partyExecutive: true });
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true, chapterExecutiveOf: 1n });
    expect(await member(tc, CAROL.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true, chapterExecutiveOf: 2n });
    expect(await member(tc, HEIDI.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
    expect(await member(tc, ERIN.address)).toEqual({ ...NOBODY, partyMember: true });
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, applicationChapter: 1n });
    expect(await member(tc, ADMIN.address)).toEqual(NOBODY);
  });
});

describe("applyForChapterMembership", () => {
  it("records the application", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(FRANK).write.applyForChapterMembership([2n]), [
      { eventName: "Applied", args: { account: FRANK.address, chapterId: 2n } },
    ]);
    expect(await member(tc, FRANK.address)).toEqual({ ...NOBODY, applicationChapter: 2n });
  });

  it("a party member in no chapter may apply", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ERIN).write.applyForChapterMembership([3n]), [
      { eventName: "Applied", args: { account: ERIN.address, chapterId: 3n } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual({ ...NOBODY, partyMember: true, applicationChapter: 3n });
  });

  it("reverts NotAChapter, AlreadyJoined and AlreadyApplied", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(FRANK).write.applyForChapterMembership([0n]), "NotAChapter");
    await expectRevert(tc.party(FRANK).write.applyForChapterMembership([4n]), "NotAChapter");
    await expectRevert(tc.party(BOB).write.applyForChapterMembership([2n]), "AlreadyJoined");
    await expectRevert(tc.party(BOB).write.applyForChapterMembership([1n]), "AlreadyJoined");
    await expectRevert(tc.party(DAVE).write.applyForChapterMembership([1n]), "AlreadyApplied");
    await expectRevert(tc.party(DAVE).write.applyForChapterMembership([2n]), "AlreadyApplied");
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, applicationChapter: 1n });
    expect(await member(tc, FRANK.address)).toEqual(NOBODY);
  });
});

describe("recommendForChapterMembership", () => {
  it("a member recommends several applicants to their chapter; counts add up across recommenders", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([1n]));
    await sendAndExpect(tc, tc.party(BOB).write.recommendForChapterMembership([[DAVE.address, FRANK.address]]), [
      { eventName: "Recommended", args: { account: DAVE.address, chapterId: 1n, by: BOB.address } },
      { eventName: "Recommended", args: { account: FRANK.address, chapterId: 1n, by: BOB.address } },
    ]);
    expect(await tc.read.read.recommended([DAVE.address, BOB.address])).toBe(true);
    expect(await tc.read.read.recommended([FRANK.address, BOB.address])).toBe(true);
    expect(await tc.read.read.recommended([DAVE.address, ALICE.address])).toBe(false);
    expect(await tc.read.read.recommendationCount([DAVE.address])).toBe(1);
    expect(await tc.read.read.recommendationCount([FRANK.address])).toBe(1);

    await sendAndExpect(tc, tc.party(ALICE).write.recommendForChapterMembership([[DAVE.address]]), [
      { eventName: "Recommended", args: { account: DAVE.address, chapterId: 1n, by: ALICE.address } },
    ]);
    expect(await tc.read.read.recommended([DAVE.address, ALICE.address])).toBe(true);
    expect(await tc.read.read.recommendationCount([DAVE.address])).toBe(2);
    expect(await tc.read.read.recommendationCount([FRANK.address])).toBe(1);
  });

  it("reverts NotAMember for a recommender in no chapter (even a party member)", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(FRANK).write.recommendForChapterMembership([[DAVE.address]]), "NotAMember");
    await expectRevert(tc.party(ERIN).write.recommendForChapterMembership([[DAVE.address]]), "NotAMember");
    await expectRevert(tc.party(ADMIN).write.recommendForChapterMembership([[DAVE.address]]), "NotAMember");
  });

  it("reverts HasNotApplied for non-applicants and applicants to another chapter", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(CAROL).write.recommendForChapterMembership([[DAVE.address]]), "HasNotApplied");
    await expectRevert(tc.party(BOB).write.recommendForChapterMembership([[GRACE.address]]), "HasNotApplied");
    await expectRevert(tc.party(BOB).write.recommendForChapterMembership([[HEIDI.address]]), "HasNotApplied");
  });

  it("reverts InvalidInput for an empty list and for a repeat recommendation", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(BOB).write.recommendForChapterMembership([[]]), "InvalidInput");
    await expectRevert(tc.party(BOB).write.recommendForChapterMembership([[DAVE.address, DAVE.address]]), "InvalidInput");
    await mined(tc, tc.party(BOB).write.recommendForChapterMembership([[DAVE.address]]));
    await expectRevert(tc.party(BOB).write.recommendForChapterMembership([[DAVE.address]]), "InvalidInput");
    expect(await tc.read.read.recommendationCount([DAVE.address])).toBe(1);
  });

  it("is atomic: one bad entry reverts the whole batch and changes nothing", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([1n]));
    await expectRevert(
      tc.party(BOB).write.recommendForChapterMembership([[DAVE.address, FRANK.address, GRACE.address]]),
      "HasNotApplied",
    );
    await expectRevert(
      tc.party(BOB).write.recommendForChapterMembership([[DAVE.address, FRANK.address, DAVE.address]]),
      "InvalidInput",
    );
    for (const applicant of [DAVE, FRANK]) {
      expect(await tc.read.read.recommended([applicant.address, BOB.address])).toBe(false);
      expect(await tc.read.read.recommendationCount([applicant.address])).toBe(0);
    }
  });

  it("recommendations belong to one application: a new application starts from none", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.recommendForChapterMembership([[DAVE.address]]));
    expect(await tc.read.read.recommended([DAVE.address, BOB.address])).toBe(true);
    await mined(tc, tc.party(ALICE).write.updateMemberApplicationForChapter([DAVE.address, false]));
    expect(await tc.read.read.recommendationCount([DAVE.address])).toBe(0);
    expect(await tc.read.read.recommended([DAVE.address, BOB.address])).toBe(false);

    await mined(tc, tc.party(DAVE).write.applyForChapterMembership([1n]));
    expect(await tc.read.read.applicationRound([DAVE.address])).toBe(2n);
    expect(await tc.read.read.recommendationCount([DAVE.address])).toBe(0);
    await sendAndExpect(tc, tc.party(BOB).write.recommendForChapterMembership([[DAVE.address]]), [
      { eventName: "Recommended", args: { account: DAVE.address, chapterId: 1n, by: BOB.address } },
    ]);
    expect(await tc.read.read.recommendationCount([DAVE.address])).toBe(1);
    await expectRevert(tc.party(BOB).write.recommendForChapterMembership([[DAVE.address]]), "InvalidInput");
  });

  it("removing a chapter closes its applications: the applicant applies elsewhere with nothing left to close", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([3n]));
    await expectRevert(tc.party(FRANK).write.applyForChapterMembership([2n]), "AlreadyApplied");
    await mined(tc, tc.party(ADMIN).write.removeChapter([3n]));
    expect(await member(tc, FRANK.address)).toEqual(NOBODY);
    await sendAndExpect(tc, tc.party(FRANK).write.applyForChapterMembership([2n]), [
      { eventName: "Applied", args: { account: FRANK.address, chapterId: 2n } },
    ]);
    expect(await member(tc, FRANK.address)).toEqual({ ...NOBODY, applicationChapter: 2n });
    expect(await pendingCounts(tc)).toEqual({ total: 2n, byChapter: [1n, 1n, 0n] });
  });

  it("a recommendation goes with the application its chapter's removal closed", async () => {
    const { tc } = ctx;
    // Chapter 4 with one founder, GRACE, who recommends FRANK and then leaves, so it can be removed.
    await addChapters(tc, [{ founders: [GRACE], location: COLOGNE, x: 1, y: 1 }]);
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([4n]));
    await mined(tc, tc.party(GRACE).write.recommendForChapterMembership([[FRANK.address]]));
    await mined(tc, tc.party(GRACE).write.leaveChapter());
    expect(await tc.read.read.recommendationCount([FRANK.address])).toBe(1);
    await mined(tc, tc.party(ADMIN).write.removeChapter([4n]));
    expect(await tc.read.read.recommendationCount([FRANK.address])).toBe(0);
    expect(await tc.read.read.recommended([FRANK.address, GRACE.address])).toBe(false);
    // And the closed application does not keep FRANK from founding a chapter.
    await addChapters(tc, [{ founders: [FRANK], location: MUNICH, x: 2, y: 2 }]);
    expect(await member(tc, FRANK.address)).toEqual({ ...NOBODY, memberChapter: 5n, partyMember: true });
  });
});

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

describe("addMemberToParty", () => {
  it("a party executive adds several accounts to the party (in no chapter)", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.addMemberToParty([[FRANK.address, GRACE.address, DAVE.address]]), [
      { eventName: "JoinedParty", args: { account: FRANK.address, by: ALICE.address } },
      { eventName: "JoinedParty", args: { account: GRACE.address, by: ALICE.address } },
      { eventName: "JoinedParty", args: { account: DAVE.address, by: ALICE.address } },
    ]);
    expect(await member(tc, FRANK.address)).toEqual({ ...NOBODY, partyMember: true });
    expect(await member(tc, GRACE.address)).toEqual({ ...NOBODY, partyMember: true });
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, partyMember: true, applicationChapter: 1n });
  });

  it("reverts NotAnExecutive for callers who are not party executives (admin, chapter executive)", async () => {
    const { tc } = ctx;
    for (const caller of [ADMIN, BOB, ERIN, FRANK]) {
      await expectRevert(tc.party(caller).write.addMemberToParty([[FRANK.address]]), "NotAnExecutive");
    }
    expect(await tc.read.read.partyMember([FRANK.address])).toBe(false);
  });

  it("reverts AlreadyJoined for members and for a repeat in the batch; InvalidInput for empty or zero", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[ERIN.address]]), "AlreadyJoined");
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[BOB.address]]), "AlreadyJoined");
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[FRANK.address, FRANK.address]]), "AlreadyJoined");
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[]]), "InvalidInput");
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[ZERO]]), "InvalidInput");
  });

  it("is atomic: one bad entry reverts the whole batch and changes nothing", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[FRANK.address, GRACE.address, CAROL.address]]), "AlreadyJoined");
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[FRANK.address, ZERO, GRACE.address]]), "InvalidInput");
    expect(await member(tc, FRANK.address)).toEqual(NOBODY);
    expect(await member(tc, GRACE.address)).toEqual(NOBODY);
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
