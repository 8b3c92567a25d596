/**
 * Chapters: addChapterToParty (founders, batches), updateChapterLocation, removeChapter and
 * setCentralCommitteeMember. Starts from a freshly deployed contract (ADMIN holds every role).
 */
import type { Address } from "viem";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK } from "../fixtures/accounts.js";
import {
  BERLIN,
  COLOGNE,
  HAMBURG,
  MUNICH,
  NOBODY,
  ZERO,
  ZERO_HASH,
  addChapters,
  chapter,
  expectRevert,
  member,
  mined,
  sendAndExpect,
  useChain,
} from "./helpers.js";

const ctx = useChain();

const EMPTY_CHAPTER = { location: ZERO_HASH, x: 0, y: 0, exists: false, memberCount: 0n };

describe("addChapterToParty", () => {
  it("adds several chapters with their founders, who join the chapter and the party", async () => {
    const { tc } = ctx;
    await sendAndExpect(
      tc,
      tc.party(ADMIN).write.addChapterToParty([
        [[ALICE.address, BOB.address], [CAROL.address], []],
        [BERLIN, HAMBURG, MUNICH],
        [10, 30, 65535],
        [20, 40, 0],
      ]),
      [
        { eventName: "ChapterAdded", args: { chapterId: 1n, location: BERLIN, x: 10, y: 20, by: ADMIN.address } },
        { eventName: "JoinedChapter", args: { account: ALICE.address, chapterId: 1n, by: ADMIN.address } },
        { eventName: "JoinedParty", args: { account: ALICE.address, by: ADMIN.address } },
        { eventName: "JoinedChapter", args: { account: BOB.address, chapterId: 1n, by: ADMIN.address } },
        { eventName: "JoinedParty", args: { account: BOB.address, by: ADMIN.address } },
        { eventName: "ChapterAdded", args: { chapterId: 2n, location: HAMBURG, x: 30, y: 40, by: ADMIN.address } },
        { eventName: "JoinedChapter", args: { account: CAROL.address, chapterId: 2n, by: ADMIN.address } },
        { eventName: "JoinedParty", args: { account: CAROL.address, by: ADMIN.address } },
        { eventName: "ChapterAdded", args: { chapterId: 3n, location: MUNICH, x: 65535, y: 0, by: ADMIN.address } },
      ],
    );

    expect(await tc.read.read.chapterCount()).toBe(3n);
    expect(await chapter(tc, 1n)).toEqual({ location: BERLIN, x: 10, y: 20, exists: true, memberCount: 2n });
    expect(await chapter(tc, 2n)).toEqual({ location: HAMBURG, x: 30, y: 40, exists: true, memberCount: 1n });
    expect(await chapter(tc, 3n)).toEqual({ location: MUNICH, x: 65535, y: 0, exists: true, memberCount: 0n });
    expect(await chapter(tc, 4n)).toEqual(EMPTY_CHAPTER);
    expect(await chapter(tc, 0n)).toEqual(EMPTY_CHAPTER);
    expect(await member(tc, ALICE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    expect(await member(tc, BOB.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
    expect(await member(tc, CAROL.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
    expect(await member(tc, DAVE.address)).toEqual(NOBODY);
  });

  it("numbers chapters on from earlier calls", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [], location: BERLIN, x: 1, y: 2 }]);
    await sendAndExpect(tc, tc.party(ADMIN).write.addChapterToParty([[[DAVE.address]], [HAMBURG], [3], [4]]), [
      { eventName: "ChapterAdded", args: { chapterId: 2n, location: HAMBURG, x: 3, y: 4, by: ADMIN.address } },
      { eventName: "JoinedChapter", args: { account: DAVE.address, chapterId: 2n, by: ADMIN.address } },
      { eventName: "JoinedParty", args: { account: DAVE.address, by: ADMIN.address } },
    ]);
    expect(await tc.read.read.chapterCount()).toBe(2n);
    expect(await chapter(tc, 1n)).toEqual({ location: BERLIN, x: 1, y: 2, exists: true, memberCount: 0n });
    expect(await chapter(tc, 2n)).toEqual({ location: HAMBURG, x: 3, y: 4, exists: true, memberCount: 1n });
  });

  it("a founder who already is a party member only joins the chapter (no second JoinedParty)", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [ALICE], location: BERLIN, x: 1, y: 1 }]);
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([ALICE.address]));
    await mined(tc, tc.party(ALICE).write.addMemberToParty([[ERIN.address]]));
    await sendAndExpect(tc, tc.party(ADMIN).write.addChapterToParty([[[ERIN.address]], [HAMBURG], [2], [2]]), [
      { eventName: "ChapterAdded", args: { chapterId: 2n, location: HAMBURG, x: 2, y: 2, by: ADMIN.address } },
      { eventName: "JoinedChapter", args: { account: ERIN.address, chapterId: 2n, by: ADMIN.address } },
    ]);
    expect(await member(tc, ERIN.address)).toEqual({ ...NOBODY, memberChapter: 2n, partyMember: true });
  });

  it("is for the chapter admin only: NotAnAdmin", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ALICE).write.addChapterToParty([[[]], [BERLIN], [1], [1]]), "NotAnAdmin");
    expect(await tc.read.read.chapterCount()).toBe(0n);
  });

  it("reverts an empty batch with InvalidInput", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.addChapterToParty([[], [], [], []]), "InvalidInput");
  });

  it.each([
    { name: "applicants shorter", applicants: [[]], locations: [BERLIN, HAMBURG], xs: [1, 2], ys: [1, 2] },
    { name: "applicants longer", applicants: [[], [], []], locations: [BERLIN, HAMBURG], xs: [1, 2], ys: [1, 2] },
    { name: "xs shorter", applicants: [[], []], locations: [BERLIN, HAMBURG], xs: [1], ys: [1, 2] },
    { name: "ys longer", applicants: [[], []], locations: [BERLIN, HAMBURG], xs: [1, 2], ys: [1, 2, 3] },
    { name: "locations empty", applicants: [[]], locations: [], xs: [1], ys: [1] },
  ] satisfies { name: string; applicants: Address[][]; locations: `0x${string}`[]; xs: number[]; ys: number[] }[])(
    "reverts mismatched arrays ($name) with InvalidInput",
    async ({ applicants, locations, xs, ys }) => {
      const { tc } = ctx;
      await expectRevert(tc.party(ADMIN).write.addChapterToParty([applicants, locations, xs, ys]), "InvalidInput");
      expect(await tc.read.read.chapterCount()).toBe(0n);
    },
  );

  it("reverts a zero location or a zero founder address with InvalidInput", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.addChapterToParty([[[]], [ZERO_HASH], [1], [1]]), "InvalidInput");
    await expectRevert(tc.party(ADMIN).write.addChapterToParty([[[ZERO]], [BERLIN], [1], [1]]), "InvalidInput");
  });

  it("reverts a founder already in a chapter (AlreadyJoined), also twice in one batch", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [ALICE], location: BERLIN, x: 1, y: 1 }]);
    await expectRevert(
      tc.party(ADMIN).write.addChapterToParty([[[BOB.address, ALICE.address]], [HAMBURG], [1], [1]]),
      "AlreadyJoined",
    );
    await expectRevert(
      tc.party(ADMIN).write.addChapterToParty([[[BOB.address], [BOB.address]], [HAMBURG, MUNICH], [1, 2], [1, 2]]),
      "AlreadyJoined",
    );
    await expectRevert(
      tc.party(ADMIN).write.addChapterToParty([[[CAROL.address, CAROL.address]], [HAMBURG], [1], [1]]),
      "AlreadyJoined",
    );
  });

  it("reverts a founder with a pending application (AlreadyApplied)", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [], location: BERLIN, x: 1, y: 1 }]);
    await mined(tc, tc.party(DAVE).write.applyForChapterMembership([1n]));
    await expectRevert(tc.party(ADMIN).write.addChapterToParty([[[DAVE.address]], [HAMBURG], [1], [1]]), "AlreadyApplied");
    expect(await member(tc, DAVE.address)).toEqual({ ...NOBODY, applicationChapter: 1n });
  });

  it("is atomic: one bad entry in a later chapter reverts the whole batch and changes nothing", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [ALICE], location: BERLIN, x: 1, y: 1 }]);
    await expectRevert(
      tc.party(ADMIN).write.addChapterToParty([
        [[BOB.address, CAROL.address], [DAVE.address, ALICE.address]],
        [HAMBURG, MUNICH],
        [2, 3],
        [2, 3],
      ]),
      "AlreadyJoined",
    );
    await expectRevert(
      tc.party(ADMIN).write.addChapterToParty([[[BOB.address], []], [HAMBURG, ZERO_HASH], [2, 3], [2, 3]]),
      "InvalidInput",
    );
    expect(await tc.read.read.chapterCount()).toBe(1n);
    expect(await chapter(tc, 1n)).toEqual({ location: BERLIN, x: 1, y: 1, exists: true, memberCount: 1n });
    expect(await chapter(tc, 2n)).toEqual(EMPTY_CHAPTER);
    expect(await chapter(tc, 3n)).toEqual(EMPTY_CHAPTER);
    for (const account of [BOB, CAROL, DAVE]) expect(await member(tc, account.address)).toEqual(NOBODY);
    expect(await member(tc, ALICE.address)).toEqual({ ...NOBODY, memberChapter: 1n, partyMember: true });
  });
});

