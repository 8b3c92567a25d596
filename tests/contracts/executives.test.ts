/**
 * Chapter executives (promoted and demoted by party executives) and party executives (by the
 * party admin), and what each role may do. World: see seedWorld in helpers.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, HEIDI, IVAN } from "../fixtures/accounts.js";
import { NOBODY, expectRevert, member, mined, seedWorld, sendAndExpect, useChain } from "./helpers.js";

const ctx = useChain(seedWorld);

describe("promoteChapterExecutive", () => {
  it("a party executive makes a member of a chapter its executive", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.promoteChapterExecutive([HEIDI.address, 2n]), [
      { eventName: "ChapterExecutivePromoted", args: { account: HEIDI.address, chapterId: 2n, by: ALICE.address } },
    ]);
    expect(await tc.read.read.chapterExecutiveOf([HEIDI.address])).toBe(2n);
    // A chapter may have several executives.
    expect(await tc.read.read.chapterExecutiveOf([CAROL.address])).toBe(2n);
  });

  it("a party executive may make themselves executive of their own chapter", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.promoteChapterExecutive([ALICE.address, 1n]), [
      { eventName: "ChapterExecutivePromoted", args: { account: ALICE.address, chapterId: 1n, by: ALICE.address } },
    ]);
    expect(await member(tc, ALICE.address)).toEqual({
      ...NOBODY,
      memberChapter: 1n,
      partyMember: true,
      chapterExecutiveOf: 1n,
      partyExecutive: true,
    });
  });

  it("reverts NotAnExecutive for callers who are not party executives", async () => {
    const { tc } = ctx;
    for (const caller of [ADMIN, BOB, CAROL, HEIDI, ERIN]) {
      await expectRevert(tc.party(caller).write.promoteChapterExecutive([HEIDI.address, 2n]), "NotAnExecutive");
    }
    expect(await tc.read.read.chapterExecutiveOf([HEIDI.address])).toBe(0n);
  });

  it("reverts NotAChapter, NotAMember (not in that chapter) and InvalidInput (already one)", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.promoteChapterExecutive([HEIDI.address, 0n]), "NotAChapter");
    await expectRevert(tc.party(ALICE).write.promoteChapterExecutive([HEIDI.address, 9n]), "NotAChapter");
    await expectRevert(tc.party(ALICE).write.promoteChapterExecutive([HEIDI.address, 1n]), "NotAMember");
    await expectRevert(tc.party(ALICE).write.promoteChapterExecutive([ERIN.address, 3n]), "NotAMember");
    await expectRevert(tc.party(ALICE).write.promoteChapterExecutive([DAVE.address, 1n]), "NotAMember");
    await expectRevert(tc.party(ALICE).write.promoteChapterExecutive([BOB.address, 1n]), "InvalidInput");
  });
});

describe("demoteChapterExecutive", () => {
  it("a party executive demotes a chapter executive, who stays a member", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ALICE).write.demoteChapterExecutive([BOB.address, 1n]), [
      { eventName: "ChapterExecutiveDemoted", args: { account: BOB.address, chapterId: 1n, by: ALICE.address } },
    ]);
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    // Demoted: no more decisions on applications to chapter 1.
    await expectRevert(tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]), "NotAnExecutive");
  });

  it("reverts NotAnExecutive for a caller who is no party executive", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.demoteChapterExecutive([BOB.address, 1n]), "NotAnExecutive");
    await expectRevert(tc.party(CAROL).write.demoteChapterExecutive([BOB.address, 1n]), "NotAnExecutive");
    await expectRevert(tc.party(BOB).write.demoteChapterExecutive([BOB.address, 1n]), "NotAnExecutive");
    expect(await tc.read.read.chapterExecutiveOf([BOB.address])).toBe(1n);
  });

  it("reverts NotAnExecutive when the account is no executive of that chapter", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.demoteChapterExecutive([BOB.address, 2n]), "NotAnExecutive");
    await expectRevert(tc.party(ALICE).write.demoteChapterExecutive([HEIDI.address, 2n]), "NotAnExecutive");
    await expectRevert(tc.party(ALICE).write.demoteChapterExecutive([FRANK.address, 0n]), "NotAnExecutive");
    await expectRevert(tc.party(ALICE).write.demoteChapterExecutive([BOB.address, 0n]), "NotAnExecutive");
    expect(await tc.read.read.chapterExecutiveOf([BOB.address])).toBe(1n);
  });
});

describe("promotePartyExecutive", () => {
  it("the party admin promotes a chapter member", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ADMIN).write.promotePartyExecutive([HEIDI.address]), [
      { eventName: "PartyExecutivePromoted", args: { account: HEIDI.address, by: ADMIN.address } },
    ]);
    expect(await member(tc, HEIDI.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true, partyExecutive: true });
    // Now HEIDI may add members to the party.
    await sendAndExpect(tc, tc.party(HEIDI).write.addMemberToParty([[IVAN.address]]), [
      { eventName: "JoinedParty", args: { account: IVAN.address, by: HEIDI.address } },
    ]);
  });

  it("a party member in no chapter may be promoted", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ADMIN).write.promotePartyExecutive([ERIN.address]), [
      { eventName: "PartyExecutivePromoted", args: { account: ERIN.address, by: ADMIN.address } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual({ ...NOBODY, partyMember: true, partyExecutive: true });
  });

  it("reverts NotAnAdmin for anyone but the party admin (a party executive included)", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.promotePartyExecutive([HEIDI.address]), "NotAnAdmin");
    await expectRevert(tc.party(BOB).write.promotePartyExecutive([HEIDI.address]), "NotAnAdmin");
    // The chapter admin role alone does not suffice.
    await mined(tc, tc.party(ADMIN).write.setChapterAdmin([IVAN.address]));
    await expectRevert(tc.party(IVAN).write.promotePartyExecutive([HEIDI.address]), "NotAnAdmin");
    expect(await tc.read.read.partyExecutive([HEIDI.address])).toBe(false);
  });

  it("reverts NotAMember for non-members and InvalidInput for an executive already", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.promotePartyExecutive([FRANK.address]), "NotAMember");
    await expectRevert(tc.party(ADMIN).write.promotePartyExecutive([DAVE.address]), "NotAMember");
    await expectRevert(tc.party(ADMIN).write.promotePartyExecutive([ADMIN.address]), "NotAMember");
    await expectRevert(tc.party(ADMIN).write.promotePartyExecutive([ALICE.address]), "InvalidInput");
  });
});

describe("demotePartyExecutive", () => {
  it("the party admin demotes a party executive, who loses the powers and stays a member", async () => {
    const { tc } = ctx;
    await sendAndExpect(tc, tc.party(ADMIN).write.demotePartyExecutive([ALICE.address]), [
      { eventName: "PartyExecutiveDemoted", args: { account: ALICE.address, by: ADMIN.address } },
    ]);
    expect(await member(tc, ALICE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    await expectRevert(tc.party(ALICE).write.addMemberToParty([[FRANK.address]]), "NotAnExecutive");
    await expectRevert(tc.party(ALICE).write.updateMemberApplicationForChapter([DAVE.address, true]), "NotAnExecutive");
  });

  it("reverts NotAnAdmin for anyone but the party admin and NotAnExecutive for a non-executive", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.demotePartyExecutive([ALICE.address]), "NotAnAdmin");
    await expectRevert(tc.party(BOB).write.demotePartyExecutive([ALICE.address]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.demotePartyExecutive([BOB.address]), "NotAnExecutive");
    await expectRevert(tc.party(ADMIN).write.demotePartyExecutive([FRANK.address]), "NotAnExecutive");
    expect(await tc.read.read.partyExecutive([ALICE.address])).toBe(true);
  });
});

describe("scope of a chapter executive", () => {
  it("decides applications to and removes members of their own chapter only", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(FRANK).write.applyForChapterMembership([2n]));
    await expectRevert(tc.party(BOB).write.updateMemberApplicationForChapter([FRANK.address, true]), "NotAnExecutive");
    await expectRevert(tc.party(BOB).write.removeMemberFromChapter([HEIDI.address]), "NotAnExecutive");
    await expectRevert(tc.party(BOB).write.addMemberToParty([[IVAN.address]]), "NotAnExecutive");
    await expectRevert(tc.party(BOB).write.removeMemberFromParty([HEIDI.address]), "NotAnExecutive");
    await mined(tc, tc.party(CAROL).write.updateMemberApplicationForChapter([FRANK.address, true]));
    await mined(tc, tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]));
    await sendAndExpect(tc, tc.party(BOB).write.removeMemberFromChapter([DAVE.address]), [
      { eventName: "RemovedFromChapter", args: { account: DAVE.address, chapterId: 1n, by: BOB.address } },
    ]);
    expect(await member(tc, FRANK.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, partyMember: true });
  });

  it("loses the role on leaving the chapter and does not get it back on rejoining", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(BOB).write.leaveChapter());
    await mined(tc, tc.party(BOB).write.applyForChapterMembership([1n]));
    await mined(tc, tc.party(ALICE).write.updateMemberApplicationForChapter([BOB.address, true]));
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    await expectRevert(tc.party(BOB).write.updateMemberApplicationForChapter([DAVE.address, true]), "NotAnExecutive");
  });
});
