/**
 * The permission table's rows for membership: applying, recommending, deciding, leaving, adding
 * and removing members. Steps and world: permission-steps.ts.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI } from "../fixtures/accounts.js";
import { ZERO } from "./helpers.js";
import { fails, ok, type Row } from "./permission-steps.js";

export const MEMBERSHIP_ROWS: Row[] = [
  {
    fn: "`applyForChapterMembership(chapterId)`",
    steps: [
      fails(FRANK, "applies to an unknown chapter", "NotAChapter", (p) => p.write.applyForChapterMembership([9n])),
      fails(BOB, "applies while in a chapter", "AlreadyJoined", (p) => p.write.applyForChapterMembership([2n])),
      fails(DAVE, "applies again", "AlreadyApplied", (p) => p.write.applyForChapterMembership([2n])),
      ok(FRANK, "applies to chapter 2", (p) => p.write.applyForChapterMembership([2n])),
      ok(ERIN, "a party member in no chapter applies", (p) => p.write.applyForChapterMembership([3n])),
    ],
  },
  {
    fn: "`recommendForChapterMembership(accounts[])`",
    steps: [
      fails(FRANK, "recommends while in no chapter", "NotAMember", (p) => p.write.recommendForChapterMembership([[DAVE.address]])),
      fails(ERIN, "a party member in no chapter recommends", "NotAMember", (p) =>
        p.write.recommendForChapterMembership([[DAVE.address]]),
      ),
      fails(HEIDI, "recommends an applicant to another chapter", "HasNotApplied", (p) =>
        p.write.recommendForChapterMembership([[DAVE.address]]),
      ),
      fails(BOB, "recommends an empty list", "InvalidInput", (p) => p.write.recommendForChapterMembership([[]])),
      ok(ALICE, "recommends DAVE to her chapter", (p) => p.write.recommendForChapterMembership([[DAVE.address]])),
      fails(ALICE, "recommends DAVE again", "InvalidInput", (p) => p.write.recommendForChapterMembership([[DAVE.address]])),
      ok(BOB, "another member recommends DAVE", (p) => p.write.recommendForChapterMembership([[DAVE.address]])),
    ],
  },
  {
    fn: "`updateMemberApplicationForChapter(account, approved)`",
    steps: [
      fails(BOB, "decides on a non-applicant", "HasNotApplied", (p) => p.write.updateMemberApplicationForChapter([FRANK.address, true])),
      fails(HEIDI, "a plain member decides", "NotAnExecutive", (p) => p.write.updateMemberApplicationForChapter([DAVE.address, true])),
      fails(CAROL, "another chapter's executive decides", "NotAnExecutive", (p) =>
        p.write.updateMemberApplicationForChapter([DAVE.address, true]),
      ),
      fails(ADMIN, "the admin (no executive) decides", "NotAnExecutive", (p) =>
        p.write.updateMemberApplicationForChapter([DAVE.address, false]),
      ),
      ok(BOB, "the chapter's executive approves", (p) => p.write.updateMemberApplicationForChapter([DAVE.address, true])),
      ok(GRACE, "(GRACE applies to chapter 3)", (p) => p.write.applyForChapterMembership([3n])),
      ok(ADMIN, "(chapter 3 is removed, which closes GRACE's application)", (p) => p.write.removeChapter([3n])),
      fails(ALICE, "a party executive approves an application its chapter's removal closed", "HasNotApplied", (p) =>
        p.write.updateMemberApplicationForChapter([GRACE.address, true]),
      ),
      fails(ALICE, "a party executive rejects it", "HasNotApplied", (p) =>
        p.write.updateMemberApplicationForChapter([GRACE.address, false]),
      ),
      ok(GRACE, "(GRACE applies to chapter 2)", (p) => p.write.applyForChapterMembership([2n])),
      ok(ALICE, "a party executive rejects", (p) => p.write.updateMemberApplicationForChapter([GRACE.address, false])),
    ],
  },
  {
    fn: "`leaveChapter()`",
    steps: [
      fails(FRANK, "leaves while in no chapter", "NotAMember", (p) => p.write.leaveChapter()),
      fails(ERIN, "a party member in no chapter leaves", "NotAMember", (p) => p.write.leaveChapter()),
      ok(BOB, "a chapter member leaves", (p) => p.write.leaveChapter()),
    ],
  },
  {
    fn: "`leaveParty()`",
    steps: [
      fails(FRANK, "a non-member leaves", "NotAMember", (p) => p.write.leaveParty()),
      fails(DAVE, "an applicant leaves", "NotAMember", (p) => p.write.leaveParty()),
      ok(ERIN, "a party member leaves", (p) => p.write.leaveParty()),
      ok(HEIDI, "a chapter member leaves", (p) => p.write.leaveParty()),
    ],
  },
  {
    fn: "`removeMemberFromChapter(account)`",
    steps: [
      fails(ALICE, "removes someone in no chapter", "NotAMember", (p) => p.write.removeMemberFromChapter([ERIN.address])),
      fails(HEIDI, "a plain member removes", "NotAnExecutive", (p) => p.write.removeMemberFromChapter([CAROL.address])),
      fails(CAROL, "another chapter's executive removes", "NotAnExecutive", (p) => p.write.removeMemberFromChapter([BOB.address])),
      fails(BOB, "a chapter executive removes a party executive", "NotAnAdmin", (p) => p.write.removeMemberFromChapter([ALICE.address])),
      ok(ADMIN, "(the party admin promotes CAROL to party executive)", (p) =>
        p.write.promotePartyExecutive([CAROL.address]),
      ),
      fails(ALICE, "a party executive removes a party executive", "NotAnAdmin", (p) => p.write.removeMemberFromChapter([CAROL.address])),
      ok(ADMIN, "(the party admin demotes CAROL again)", (p) => p.write.demotePartyExecutive([CAROL.address])),
      ok(ALICE, "(ALICE makes HEIDI an executive of chapter 2 as well)", (p) => p.write.promoteChapterExecutive([HEIDI.address, 2n])),
      fails(CAROL, "a chapter executive removes a fellow chapter executive", "NotAnExecutive", (p) =>
        p.write.removeMemberFromChapter([HEIDI.address]),
      ),
      ok(ADMIN, "(the chapter admin seats HEIDI on the central committee)", (p) => p.write.setCentralCommitteeMember([2n, HEIDI.address])),
      fails(ALICE, "a party executive removes the central committee member", "NotAnAdmin", (p) =>
        p.write.removeMemberFromChapter([HEIDI.address]),
      ),
      ok(ADMIN, "(the chapter admin clears the seat)", (p) => p.write.setCentralCommitteeMember([2n, ZERO])),
      ok(ALICE, "a party executive removes a chapter executive", (p) => p.write.removeMemberFromChapter([HEIDI.address])),
      ok(BOB, "(BOB approves DAVE into chapter 1)", (p) => p.write.updateMemberApplicationForChapter([DAVE.address, true])),
      ok(BOB, "the chapter's executive removes a plain member", (p) => p.write.removeMemberFromChapter([DAVE.address])),
    ],
  },
  {
    fn: "`addMemberToParty(accounts[])`",
    steps: [
      fails(BOB, "a chapter executive adds", "NotAnExecutive", (p) => p.write.addMemberToParty([[FRANK.address]])),
      fails(ADMIN, "the admin adds", "NotAnExecutive", (p) => p.write.addMemberToParty([[FRANK.address]])),
      fails(ALICE, "adds a member", "AlreadyJoined", (p) => p.write.addMemberToParty([[ERIN.address]])),
      fails(ALICE, "adds an empty list", "InvalidInput", (p) => p.write.addMemberToParty([[]])),
      fails(ALICE, "adds the zero address", "InvalidInput", (p) => p.write.addMemberToParty([[ZERO]])),
      ok(ALICE, "a party executive adds two", (p) => p.write.addMemberToParty([[FRANK.address, GRACE.address]])),
    ],
  },
  {
    fn: "`removeMemberFromParty(account)`",
    steps: [
      fails(BOB, "a chapter executive removes", "NotAnExecutive", (p) => p.write.removeMemberFromParty([HEIDI.address])),
      fails(ADMIN, "the admin removes", "NotAnExecutive", (p) => p.write.removeMemberFromParty([HEIDI.address])),
      fails(ALICE, "removes a non-member", "NotAMember", (p) => p.write.removeMemberFromParty([FRANK.address])),
      fails(ALICE, "removes herself, a party executive", "NotAnAdmin", (p) => p.write.removeMemberFromParty([ALICE.address])),
      ok(ADMIN, "(the party admin promotes ERIN)", (p) => p.write.promotePartyExecutive([ERIN.address])),
      fails(ALICE, "removes another party executive", "NotAnAdmin", (p) => p.write.removeMemberFromParty([ERIN.address])),
      ok(ADMIN, "(the chapter admin seats HEIDI on the central committee)", (p) => p.write.setCentralCommitteeMember([2n, HEIDI.address])),
      fails(ALICE, "removes the central committee member", "NotAnAdmin", (p) => p.write.removeMemberFromParty([HEIDI.address])),
      ok(ALICE, "a party executive removes a chapter executive", (p) => p.write.removeMemberFromParty([CAROL.address])),
      ok(ADMIN, "(the chapter admin clears the seat)", (p) => p.write.setCentralCommitteeMember([2n, ZERO])),
      ok(ALICE, "a party executive removes a plain member", (p) => p.write.removeMemberFromParty([HEIDI.address])),
    ],
  },
];