describe("updateChapterLocation", () => {
  it("moves a chapter and keeps its members", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [ALICE, BOB], location: BERLIN, x: 1, y: 1 }]);
    await sendAndExpect(tc, tc.party(ADMIN).write.updateChapterLocation([1n, COLOGNE, 700, 800]), [
      { eventName: "ChapterLocationUpdated", args: { chapterId: 1n, location: COLOGNE, x: 700, y: 800, by: ADMIN.address } },
    ]);
    expect(await chapter(tc, 1n)).toEqual({ location: COLOGNE, x: 700, y: 800, exists: true, memberCount: 2n });
    expect(await tc.read.read.memberChapter([ALICE.address])).toBe(1n);
  });

  it("reverts NotAnAdmin, NotAChapter and InvalidInput (zero location)", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [ALICE], location: BERLIN, x: 1, y: 1 }]);
    await expectRevert(tc.party(ALICE).write.updateChapterLocation([1n, COLOGNE, 2, 2]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.updateChapterLocation([0n, COLOGNE, 2, 2]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.updateChapterLocation([2n, COLOGNE, 2, 2]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.updateChapterLocation([1n, ZERO_HASH, 2, 2]), "InvalidInput");
    expect(await chapter(tc, 1n)).toEqual({ location: BERLIN, x: 1, y: 1, exists: true, memberCount: 1n });
  });
});

