/**
 * docs/permissions.md, row by row: for every row an allowed caller succeeds and disallowed callers
 * (or bad input) get exactly the documented errors. The table is parsed from the document, so a
 * row added there without a case here, or an error documented but never provoked, fails.
 *
 * World (seedWorld in helpers.ts, plus evaluation 1 of chapter 1):
 *   ADMIN: every role, no member.  ALICE: party executive, chapter 1.  BOB: executive of chapter 1.
 *   CAROL: executive of chapter 2.  HEIDI: plain member of chapter 2.  ERIN: party member, no chapter.
 *   DAVE: applied to chapter 1.  Chapter 3 is empty.  FRANK, GRACE, IVAN: nobody.
 */
import { readFileSync } from "node:fs";
import { encodeFunctionData, getAddress, type Hex, type PrivateKeyAccount } from "viem";
import { erc1967ProxyAbi, erc1967ProxyBytecode } from "../../abis/erc1967-proxy.js";
import { partyAbi } from "../../abis/party.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import {
  COLOGNE,
  SHA256,
  ZERO,
  ZERO_HASH,
  deployPartyV2,
  digest,
  expectRevert,
  implementationSlot,
  mined,
  seedWorld,
  useChain,
  type PartyContract,
  type PartyErrorName,
} from "./helpers.js";

const ctx = useChain(async (tc) => {
  await seedWorld(tc);
  await mined(tc, tc.party(ADMIN).write.mintEvaluation([1n, SHA256, 32, digest(1)]));
});

type Step = {
  as: PrivateKeyAccount;
  does: string;
  expect: "ok" | PartyErrorName;
  call: (party: PartyContract, tc: TestChain) => Promise<Hex>;
};
type Row = { fn: string; steps: Step[] };

const ok = (as: PrivateKeyAccount, does: string, call: Step["call"]): Step => ({ as, does, expect: "ok", call });
const fails = (as: PrivateKeyAccount, does: string, error: PartyErrorName, call: Step["call"]): Step => ({
  as,
  does,
  expect: error,
  call,
});

const D = digest(0xee);

