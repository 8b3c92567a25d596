/**
 * The permission table's rows for administration: executives, chapters, evaluations, votes, info
 * messages, role holders, the upgrade and initialisation. Steps and world: permission-steps.ts.
 */
import { encodeFunctionData } from "viem";
import { erc1967ProxyAbi, erc1967ProxyBytecode } from "../../abis/erc1967-proxy.js";
import { partyAbi } from "../../abis/party.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import { COLOGNE, SHA256, ZERO, ZERO_HASH, deployPartyV2, digest } from "./helpers.js";
import { fails, ok, type Row } from "./permission-steps.js";

const D = digest(0xee);

export const ADMINISTRATION_ROWS: Row[] = [
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
