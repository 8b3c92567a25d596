/**
 * One scenario that calls every function of the party contract, indexed live by a real Ponder
 * process, and the exact read model it must produce (read through the views schema, as the app
 * does), with its counters checked against the contract's getters. Then the same history
 * backfilled by a second indexer must give the same read model. The history it sends:
 * scenario-script.ts; the rows it must produce, worked out independently: scenario-expected.ts.
 */
import { toFunctionSelector, type AbiFunction, type Address } from "viem";
import { partyAbi } from "../../abis/party.js";
import { CREATE2_DEPLOYER } from "../../abis/deployments.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, IVAN } from "../fixtures/accounts.js";
import { cidV0 } from "../setup/chain-facts.js";
import { dumpReadModel, READ_MODEL_TABLES, sortRows, type ReadModel, type Row } from "../setup/read-model.js";
import { HANDLED_EVENTS, lastEventOf, lc, useIndexerTest, type TestIndexer } from "./helpers.js";
import { activityRows, expectedTables } from "./scenario-expected.js";
import { activityId, EMPTY_DIR, EMPTY_FILE, MINUTES, runScenario } from "./scenario-script.js";

const ASSERTED_TABLES = [
  "account_owners",
  "activity",
  "applications",
  "chapter_executives",
  "chapters",
  "evaluations",
  "executive_history",
  "info_messages",
  "members",
  "party_executives",
  "party_totals",
  "recommendations",
  "role_holders",
  "smart_accounts",
  "upgrades",
  "user_operations",
  "votes",
];

const ctx = useIndexerTest();

