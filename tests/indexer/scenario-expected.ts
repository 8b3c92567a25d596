/**
 * What the indexer scenario (scenario-script.ts) must leave in the read model, worked out here
 * from the scenario's steps and the chain's logs, independently of the indexer: the exact rows
 * of every table the script decides alone, and the activity row of each contract event. The
 * test: scenario.test.ts.
 */
import { zeroAddress, type Address, type GetLogsReturnType, type Hex, type PrivateKeyAccount } from "viem";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import { cidV0 } from "../setup/chain-facts.js";
import { sortRows, type Row } from "../setup/read-model.js";
import { lc, type HANDLED_EVENTS } from "./helpers.js";
import {
  BERLIN,
  COLOGNE,
  EMPTY_DIR,
  EMPTY_FILE,
  KECCAK_HELLO,
  MINUTES,
  MUNICH,
  OUTSIDER,
  SHA3_HELLO,
  UNPRINTABLE,
  activityId,
  type Steps,
} from "./scenario-script.js";

/** A party event as getLogs returns it for HANDLED_EVENTS. */
export type PartyLog = GetLogsReturnType<undefined, typeof HANDLED_EVENTS, undefined, bigint, bigint>[number];

/** The rows of every table but activity, upgrades, party_totals and user_operations, each in the read model's order. */
export function expectedTables(s: Steps) {
  const b = (name: string) => s[name]!.block;
  const at = (name: string) => s[name]!.at;
  const id = (name: string, nth = 0) => activityId(s, name, nth);

  // --- chapters ---------------------------------------------------------------------------------
  const chapters = [
    {
      id: "1", location: BERLIN, locationText: "Berlin", x: 100, y: 10,
      memberCount: 1, executiveCount: 0, pendingApplicationCount: 0, evaluationCount: 1,
      centralCommitteeMember: null, addedBlock: b("chapters"), addedAt: at("chapters"), removedBlock: null,
    },
    {
      id: "2", location: COLOGNE, locationText: "Cologne", x: 250, y: 25,
      memberCount: 0, executiveCount: 0, pendingApplicationCount: 1, evaluationCount: 1,
      centralCommitteeMember: null, addedBlock: b("chapters"), addedAt: at("chapters"), removedBlock: null,
    },
    {
      id: "3", location: UNPRINTABLE, locationText: null, x: 300, y: 30,
      memberCount: 0, executiveCount: 0, pendingApplicationCount: 0, evaluationCount: 0,
      centralCommitteeMember: null, addedBlock: b("chapter3"), addedAt: at("chapter3"), removedBlock: b("removeChapter3"),
    },
    {
      id: "4", location: MUNICH, locationText: "Munich", x: 400, y: 40,
      memberCount: 1, executiveCount: 0, pendingApplicationCount: 0, evaluationCount: 1,
      centralCommitteeMember: null, addedBlock: b("chapter4"), addedAt: at("chapter4"), removedBlock: null,
    },
  ];

  // --- members ------------------------------------------------------------------------------------
  const member = (account: PrivateKeyAccount | Address, fields: Partial<Row> & { firstSeenBlock: string }): Row => ({
    account: lc(account),
    chapterId: null,
    status: "none",
    joinedBlock: null,
    joinedAt: null,
    partyMember: false,
    partyExecutive: false,
    executiveOf: null,
    pendingApplicationId: null,
    ...fields,
  });
  const joined = (name: string) => ({ joinedBlock: b(name), joinedAt: at(name) });
  const members = sortRows("members", [
    member(ALICE, { chapterId: "1", status: "member", ...joined("chapters"), partyMember: true, partyExecutive: true, firstSeenBlock: b("chapters") }),
    member(BOB, { chapterId: "1", status: "left", ...joined("chapters"), firstSeenBlock: b("chapters") }),
    member(CAROL, { chapterId: "2", status: "removed", ...joined("chapters"), firstSeenBlock: b("chapters") }),
    member(DAVE, { partyMember: true, firstSeenBlock: b("addDave") }),
    member(OUTSIDER, { firstSeenBlock: b("addDave") }),
    member(ERIN, { firstSeenBlock: b("addErin") }),
    member(FRANK, { chapterId: "1", status: "left", ...joined("frankApproved"), partyMember: true, firstSeenBlock: b("frankApplies") }),
    member(GRACE, { pendingApplicationId: id("graceReapplies"), firstSeenBlock: b("graceApplies") }),
    member(HEIDI, { chapterId: "2", status: "removed", ...joined("heidiApproved"), partyMember: true, firstSeenBlock: b("heidiApplies") }),
    member(IVAN, { chapterId: "4", status: "member", ...joined("chapter4"), partyMember: true, firstSeenBlock: b("ivanApplies") }),
  ]);

  // --- applications and recommendations -----------------------------------------------------------
  const decided = (name: string, by: PrivateKeyAccount) => ({ decidedBy: lc(by), decidedBlock: b(name), decidedAt: at(name) });
  const application = (name: string, account: PrivateKeyAccount, chapterId: string, status: string, recommenders: PrivateKeyAccount[], decision: Partial<Row>) => ({
    id: id(name),
    account: lc(account),
    chapterId,
    status,
    recommenders: recommenders.map(lc),
    appliedBlock: b(name),
    appliedAt: at(name),
    decidedBy: null,
    decidedBlock: null,
    decidedAt: null,
    ...decision,
  });
  const applications = sortRows("applications", [
    application("frankApplies", FRANK, "1", "approved", [ALICE, BOB], decided("frankApproved", BOB)),
    application("graceApplies", GRACE, "1", "rejected", [ALICE], decided("graceRejected", ALICE)),
    application("heidiApplies", HEIDI, "2", "approved", [CAROL], decided("heidiApproved", ALICE)),
    // Closed by its chapter's removal: rejected, by nobody.
    application("ivanApplies", IVAN, "3", "rejected", [], { decidedBlock: b("removeChapter3"), decidedAt: at("removeChapter3") }),
    // Closed by ERIN's removal from the party.
    application("erinApplies", ERIN, "1", "rejected", [], decided("erinRemoved", ALICE)),
    application("graceReapplies", GRACE, "2", "applied", [], {}),
  ]);
  const recommendation = (name: string, logIndex: number, applied: string, account: PrivateKeyAccount, chapterId: string, by: PrivateKeyAccount) => ({
    id: id(name, logIndex),
    applicationId: id(applied),
    account: lc(account),
    chapterId,
    by: lc(by),
    block: b(name),
    timestamp: at(name),
  });
  const recommendations = sortRows("recommendations", [
    recommendation("aliceRecommends", 0, "frankApplies", FRANK, "1", ALICE),
    recommendation("aliceRecommends", 1, "graceApplies", GRACE, "1", ALICE),
    recommendation("bobRecommends", 0, "frankApplies", FRANK, "1", BOB),
    recommendation("carolRecommends", 0, "heidiApplies", HEIDI, "2", CAROL),
  ]);

  // --- executives -------------------------------------------------------------------------------
  const chapter_executives = sortRows("chapter_executives", [
    // Promoted, demoted, promoted again, and demoted by leaving the party.
    { account: lc(BOB), chapterId: "1", active: false, promotedBy: lc(ALICE), promotedBlock: b("bobCEAgain"), demotedBy: lc(BOB), demotedBlock: b("bobLeavesParty") },
    // Demoted by leaving the chapter.
    { account: lc(FRANK), chapterId: "1", active: false, promotedBy: lc(ALICE), promotedBlock: b("frankCE"), demotedBy: lc(FRANK), demotedBlock: b("frankLeaves") },
  ]);
  const party_executives = sortRows("party_executives", [
    { account: lc(ALICE), active: true, promotedBy: lc(ADMIN), promotedBlock: b("alicePE"), demotedBy: null, demotedBlock: null },
    { account: lc(DAVE), active: false, promotedBy: lc(ADMIN), promotedBlock: b("davePE"), demotedBy: lc(ADMIN), demotedBlock: b("daveDemoted") },
  ]);
  const change = (name: string, account: PrivateKeyAccount, chapterId: string | null, action: string, by: PrivateKeyAccount) => ({
    id: id(name),
    account: lc(account),
    chapterId,
    action,
    by: lc(by),
    block: b(name),
    timestamp: at(name),
  });
  const executive_history = sortRows("executive_history", [
    change("alicePE", ALICE, null, "promoted", ADMIN),
    change("bobCE", BOB, "1", "promoted", ALICE),
    change("bobDemoted", BOB, "1", "demoted", ALICE),
    change("frankCE", FRANK, "1", "promoted", ALICE),
    change("bobCEAgain", BOB, "1", "promoted", ALICE),
    change("frankLeaves", FRANK, "1", "demoted", FRANK),
    change("bobLeavesParty", BOB, "1", "demoted", BOB),
    change("davePE", DAVE, null, "promoted", ADMIN),
    change("daveDemoted", DAVE, null, "demoted", ADMIN),
  ]);
  const role = (name: string, roleName: string, holder: PrivateKeyAccount, by = ADMIN) => ({
    role: roleName,
    holder: lc(holder),
    by: lc(by),
    block: b(name),
    timestamp: at(name),
    pendingHolder: null,
    pendingBlock: null,
  });
  const role_holders = [
    role("chapterAdmin", "chapterAdmin", DAVE),
    role("evaluationMinter", "evaluationMinter", ERIN),
    role("infoSender", "infoSender", CAROL),
    // Accepted by IVAN, who has proposed GRACE in turn (not accepted).
    { ...role("partyAdmin", "partyAdmin", IVAN, IVAN), pendingHolder: lc(GRACE), pendingBlock: b("partyAdminProposedAgain") },
  ];

  // --- evaluations, votes, info messages ------------------------------------------------------------
  const evaluation = (name: string, evaluationId: string, chapterId: string, hashCode: number, digest: Hex, cid: string, minter: PrivateKeyAccount, fields: Partial<Row>) => ({
    id: evaluationId,
    chapterId,
    hashCode,
    hashSize: 32,
    hashDigest: digest,
    cid,
    voteCount: 0,
    scoreSum: 0,
    partyExecutiveScore: null,
    partyExecutiveScoredBy: null,
    mintedBy: lc(minter),
    block: b(name),
    timestamp: at(name),
    ...fields,
  });
  const evaluations = [
    // BOB 3 then 5 (a revote replaces), FRANK -2; ALICE as party executive scores 4.
    evaluation("eval1", "1", "1", 0x12, EMPTY_DIR, "QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn", ADMIN, {
      voteCount: 2, scoreSum: 3, partyExecutiveScore: 4, partyExecutiveScoredBy: lc(ALICE),
    }),
    evaluation("eval2", "2", "2", 0x16, SHA3_HELLO, "bafkrmidejpgh4vsdomcatgnkzcphmixtzjy7xiozol6zjiy4hp57etrzha", ADMIN, {
      voteCount: 1, scoreSum: 1, partyExecutiveScore: -3, partyExecutiveScoredBy: lc(DAVE),
    }),
    evaluation("eval3", "3", "4", 0x12, EMPTY_FILE, "QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH", ERIN, { voteCount: 1, scoreSum: 2 }),
  ];
  const vote = (name: string, evaluationId: string, voter: PrivateKeyAccount, score: number) => ({
    evaluationId,
    voter: lc(voter),
    score,
    block: b(name),
    timestamp: at(name),
  });
  const votes = sortRows("votes", [
    vote("bobRevotes", "1", BOB, 5),
    vote("frankVotes", "1", FRANK, -2),
    vote("heidiVotes", "2", HEIDI, 1),
    vote("ivanVotes", "3", IVAN, 2),
  ]);
  const info_messages = [
    {
      id: "1", eventName: "General assembly", infoType: 1, hashCode: 0x12, hashSize: 32, hashDigest: MINUTES,
      cid: cidV0(MINUTES), sender: lc(ADMIN), block: b("info1"), timestamp: at("info1"),
    },
    {
      id: "2", eventName: "Note", infoType: 2, hashCode: 0x1b, hashSize: 32, hashDigest: KECCAK_HELLO,
      cid: "bafkrwichc4zilkgxgqpf5fzpyz3sqy4e7abpr32cuxwf6a537isuzma7vu", sender: lc(ADMIN), block: b("info2"), timestamp: at("info2"),
    },
  ];

  return { chapters, members, applications, recommendations, chapter_executives, party_executives, executive_history, role_holders, evaluations, votes, info_messages };
}

