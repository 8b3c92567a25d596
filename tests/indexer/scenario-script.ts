/**
 * The indexer scenario's script: one history that calls every function of the party contract but
 * the upgrade, sent by plain accounts one transaction at a time, and the named values it uses.
 * What the read model must then hold: scenario-expected.ts; the test: scenario.test.ts.
 */
import { createHash } from "node:crypto";
import { padHex, zeroAddress, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import { loc } from "./helpers.js";

const sha = (algorithm: string, data: string | Buffer): Hex => `0x${createHash(algorithm).update(data).digest("hex")}`;

/** Digests with published CIDs: the empty UnixFS directory and the empty UnixFS file. */
export const EMPTY_DIR = sha("sha256", Buffer.from("0a020801", "hex"));
export const EMPTY_FILE = sha("sha256", Buffer.from("0a0408021800", "hex"));
export const MINUTES = sha("sha256", "minutes of the general assembly");
/** sha3-256("hello world") and keccak-256("hello world"), CIDv1 strings from Python's base64. */
export const SHA3_HELLO = sha("sha3-256", "hello world");
export const KECCAK_HELLO: Hex = "0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad";

export const BERLIN = loc("Berlin");
export const HAMBURG = loc("Hamburg");
export const COLOGNE = loc("Cologne");
export const MUNICH = loc("Munich");
export const UNPRINTABLE = padHex("0xdeadbeef", { size: 32, dir: "right" });
/** A party-only member without a key. */
export const OUTSIDER: Address = "0x00000000000000000000000000000000000a11ce";

export type Step = { block: string; at: string; hash: Hex; /** The log index of the transaction's first event in its block. */ firstLog: number };
/** Every step of the scenario by name, in the order sent. */
export type Steps = Record<string, Step>;

/** The activity id of step `name`'s `nth` event (0: its first), wherever in its block the transaction landed. */
export const activityId = (s: Steps, name: string, nth = 0) => `${s[name]!.block}-${s[name]!.firstLog + nth}`;

/** Sends the whole scenario on `tc`, waiting for each transaction, and returns its steps. */
export async function runScenario(tc: TestChain): Promise<Steps> {
  /** Waits for a transaction, and returns its block number and timestamp as the read model has them. */
  async function step(hash: Promise<Hex>): Promise<Step> {
    const receipt = await tc.waitFor(await hash);
    const block = await tc.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const firstLog = receipt.logs[0]?.logIndex ?? 0;
    return { block: String(receipt.blockNumber), at: String(block.timestamp), hash: receipt.transactionHash, firstLog };
  }
  const p = (account: PrivateKeyAccount) => tc.party(account).write;
  const s: Steps = {};

  // --- chapters, founders, party executive ---------------------------------------------------
  s.chapters = await step(p(ADMIN).addChapterToParty([[[ALICE.address, BOB.address], [CAROL.address]], [BERLIN, HAMBURG], [100, 200], [10, 20]]));
  s.chapter3 = await step(p(ADMIN).addChapterToParty([[[]], [UNPRINTABLE], [300], [30]]));
  s.alicePE = await step(p(ADMIN).promotePartyExecutive([ALICE.address]));
  s.addDave = await step(p(ALICE).addMemberToParty([[DAVE.address, OUTSIDER]]));
  s.addErin = await step(p(ALICE).addMemberToParty([[ERIN.address]]));
  s.bobCE = await step(p(ALICE).promoteChapterExecutive([BOB.address, 1n]));
  // --- applications and recommendations ------------------------------------------------------
  s.frankApplies = await step(p(FRANK).applyForChapterMembership([1n]));
  s.graceApplies = await step(p(GRACE).applyForChapterMembership([1n]));
  s.heidiApplies = await step(p(HEIDI).applyForChapterMembership([2n]));
  s.ivanApplies = await step(p(IVAN).applyForChapterMembership([3n]));
  s.aliceRecommends = await step(p(ALICE).recommendForChapterMembership([[FRANK.address, GRACE.address]]));
  s.bobRecommends = await step(p(BOB).recommendForChapterMembership([[FRANK.address]]));
  s.carolRecommends = await step(p(CAROL).recommendForChapterMembership([[HEIDI.address]]));
  s.frankApproved = await step(p(BOB).updateMemberApplicationForChapter([FRANK.address, true]));
  s.graceRejected = await step(p(ALICE).updateMemberApplicationForChapter([GRACE.address, false]));
  s.heidiApproved = await step(p(ALICE).updateMemberApplicationForChapter([HEIDI.address, true]));
  // Closes IVAN's application to it (no event of its own).
  s.removeChapter3 = await step(p(ADMIN).removeChapter([3n]));
  // --- central committee, location ------------------------------------------------------------
  s.ccBob = await step(p(ADMIN).setCentralCommitteeMember([1n, BOB.address]));
  s.ccCarol = await step(p(ADMIN).setCentralCommitteeMember([2n, CAROL.address]));
  s.relocate = await step(p(ADMIN).updateChapterLocation([2n, COLOGNE, 250, 25]));
  // --- evaluations, votes, info -----------------------------------------------------------------
  s.eval1 = await step(p(ADMIN).mintEvaluation([1n, 0x12, 32, EMPTY_DIR]));
  s.eval2 = await step(p(ADMIN).mintEvaluation([2n, 0x16, 32, SHA3_HELLO]));
  s.bobVotes = await step(p(BOB).vote([1n, 3]));
  s.frankVotes = await step(p(FRANK).vote([1n, -2]));
  s.bobRevotes = await step(p(BOB).vote([1n, 5]));
  s.aliceScores = await step(p(ALICE).vote([1n, 4]));
  s.heidiVotes = await step(p(HEIDI).vote([2n, 1]));
  s.info1 = await step(p(ADMIN).sendInfo(["General assembly", 1, 0x12, 32, MINUTES]));
  s.info2 = await step(p(ADMIN).sendInfo(["Note", 2, 0x1b, 32, KECCAK_HELLO]));
  // --- executives come and go -----------------------------------------------------------------
  s.bobDemoted = await step(p(ALICE).demoteChapterExecutive([BOB.address, 1n]));
  s.frankCE = await step(p(ALICE).promoteChapterExecutive([FRANK.address, 1n]));
  s.bobCEAgain = await step(p(ALICE).promoteChapterExecutive([BOB.address, 1n]));
  // --- leaving and removals -------------------------------------------------------------------
  s.frankLeaves = await step(p(FRANK).leaveChapter());
  s.bobLeavesParty = await step(p(BOB).leaveParty());
  s.heidiRemoved = await step(p(ALICE).removeMemberFromChapter([HEIDI.address]));
  s.erinApplies = await step(p(ERIN).applyForChapterMembership([1n]));
  // The central committee member is removable once the chapter admin has cleared the seat.
  s.ccCarolCleared = await step(p(ADMIN).setCentralCommitteeMember([2n, zeroAddress]));
  s.carolRemoved = await step(p(ALICE).removeMemberFromParty([CAROL.address]));
  s.outsiderRemoved = await step(p(ALICE).removeMemberFromParty([OUTSIDER]));
  // Closes ERIN's application, which could otherwise bring her back.
  s.erinRemoved = await step(p(ALICE).removeMemberFromParty([ERIN.address]));
  s.graceReapplies = await step(p(GRACE).applyForChapterMembership([2n]));
  s.davePE = await step(p(ADMIN).promotePartyExecutive([DAVE.address]));
  s.daveScores = await step(p(DAVE).vote([2n, -3]));
  s.daveDemoted = await step(p(ADMIN).demotePartyExecutive([DAVE.address]));
  // --- role holders -------------------------------------------------------------------------------
  s.chapterAdmin = await step(p(ADMIN).setChapterAdmin([DAVE.address]));
  s.evaluationMinter = await step(p(ADMIN).setEvaluationMinter([ERIN.address]));
  s.infoSender = await step(p(ADMIN).setInfoSender([CAROL.address]));
  s.partyAdminProposed = await step(p(ADMIN).setPartyAdmin([IVAN.address]));
  s.partyAdmin = await step(p(IVAN).acceptPartyAdmin());
  s.partyAdminProposedAgain = await step(p(IVAN).setPartyAdmin([GRACE.address]));
  // --- the new role holders act -------------------------------------------------------------------
  s.chapter4 = await step(p(DAVE).addChapterToParty([[[IVAN.address]], [MUNICH], [400], [40]]));
  s.eval3 = await step(p(ERIN).mintEvaluation([4n, 0x12, 32, EMPTY_FILE]));
  s.ivanVotes = await step(p(IVAN).vote([3n, 2]));
  return s;
}