describe("removeChapter", () => {
  it("removes an empty chapter: the getter reads empty, the id is not reused", async () => {
    const { tc } = ctx;
    await addChapters(tc, [
      { founders: [ALICE], location: BERLIN, x: 1, y: 1 },
      { founders: [], location: HAMBURG, x: 2, y: 2 },
    ]);
    await sendAndExpect(tc, tc.party(ADMIN).write.removeChapter([2n]), [
      { eventName: "ChapterRemoved", args: { chapterId: 2n, by: ADMIN.address } },
    ]);
    expect(await chapter(tc, 2n)).toEqual(EMPTY_CHAPTER);
    expect(await tc.read.read.chapterCount()).toBe(2n);
    await addChapters(tc, [{ founders: [], location: MUNICH, x: 3, y: 3 }]);
    expect(await tc.read.read.chapterCount()).toBe(3n);
    expect(await chapter(tc, 3n)).toEqual({ location: MUNICH, x: 3, y: 3, exists: true, memberCount: 0n });
    expect(await chapter(tc, 2n)).toEqual(EMPTY_CHAPTER);
  });

  it("refuses a chapter with members (InvalidInput) until they are gone", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [ALICE, BOB], location: BERLIN, x: 1, y: 1 }]);
    await expectRevert(tc.party(ADMIN).write.removeChapter([1n]), "InvalidInput");
    await mined(tc, tc.party(ALICE).write.leaveChapter());
    await expectRevert(tc.party(ADMIN).write.removeChapter([1n]), "InvalidInput");
    await mined(tc, tc.party(BOB).write.leaveParty());
    expect((await chapter(tc, 1n)).memberCount).toBe(0n);
    await sendAndExpect(tc, tc.party(ADMIN).write.removeChapter([1n]), [
      { eventName: "ChapterRemoved", args: { chapterId: 1n, by: ADMIN.address } },
    ]);
    expect(await chapter(tc, 1n)).toEqual(EMPTY_CHAPTER);
  });

  it("reverts NotAnAdmin and NotAChapter (unknown, zero or already removed)", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [], location: BERLIN, x: 1, y: 1 }]);
    await expectRevert(tc.party(ALICE).write.removeChapter([1n]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.removeChapter([0n]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.removeChapter([2n]), "NotAChapter");
    await mined(tc, tc.party(ADMIN).write.removeChapter([1n]));
    await expectRevert(tc.party(ADMIN).write.removeChapter([1n]), "NotAChapter");
  });

  it("a removed chapter takes no applications, moves, evaluations or committee seats", async () => {
    const { tc } = ctx;
    await addChapters(tc, [{ founders: [], location: BERLIN, x: 1, y: 1 }]);
    await mined(tc, tc.party(ADMIN).write.removeChapter([1n]));
    await expectRevert(tc.party(DAVE).write.applyForChapterMembership([1n]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.updateChapterLocation([1n, COLOGNE, 1, 1]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.mintEvaluation([1n, 0x12, 32, `0x${"ab".repeat(32)}`]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.setCentralCommitteeMember([1n, ZERO]), "NotAChapter");
  });
});

describe("setCentralCommitteeMember", () => {
  it("seats a member of the chapter, replaces them, and clears the seat with the zero address", async () => {
    const { tc } = ctx;
    await addChapters(tc, [
      { founders: [ALICE, BOB], location: BERLIN, x: 1, y: 1 },
      { founders: [CAROL], location: HAMBURG, x: 2, y: 2 },
    ]);
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(ZERO);
    await sendAndExpect(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, ALICE.address]), [
      { eventName: "CentralCommitteeMemberSet", args: { chapterId: 1n, account: ALICE.address, by: ADMIN.address } },
    ]);
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(ALICE.address);
    expect(await tc.read.read.centralCommitteeMember([2n])).toBe(ZERO);

    await sendAndExpect(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, BOB.address]), [
      { eventName: "CentralCommitteeMemberSet", args: { chapterId: 1n, account: BOB.address, by: ADMIN.address } },
    ]);
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(BOB.address);

    await sendAndExpect(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, ZERO]), [
      { eventName: "CentralCommitteeMemberSet", args: { chapterId: 1n, account: ZERO, by: ADMIN.address } },
    ]);
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(ZERO);
  });

  it("reverts NotAnAdmin, NotAChapter and NotAMember (not in that chapter)", async () => {
    const { tc } = ctx;
    await addChapters(tc, [
      { founders: [ALICE], location: BERLIN, x: 1, y: 1 },
      { founders: [CAROL], location: HAMBURG, x: 2, y: 2 },
    ]);
    await expectRevert(tc.party(ALICE).write.setCentralCommitteeMember([1n, ALICE.address]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.setCentralCommitteeMember([3n, ALICE.address]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.setCentralCommitteeMember([0n, ZERO]), "NotAChapter");
    await expectRevert(tc.party(ADMIN).write.setCentralCommitteeMember([1n, CAROL.address]), "NotAMember");
    await expectRevert(tc.party(ADMIN).write.setCentralCommitteeMember([1n, FRANK.address]), "NotAMember");
    expect(await tc.read.read.centralCommitteeMember([1n])).toBe(ZERO);
  });
});