/**
 * The activity row of each party event in `logs` (all of them, in chain order): at the event's
 * block, log index and transaction, with the actor, subject, chapter and evaluation it names.
 */
export function activityRows(logs: PartyLog[], blockTimes: Map<string, string>, evaluationChapter: Map<unknown, unknown>): Row[] {
  const address = (value: unknown) => (value === zeroAddress ? null : lc(value as Address));
  return logs.map((log) => {
    const args = log.args as Record<string, unknown>;
    const chapterId = args.chapterId === undefined ? null : String(args.chapterId);
    const evaluationId = args.evaluationId === undefined ? null : String(args.evaluationId);
    const fields = ((): { kind: string; actor: string | null; subject: string | null; chapterId?: string | null; evaluationId?: string | null } => {
      switch (log.eventName) {
        case "ChapterAdded":
        case "ChapterLocationUpdated":
        case "ChapterRemoved":
          return { kind: log.eventName, actor: address(args.by), subject: null };
        case "CentralCommitteeMemberSet":
          return { kind: log.eventName, actor: address(args.by), subject: address(args.account) };
        case "Applied":
        case "LeftChapter":
        case "LeftParty":
          return { kind: log.eventName, actor: address(args.account), subject: address(args.account) };
        case "ApplicationDecided":
          return { kind: args.approved ? "ApplicationApproved" : "ApplicationRejected", actor: address(args.by), subject: address(args.account) };
        case "RoleHolderSet":
          return { kind: `RoleHolderSet:${["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"][args.role as number]}`, actor: address(args.by), subject: address(args.holder) };
        case "EvaluationMinted":
          return { kind: log.eventName, actor: address(args.by), subject: null };
        case "VoteCast":
          return { kind: log.eventName, actor: address(args.voter), subject: null, chapterId: evaluationChapter.get(evaluationId) as string };
        case "PartyExecutiveScoreSet":
          return { kind: log.eventName, actor: address(args.executive), subject: null, chapterId: evaluationChapter.get(evaluationId) as string };
        case "InfoSent":
          return { kind: log.eventName, actor: address(args.sender), subject: null };
        case "Upgraded":
        case "Initialized":
          return { kind: log.eventName, actor: null, subject: null };
        default: // Recommended, JoinedChapter, RemovedFromChapter, JoinedParty, RemovedFromParty, executives, PartyAdminProposed
          return { kind: log.eventName, actor: address(args.by), subject: address(args.account) };
      }
    })();
    return {
      id: `${log.blockNumber}-${log.logIndex}`,
      sortKey: String((log.blockNumber! << 20n) + BigInt(log.logIndex!)),
      blockNumber: String(log.blockNumber),
      blockHash: log.blockHash,
      timestamp: blockTimes.get(String(log.blockNumber)),
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      chapterId,
      evaluationId,
      // An InfoSent row names its message (its title in activity lists and notices).
      infoId: log.eventName === "InfoSent" ? String(args.infoId) : null,
      ...fields,
    };
  });
}
