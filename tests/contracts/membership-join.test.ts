/**
 * Joining: applications, recommendations, and party executives adding members to the party;
 * first, that the seeded world is what every membership file assumes. World: see seedWorld in
 * helpers.ts. Decisions on applications: membership-decide.test.ts; leaving and removals:
 * membership-leave.test.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI } from "../fixtures/accounts.js";
import {
  BERLIN, COLOGNE, HAMBURG, MUNICH, NOBODY, ZERO, addChapters, chapter, expectRevert, member, mined, pendingCounts, seedWorld,
  sendAndExpect, useChain,
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