const ROWS: Row[] = [
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
  {
    fn: "`promoteChapterExecutive(account, chapterId)`",
    steps: [
      fails(BOB, "a chapter executive promotes", "NotAnExecutive", (p) => p.write.promoteChapterExecutive([ALICE.address, 1n])),
      fails(ADMIN, "the admin promotes", "NotAnExecutive", (p) => p.write.promoteChapterExecutive([HEIDI.address, 2n])),
      fails(ALICE, "promotes in an unknown chapter", "NotAChapter", (p) => p.write.promoteChapterExecutive([HEIDI.address, 9n])),
      fails(ALICE, "promotes a member of another chapter", "NotAMember", (p) =>
        p.write.promoteChapterExecutive([HEIDI.address, 1n]),
      ),
      fails(ALICE, "promotes an executive again", "InvalidInput", (p) => p.write.promoteChapterExecutive([BOB.address, 1n])),
      ok(ALICE, "a party executive promotes", (p) => p.write.promoteChapterExecutive([HEIDI.address, 2n])),
    ],
  },
  {
    fn: "`demoteChapterExecutive(account, chapterId)`",
    steps: [
      fails(CAROL, "a chapter executive demotes", "NotAnExecutive", (p) => p.write.demoteChapterExecutive([BOB.address, 1n])),
      fails(ALICE, "demotes a non-executive", "NotAnExecutive", (p) => p.write.demoteChapterExecutive([HEIDI.address, 2n])),
      fails(ALICE, "demotes an executive of another chapter", "NotAnExecutive", (p) =>
        p.write.demoteChapterExecutive([BOB.address, 2n]),
      ),
      ok(ALICE, "a party executive demotes", (p) => p.write.demoteChapterExecutive([BOB.address, 1n])),
    ],
  },
  {
    fn: "`promotePartyExecutive(account)`",
    steps: [
      fails(ALICE, "a party executive promotes", "NotAnAdmin", (p) => p.write.promotePartyExecutive([BOB.address])),
      fails(ADMIN, "promotes a non-member", "NotAMember", (p) => p.write.promotePartyExecutive([FRANK.address])),
      fails(ADMIN, "promotes a party executive", "InvalidInput", (p) => p.write.promotePartyExecutive([ALICE.address])),
      ok(ADMIN, "the party admin promotes", (p) => p.write.promotePartyExecutive([BOB.address])),
    ],
  },
  {
    fn: "`demotePartyExecutive(account)`",
    steps: [
      fails(ALICE, "a party executive demotes", "NotAnAdmin", (p) => p.write.demotePartyExecutive([ALICE.address])),
      fails(ADMIN, "demotes a non-executive", "NotAnExecutive", (p) => p.write.demotePartyExecutive([BOB.address])),
      ok(ADMIN, "the party admin demotes", (p) => p.write.demotePartyExecutive([ALICE.address])),
    ],
  },
  {
    fn: "`addChapterToParty(applicants[][], locations[], xs[], ys[])`",
    steps: [
      fails(ALICE, "a party executive adds", "NotAnAdmin", (p) => p.write.addChapterToParty([[[]], [COLOGNE], [1], [1]])),
      fails(ADMIN, "adds an empty batch", "InvalidInput", (p) => p.write.addChapterToParty([[], [], [], []])),
      fails(ADMIN, "adds mismatched arrays", "InvalidInput", (p) => p.write.addChapterToParty([[[]], [COLOGNE], [1, 2], [1]])),
      fails(ADMIN, "adds a zero location", "InvalidInput", (p) => p.write.addChapterToParty([[[]], [ZERO_HASH], [1], [1]])),
      fails(ADMIN, "adds a zero founder", "InvalidInput", (p) => p.write.addChapterToParty([[[ZERO]], [COLOGNE], [1], [1]])),
      fails(ADMIN, "adds a founder in a chapter", "AlreadyJoined", (p) =>
        p.write.addChapterToParty([[[BOB.address]], [COLOGNE], [1], [1]]),
      ),
      fails(ADMIN, "adds a founder with an application", "AlreadyApplied", (p) =>
        p.write.addChapterToParty([[[DAVE.address]], [COLOGNE], [1], [1]]),
      ),
      ok(ADMIN, "the chapter admin adds", (p) => p.write.addChapterToParty([[[FRANK.address, ERIN.address]], [COLOGNE], [1], [1]])),
    ],
  },
  {
    fn: "`updateChapterLocation(chapterId, location, x, y)`",
    steps: [
      fails(ALICE, "a party executive moves", "NotAnAdmin", (p) => p.write.updateChapterLocation([1n, COLOGNE, 1, 1])),
      fails(ADMIN, "moves an unknown chapter", "NotAChapter", (p) => p.write.updateChapterLocation([9n, COLOGNE, 1, 1])),
      fails(ADMIN, "moves to a zero location", "InvalidInput", (p) => p.write.updateChapterLocation([1n, ZERO_HASH, 1, 1])),
      ok(ADMIN, "the chapter admin moves", (p) => p.write.updateChapterLocation([1n, COLOGNE, 1, 1])),
    ],
  },
  {
    fn: "`removeChapter(chapterId)`",
    steps: [
      fails(ALICE, "a party executive removes", "NotAnAdmin", (p) => p.write.removeChapter([3n])),
      fails(ADMIN, "removes an unknown chapter", "NotAChapter", (p) => p.write.removeChapter([9n])),
      fails(ADMIN, "removes a chapter with members", "InvalidInput", (p) => p.write.removeChapter([1n])),
      ok(ADMIN, "the chapter admin removes an empty chapter", (p) => p.write.removeChapter([3n])),
    ],
  },
  {
    fn: "`setCentralCommitteeMember(chapterId, account)`",
    steps: [
      fails(ALICE, "a party executive seats", "NotAnAdmin", (p) => p.write.setCentralCommitteeMember([1n, ALICE.address])),
      fails(ADMIN, "seats in an unknown chapter", "NotAChapter", (p) => p.write.setCentralCommitteeMember([9n, ALICE.address])),
      fails(ADMIN, "seats a member of another chapter", "NotAMember", (p) =>
        p.write.setCentralCommitteeMember([1n, HEIDI.address]),
      ),
      ok(ADMIN, "the chapter admin seats a member", (p) => p.write.setCentralCommitteeMember([1n, ALICE.address])),
      ok(ADMIN, "the chapter admin clears the seat", (p) => p.write.setCentralCommitteeMember([1n, ZERO])),
    ],
  },
  {
    fn: "`mintEvaluation(chapterId, hashCode, hashSize, hashDigest)`",
    steps: [
      fails(ALICE, "a party executive mints", "NotAnAdmin", (p) => p.write.mintEvaluation([1n, SHA256, 32, D])),
      fails(ADMIN, "mints for an unknown chapter", "NotAChapter", (p) => p.write.mintEvaluation([9n, SHA256, 32, D])),
      fails(ADMIN, "mints with hash size 0", "InvalidInput", (p) => p.write.mintEvaluation([1n, SHA256, 0, D])),
      ok(ADMIN, "the evaluation minter mints", (p) => p.write.mintEvaluation([1n, SHA256, 32, D])),
    ],
  },
  {
    fn: "`vote(evaluationId, score)`",
    steps: [
      fails(BOB, "votes on an unknown evaluation", "NotAnEvaluation", (p) => p.write.vote([9n, 1])),
      fails(CAROL, "a member of another chapter votes", "NotAMember", (p) => p.write.vote([1n, 1])),
      fails(ADMIN, "the admin votes", "NotAMember", (p) => p.write.vote([1n, 1])),
      ok(BOB, "a member of the chapter votes", (p) => p.write.vote([1n, 1])),
      ok(BOB, "and votes again", (p) => p.write.vote([1n, -1])),
      ok(ALICE, "a party executive scores", (p) => p.write.vote([1n, 2])),
    ],
  },
  {
    fn: "`sendInfo(eventName, infoType, hashCode, hashSize, hashDigest)`",
    steps: [
      fails(ALICE, "a party executive sends", "NotAnAdmin", (p) => p.write.sendInfo(["Meeting", 1, SHA256, 32, D])),
      fails(ADMIN, "sends an empty event name", "InvalidInput", (p) => p.write.sendInfo(["", 1, SHA256, 32, D])),
      ok(ADMIN, "the info sender sends", (p) => p.write.sendInfo(["Meeting", 1, SHA256, 32, D])),
    ],
  },
  {
    fn: "`setPartyAdmin(account)`",
    steps: [
      fails(ALICE, "a party executive proposes", "NotAnAdmin", (p) => p.write.setPartyAdmin([ALICE.address])),
      fails(ADMIN, "proposes the zero address", "InvalidInput", (p) => p.write.setPartyAdmin([ZERO])),
      ok(ADMIN, "the party admin proposes", (p) => p.write.setPartyAdmin([IVAN.address])),
      fails(IVAN, "the proposed account proposes before accepting", "NotAnAdmin", (p) => p.write.setPartyAdmin([IVAN.address])),
      ok(ADMIN, "the party admin, still in office, proposes someone else", (p) => p.write.setPartyAdmin([GRACE.address])),
    ],
  },
  {
    fn: "`acceptPartyAdmin()`",
    steps: [
      fails(IVAN, "nothing proposed for the caller", "NotAnAdmin", (p) => p.write.acceptPartyAdmin()),
      fails(ADMIN, "the party admin accepts with nothing proposed", "NotAnAdmin", (p) => p.write.acceptPartyAdmin()),
      ok(ADMIN, "(the party admin proposes IVAN)", (p) => p.write.setPartyAdmin([IVAN.address])),
      fails(FRANK, "someone else accepts", "NotAnAdmin", (p) => p.write.acceptPartyAdmin()),
      fails(ADMIN, "the proposer accepts", "NotAnAdmin", (p) => p.write.acceptPartyAdmin()),
      ok(IVAN, "the proposed account accepts", (p) => p.write.acceptPartyAdmin()),
      fails(IVAN, "accepts twice", "NotAnAdmin", (p) => p.write.acceptPartyAdmin()),
      fails(ADMIN, "the former party admin proposes", "NotAnAdmin", (p) => p.write.setPartyAdmin([ADMIN.address])),
    ],
  },
  {
    fn: "`setChapterAdmin`, `setEvaluationMinter`, `setInfoSender`",
    steps: [
      fails(ALICE, "setChapterAdmin by a party executive", "NotAnAdmin", (p) => p.write.setChapterAdmin([ALICE.address])),
      fails(ALICE, "setEvaluationMinter by a party executive", "NotAnAdmin", (p) => p.write.setEvaluationMinter([ALICE.address])),
      fails(ALICE, "setInfoSender by a party executive", "NotAnAdmin", (p) => p.write.setInfoSender([ALICE.address])),
      fails(ADMIN, "setChapterAdmin to zero", "InvalidInput", (p) => p.write.setChapterAdmin([ZERO])),
      fails(ADMIN, "setEvaluationMinter to zero", "InvalidInput", (p) => p.write.setEvaluationMinter([ZERO])),
      fails(ADMIN, "setInfoSender to zero", "InvalidInput", (p) => p.write.setInfoSender([ZERO])),
      ok(ADMIN, "setChapterAdmin by the party admin", (p) => p.write.setChapterAdmin([IVAN.address])),
      fails(IVAN, "setInfoSender by the chapter admin", "NotAnAdmin", (p) => p.write.setInfoSender([IVAN.address])),
      ok(ADMIN, "setEvaluationMinter by the party admin", (p) => p.write.setEvaluationMinter([IVAN.address])),
      ok(ADMIN, "setInfoSender by the party admin", (p) => p.write.setInfoSender([IVAN.address])),
    ],
  },
  {
    fn: "`upgradeToAndCall(implementation, data)`",
    steps: [
      fails(ALICE, "a party executive upgrades", "NotAnAdmin", async (p, tc) => p.write.upgradeToAndCall([await deployPartyV2(tc), "0x"])),
      fails(IVAN, "a nobody upgrades", "NotAnAdmin", async (p, tc) => p.write.upgradeToAndCall([await deployPartyV2(tc), "0x"])),
      ok(ADMIN, "the party admin upgrades", async (p, tc) => p.write.upgradeToAndCall([await deployPartyV2(tc), "0x"])),
    ],
  },
  {
    fn: "`initialize(admin)`",
    steps: [
      fails(ADMIN, "the admin initialises again", "InvalidInitialization", (p) => p.write.initialize([ADMIN.address])),
      fails(FRANK, "a nobody initialises", "InvalidInitialization", (p) => p.write.initialize([FRANK.address])),
      ok(FRANK, "a new proxy is initialised at deployment", (_p, tc) =>
        tc.walletFor(FRANK).deployContract({
          abi: erc1967ProxyAbi,
          bytecode: erc1967ProxyBytecode,
          args: [tc.implementation, encodeFunctionData({ abi: partyAbi, functionName: "initialize", args: [FRANK.address] })],
        }),
      ),
    ],
  },
];