describe("indexer scenario", () => {
  let live: TestIndexer;
  let model: ReadModel;
  let head: bigint;

  it("indexes every contract function live into the exact read model", { timeout: 180_000 }, async () => {
    const { tc, db } = ctx;
    live = await ctx.startIndexer();
    await live.waitReady(90_000);
    const s = await runScenario(tc);

    head = await tc.publicClient.getBlockNumber({ cacheTime: 0 });
    expect(BigInt(s.ivanVotes.block)).toBe(head);
    await live.waitForBlock(head, 60_000);
    model = await dumpReadModel(db.url, live.viewsSchema);
    // Every table of ponder.schema.ts is asserted below; a new table needs its assertions here.
    expect(READ_MODEL_TABLES, "tables asserted by this scenario").toEqual(ASSERTED_TABLES);
    expect(Object.keys(model).sort()).toEqual(ASSERTED_TABLES);

    // Plain accounts send every transaction here: no user operations (tests/indexer/user-operations.test.ts has them).
    expect(model.user_operations).toEqual([]);
    // No passkey account either (tests/indexer/account-owners.test.ts has them).
    expect(model.smart_accounts).toEqual([]);
    expect(model.account_owners).toEqual([]);

    const expected = expectedTables(s);
    const id = (name: string, nth = 0) => activityId(s, name, nth);

    // --- chapters ---------------------------------------------------------------------------------
    expect(model.chapters).toEqual(expected.chapters);
    // Counters agree with the contract.
    for (const chapter of model.chapters) {
      const chapterId = BigInt(chapter.id as string);
      const [, , , exists, memberCount] = await tc.read.read.chapters([chapterId]);
      const pending = await tc.read.read.pendingApplicationCount([chapterId]);
      expect({ id: chapter.id, exists, memberCount: Number(memberCount), pending: Number(pending) }).toEqual({
        id: chapter.id,
        exists: chapter.removedBlock === null,
        memberCount: chapter.memberCount,
        pending: chapter.pendingApplicationCount,
      });
    }

    // --- members ------------------------------------------------------------------------------------
    expect(model.members).toEqual(expected.members);
    // Party membership and pending applications agree with the contract.
    const applicationChapterOf = new Map(model.applications.map((a) => [a.id, a.chapterId]));
    for (const row of model.members) {
      const account = row.account as Address;
      expect([row.account, await tc.read.read.partyMember([account])]).toEqual([row.account, row.partyMember]);
      expect([row.account, await tc.read.read.partyExecutive([account])]).toEqual([row.account, row.partyExecutive]);
      const pendingChapter = row.pendingApplicationId === null ? "0" : applicationChapterOf.get(row.pendingApplicationId);
      expect([row.account, String(await tc.read.read.applicationChapter([account]))]).toEqual([row.account, pendingChapter]);
    }

    // --- applications and recommendations -----------------------------------------------------------
    expect(model.applications).toEqual(expected.applications);
    expect(model.recommendations).toEqual(expected.recommendations);

    // --- executives -------------------------------------------------------------------------------
    expect(model.chapter_executives).toEqual(expected.chapter_executives);
    expect(model.party_executives).toEqual(expected.party_executives);
    expect(model.executive_history).toEqual(expected.executive_history);
    expect(model.role_holders).toEqual(expected.role_holders);
    expect(await tc.read.read.partyAdmin()).toBe(IVAN.address);
    expect(await tc.read.read.pendingPartyAdmin()).toBe(GRACE.address);

    // --- evaluations, votes, info messages ------------------------------------------------------------
    expect(cidV0(EMPTY_DIR)).toBe("QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn");
    expect(cidV0(EMPTY_FILE)).toBe("QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH");
    expect(model.evaluations).toEqual(expected.evaluations);
    expect(model.votes).toEqual(expected.votes);
    expect(model.info_messages).toEqual(expected.info_messages);
    expect(cidV0(MINUTES)).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/);
    // The tallies are the contract's: every member vote ever cast, each voter's latest (FRANK left
    // and HEIDI was removed after voting; their votes still count).
    for (const e of model.evaluations) {
      const [voteCount, scoreSum] = await tc.read.read.tally([BigInt(e.id as string)]);
      expect({ id: e.id, voteCount: Number(voteCount), scoreSum: Number(scoreSum) }).toEqual({ id: e.id, voteCount: e.voteCount, scoreSum: e.scoreSum });
    }

    // --- upgrades ----------------------------------------------------------------------------------
    // The proxy's deployment: Upgraded to the implementation, then Initialized by initialize().
    const proxyLogs = await tc.publicClient.getLogs({ address: tc.address, events: HANDLED_EVENTS, fromBlock: 0n, toBlock: head });
    const deployment = (eventName: string) => proxyLogs.find((log) => log.eventName === eventName)!;
    const upgraded = deployment("Upgraded");
    const initialized = deployment("Initialized");
    const deployedAt = String((await tc.publicClient.getBlock({ blockNumber: upgraded.blockNumber! })).timestamp);
    expect(model.upgrades).toEqual(
      sortRows("upgrades", [
        {
          id: `${upgraded.blockNumber}-${upgraded.logIndex}`, kind: "upgraded", implementation: lc(tc.implementation), version: null,
          block: String(upgraded.blockNumber), logIndex: upgraded.logIndex, timestamp: deployedAt, txHash: upgraded.transactionHash,
        },
        {
          id: `${initialized.blockNumber}-${initialized.logIndex}`, kind: "initialized", implementation: null, version: "1",
          block: String(initialized.blockNumber), logIndex: initialized.logIndex, timestamp: deployedAt, txHash: initialized.transactionHash,
        },
      ]),
    );

    // --- party-wide totals ------------------------------------------------------------------------
    // The read model's version: the last party event, IVAN's vote (the only event of the head block).
    const lastEvent = await lastEventOf(tc, head);
    expect(lastEvent).toBe(`${(await tc.publicClient.getBlock({ blockNumber: head })).hash}:${s.ivanVotes!.firstLog}`);
    expect(model.party_totals).toEqual([
      {
        id: 1,
        chapterCount: 3, // 4 added, chapter 3 removed
        memberCount: 2, // ALICE (1) and IVAN (4)
        partyMemberCount: 5, // ALICE, DAVE, FRANK, HEIDI, IVAN
        pendingApplicationCount: 1, // GRACE's second application
        evaluationCount: 3,
        voteCount: 4, // distinct (evaluation, voter) pairs; party-executive scores are not votes
        infoCount: 2,
        lastEvent,
        lastBundle: null, // no bundle: plain accounts send every transaction here
      },
    ]);
    const [totals] = model.party_totals as [Row];
    expect(totals.memberCount).toBe(model.chapters.reduce((sum, c) => sum + (c.memberCount as number), 0));
    expect(totals.partyMemberCount).toBe(model.members.filter((m) => m.partyMember).length);
    expect(totals.voteCount).toBe(model.votes.length);
    expect(Number(await tc.read.read.evaluationCount())).toBe(totals.evaluationCount);
    expect(Number(await tc.read.read.infoCount())).toBe(totals.infoCount);
    expect(Number(await tc.read.read.totalPendingApplicationCount())).toBe(totals.pendingApplicationCount);

    // --- activity -----------------------------------------------------------------------------------
    const activity = [...model.activity].sort((x, y) => (BigInt(x.sortKey as string) < BigInt(y.sortKey as string) ? -1 : 1));
    const role4 = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"].map((r) => `RoleHolderSet:${r}`);
    expect(activity.map((row) => row.kind)).toEqual([
      "Upgraded", ...role4, "Initialized", // the proxy's deployment, which runs initialize
      ...["ChapterAdded", "JoinedChapter", "JoinedParty", "JoinedChapter", "JoinedParty", "ChapterAdded", "JoinedChapter", "JoinedParty"],
      "ChapterAdded",
      "PartyExecutivePromoted",
      "JoinedParty", "JoinedParty",
      "JoinedParty",
      "ChapterExecutivePromoted",
      "Applied", "Applied", "Applied", "Applied",
      "Recommended", "Recommended",
      "Recommended",
      "Recommended",
      "ApplicationApproved", "JoinedChapter", "JoinedParty",
      "ApplicationRejected",
      "ApplicationApproved", "JoinedChapter", "JoinedParty",
      "ChapterRemoved",
      "CentralCommitteeMemberSet",
      "CentralCommitteeMemberSet",
      "ChapterLocationUpdated",
      "EvaluationMinted",
      "EvaluationMinted",
      "VoteCast", "VoteCast", "VoteCast",
      "PartyExecutiveScoreSet",
      "VoteCast",
      "InfoSent", "InfoSent",
      "ChapterExecutiveDemoted",
      "ChapterExecutivePromoted", "ChapterExecutivePromoted",
      "ChapterExecutiveDemoted", "LeftChapter",
      "ChapterExecutiveDemoted", "CentralCommitteeMemberSet", "LeftChapter", "LeftParty",
      "RemovedFromChapter",
      "Applied",
      "CentralCommitteeMemberSet",
      "RemovedFromChapter", "RemovedFromParty",
      "RemovedFromParty",
      "ApplicationRejected", "RemovedFromParty",
      "Applied",
      "PartyExecutivePromoted",
      "PartyExecutiveScoreSet",
      "PartyExecutiveDemoted",
      "RoleHolderSet:chapterAdmin", "RoleHolderSet:evaluationMinter", "RoleHolderSet:infoSender",
      "PartyAdminProposed", "RoleHolderSet:partyAdmin", "PartyAdminProposed",
      "ChapterAdded", "JoinedChapter", "JoinedParty",
      "EvaluationMinted",
      "VoteCast",
    ]);
    // Every row, exactly: one per contract event, at the event's block, log index and transaction,
    // with the actor, subject, chapter and evaluation the event names.
    const logs = await tc.publicClient.getLogs({ address: tc.address, events: HANDLED_EVENTS, fromBlock: 0n, toBlock: head });
    const blockTimes = new Map(Object.values(s).map((x) => [x.block, x.at]));
    const deployBlock = String(logs[0]!.blockNumber);
    blockTimes.set(deployBlock, String((await tc.publicClient.getBlock({ blockNumber: logs[0]!.blockNumber! })).timestamp));
    const evaluationChapter = new Map(model.evaluations.map((e) => [e.id, e.chapterId]));
    expect(model.activity).toEqual(sortRows("activity", activityRows(logs, blockTimes, evaluationChapter)));

    // Actor, subject, chapter and evaluation of some rows.
    const at_ = (name: string, logIndex = 0) => activity.find((row) => row.id === id(name, logIndex));
    const pick = (row: Row | undefined) => row && { kind: row.kind, actor: row.actor, subject: row.subject, chapterId: row.chapterId, evaluationId: row.evaluationId };
    expect(activity.slice(1, 5).map((row) => [row.actor, row.subject])).toEqual(role4.map(() => [lc(CREATE2_DEPLOYER), lc(ADMIN)]));
    expect(pick(at_("bobLeavesParty", 1))).toEqual({ kind: "CentralCommitteeMemberSet", actor: lc(BOB), subject: null, chapterId: "1", evaluationId: null });
    expect(pick(at_("frankApproved", 0))).toEqual({ kind: "ApplicationApproved", actor: lc(BOB), subject: lc(FRANK), chapterId: "1", evaluationId: null });
    expect(pick(at_("frankApproved", 2))).toEqual({ kind: "JoinedParty", actor: lc(BOB), subject: lc(FRANK), chapterId: null, evaluationId: null });
    expect(pick(at_("bobRevotes"))).toEqual({ kind: "VoteCast", actor: lc(BOB), subject: null, chapterId: "1", evaluationId: "1" });
    expect(pick(at_("daveScores"))).toEqual({ kind: "PartyExecutiveScoreSet", actor: lc(DAVE), subject: null, chapterId: "2", evaluationId: "2" });
    expect(pick(at_("eval3"))).toEqual({ kind: "EvaluationMinted", actor: lc(ERIN), subject: null, chapterId: "4", evaluationId: "3" });
    expect(pick(at_("carolRemoved", 1))).toEqual({ kind: "RemovedFromParty", actor: lc(ALICE), subject: lc(CAROL), chapterId: null, evaluationId: null });
    expect(pick(at_("erinRemoved", 0))).toEqual({ kind: "ApplicationRejected", actor: lc(ALICE), subject: lc(ERIN), chapterId: "1", evaluationId: null });
    expect(pick(at_("partyAdminProposed"))).toEqual({ kind: "PartyAdminProposed", actor: lc(ADMIN), subject: lc(IVAN), chapterId: null, evaluationId: null });
    expect(pick(at_("partyAdmin"))).toEqual({ kind: "RoleHolderSet:partyAdmin", actor: lc(IVAN), subject: lc(IVAN), chapterId: null, evaluationId: null });
    expect(pick(at_("info2"))).toEqual({ kind: "InfoSent", actor: lc(ADMIN), subject: null, chapterId: null, evaluationId: null });

    // Sanity: the scenario did call every state-changing function of the contract but the upgrade.
    const called = new Set(
      (await Promise.all(Object.values(s).map((x) => tc.publicClient.getTransaction({ hash: x.hash })))).map((tx) => tx.input.slice(0, 10)),
    );
    const writes = partyAbi.filter(
      (item): item is AbiFunction & typeof item => item.type === "function" && (item.stateMutability === "nonpayable" || item.stateMutability === "payable"),
    );
    const missing = writes.filter((fn) => !called.has(toFunctionSelector(fn))).map((fn) => fn.name);
    expect(missing.sort()).toEqual(["initialize", "upgradeToAndCall"]);
  });

  it("gives the same read model when the same history is backfilled from scratch", { timeout: 120_000 }, async () => {
    expect(model).toBeDefined();
    const { tc, db } = ctx;
    // Ponder treats the last 200 blocks of chain 137 as unfinalized: mine past them so the second
    // indexer takes the historical (backfill) path for the whole scenario.
    await tc.testClient.mine({ blocks: 210 });
    const backfill = await ctx.startIndexer();
    await backfill.waitForBlock(head + 210n, 90_000);
    // Including party_totals.last_event: blocks without party events leave the version alone.
    expect(await dumpReadModel(db.url, backfill.viewsSchema)).toEqual(model);
    // And the live indexer, having seen those empty blocks finalize, still agrees.
    await live.waitForBlock(head + 210n, 60_000);
    expect(await dumpReadModel(db.url, live.viewsSchema)).toEqual(model);
  });
});