/** The table of docs/permissions.md: first column (as written) and the documented errors. */
function documentedRows(): { fn: string; errors: string[] }[] {
  const doc = readFileSync(new URL("../../docs/permissions.md", import.meta.url), "utf8");
  return doc
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      const [fn, , errors] = cells.slice(1, 4);
      return { fn, errors: [...errors.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort() };
    });
}

const stepErrors = (row: Row) => [...new Set(row.steps.flatMap((s) => (s.expect === "ok" ? [] : [s.expect])))].sort();

describe("docs/permissions.md", () => {
  it("has a case here for every row, and no case for a row it lacks", () => {
    const documented = documentedRows().map((r) => r.fn);
    expect(documented.length).toBeGreaterThanOrEqual(20);
    expect(ROWS.map((r) => r.fn).sort()).toEqual([...documented].sort());
  });

  it.each(ROWS.map((row) => [row.fn, row] as const))("%s: the cases provoke exactly the documented errors", (_fn, row) => {
    const doc = documentedRows().find((r) => r.fn === row.fn);
    expect(doc?.errors).toEqual(stepErrors(row));
    expect(row.steps.some((s) => s.expect === "ok")).toBe(true);
  });

  it("documents every custom error of the contract", () => {
    const documented = new Set(documentedRows().flatMap((r) => r.errors));
    const own = ["AlreadyApplied", "AlreadyJoined", "HasNotApplied", "InvalidInput", "NotAChapter", "NotAMember"];
    const more = ["NotAnAdmin", "NotAnEvaluation", "NotAnExecutive", "InvalidInitialization"];
    expect([...documented].sort()).toEqual([...own, ...more].sort());
    const abiErrors = new Set<string>(partyAbi.filter((item) => item.type === "error").map((item) => item.name));
    for (const name of documented) expect(abiErrors.has(name), name).toBe(true);
  });
});

describe("permission table, row by row", () => {
  it.each(ROWS.map((row) => [row.fn, row] as const))("%s", async (_fn, row) => {
    const { tc } = ctx;
    const implementationBefore = await implementationSlot(tc);
    for (const step of row.steps) {
      const label = `${step.as === ADMIN ? "ADMIN" : getAddress(step.as.address)} ${step.does}`;
      try {
        if (step.expect === "ok") {
          const receipt = await mined(tc, step.call(tc.party(step.as), tc));
          expect(receipt.logs.length, "an allowed call emits events").toBeGreaterThan(0);
        } else {
          await expectRevert(step.call(tc.party(step.as), tc), step.expect);
        }
      } catch (error) {
        throw new Error(`${row.fn}: "${label}" should ${step.expect === "ok" ? "succeed" : `fail with ${step.expect}`}`, {
          cause: error,
        });
      }
    }
    if (!row.fn.includes("upgradeToAndCall")) expect(await implementationSlot(tc)).toBe(implementationBefore);
  });
});
