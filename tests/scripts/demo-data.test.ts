/**
 * The demo data (scripts/lib/demo-data): seedDemoData on a real anvil reads back as the demo
 * shape, with recognisable chapters, roles, applications, evaluations and info messages, and is
 * idempotent; on a partly seeded chain, or an address without the contract, it refuses.
 */
import { DEMO_INFO_CIDS, digestOfCid } from "../../scripts/lib/demo-data/document-cids.js";
import { createWalletClient, hexToString, http, sha256, stringToHex, type Address } from "viem";
import { partyAbi } from "../../abis/party.js";
import { localChain } from "../../scripts/lib/chain-definition.js";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import { seedDemoData } from "../../scripts/lib/demo-data/seed.js";
import { CITIES, DEMO_CITIES, DEMO_SHAPE } from "../../scripts/lib/demo-data/shape.js";
import { toMapPosition } from "../../app/map/projection.js";
import { readDemoSummary } from "../../scripts/lib/demo-data/summary.js";
import { ADMIN } from "../fixtures/accounts.js";
import { setupChain, type TestChain } from "../setup/chain.js";

describe("seedDemoData", () => {
  let chain: TestChain;
  let seedMs: number;
  const plan = buildDemoPlan();

  beforeAll(async () => {
    chain = await setupChain();
    const started = Date.now();
    expect(await seedDemoData(chain)).toEqual({ seeded: true });
    seedMs = Date.now() - started;
  });
  afterAll(() => chain?.anvil.stop());

  it("is fast", () => {
    // A few seconds on automine; generous so a loaded machine does not fail it.
    expect(seedMs).toBeLessThan(15_000);
  });

  it("reads back the demo shape", async () => {
    const summary = await readDemoSummary(chain);
    expect(summary.chapters).toBe(DEMO_SHAPE.chapters);
    expect(summary.chapters).toBeGreaterThanOrEqual(12);
    expect(summary.members).toBe(150);
    expect(summary.partyExecutives).toBeGreaterThanOrEqual(2);
    expect(summary.partyExecutives).toBeLessThanOrEqual(3);
    expect(summary.chaptersWithExecutives).toBeGreaterThanOrEqual(6);
    expect(summary.chapterExecutives).toBeLessThanOrEqual(summary.chaptersWithExecutives * 2);
    expect(summary.centralCommitteeMembers).toBe(summary.chapters);
    expect(summary.pendingApplications).toBe(20);
    expect(summary.pendingWithRecommendations).toBeGreaterThanOrEqual(1);
    expect(summary.recommendations).toBeGreaterThan(summary.pendingWithRecommendations);
    expect(summary.rejectedApplications).toBeGreaterThanOrEqual(2);
    expect(summary.leftChapter).toBeGreaterThanOrEqual(1);
    expect(summary.removedFromChapter).toBeGreaterThanOrEqual(1);
    // Party-only: those added by addMemberToParty plus those who left or were removed from a chapter.
    expect(summary.partyOnlyMembers).toBe(
      DEMO_SHAPE.partyOnlyMembers + summary.leftChapter + summary.removedFromChapter,
    );
    expect(summary.partyMembers).toBe(summary.members + summary.partyOnlyMembers);
    expect(summary.evaluations).toBe(20);
    expect(summary.evaluationsWithVotes).toBe(20);
    expect(summary.votes).toBeGreaterThanOrEqual(20);
    expect(summary.partyExecutiveScores).toBeGreaterThanOrEqual(1);
    expect(summary.infoMessages).toBe(30);
  });

  it("puts recognisable chapters all over the map", async () => {
    const { publicClient, address } = chain;
    const count = await publicClient.readContract({ address, abi: partyAbi, functionName: "chapterCount" });
    const chapters = await Promise.all(
      Array.from({ length: Number(count) }, (_, i) =>
        publicClient.readContract({ address, abi: partyAbi, functionName: "chapters", args: [BigInt(i + 1)] }),
      ),
    );
    const names = chapters.map(([location]) => hexToString(location, { size: 32 }));
    expect(names).toEqual(DEMO_CITIES);
    expect(chapters[0][0]).toBe(stringToHex("Berlin", { size: 32 }));
    // Each at its city, in the map's projection (decision 0014): from Anchorage to Sydney, Reykjavik to Cape Town.
    expect(chapters.map(([, x, y]) => ({ x, y }))).toEqual(CITIES.map((city) => toMapPosition(city)));
    expect(new Set(chapters.map(([, x, y]) => `${x},${y}`)).size).toBe(chapters.length);
    expect(chapters.every(([, , , exists]) => exists)).toBe(true);
    const memberCounts = chapters.map(([, , , , memberCount]) => Number(memberCount));
    expect(memberCounts.reduce((sum, n) => sum + n, 0)).toBe(150);
    expect(new Set(memberCounts).size).toBeGreaterThan(5);
  });

  it("holds roles, applications, evaluations and info messages readable through the getters", async () => {
    const { publicClient, address } = chain;
    const read = publicClient.readContract;
    const contract = { address, abi: partyAbi } as const;

    for (const executive of plan.partyExecutives) {
      expect(await read({ ...contract, functionName: "partyExecutive", args: [executive.address] })).toBe(true);
    }
    for (const chapter of plan.chapters) {
      const seat = await read({ ...contract, functionName: "centralCommitteeMember", args: [chapter.id] });
      expect(await read({ ...contract, functionName: "memberChapter", args: [seat] })).toBe(chapter.id);
      for (const executive of chapter.executives) {
        expect(await read({ ...contract, functionName: "chapterExecutiveOf", args: [executive.address] })).toBe(
          chapter.id,
        );
      }
    }

    const recommended = plan.pending.filter((application) => application.recommenders.length >= 2);
    expect(recommended.length).toBeGreaterThan(0);
    for (const { account, chapter, recommenders } of plan.pending) {
      expect(await read({ ...contract, functionName: "applicationChapter", args: [account.address] })).toBe(chapter.id);
      expect(await read({ ...contract, functionName: "memberChapter", args: [account.address] })).toBe(0n);
      expect(await read({ ...contract, functionName: "recommendationCount", args: [account.address] })).toBe(
        recommenders.length,
      );
      for (const recommender of recommenders) {
        expect(
          await read({ ...contract, functionName: "recommended", args: [account.address, recommender.address] }),
        ).toBe(true);
      }
    }

    const scores: number[] = [];
    for (const evaluation of plan.evaluations) {
      const [chapterId, hashCode, hashSize, digest, exists] = await read({
        ...contract,
        functionName: "evaluations",
        args: [evaluation.id],
      });
      expect({ chapterId, hashCode, hashSize, digest, exists }).toEqual({
        chapterId: evaluation.chapter.id,
        hashCode: 0x12,
        hashSize: 0x20,
        digest: evaluation.digest,
        exists: true,
      });
      const latest = new Map([...evaluation.votes, ...evaluation.revotes].map(({ voter, score }) => [voter, score]));
      for (const [voter, score] of latest) {
        expect(await read({ ...contract, functionName: "hasVoted", args: [evaluation.id, voter.address] })).toBe(true);
        expect(await read({ ...contract, functionName: "votes", args: [evaluation.id, voter.address] })).toBe(score);
        scores.push(score);
      }
    }
    expect(scores.some((score) => score < 0)).toBe(true);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(128);

    const infoCount = await read({ ...contract, functionName: "infoCount" });
    expect(infoCount).toBe(30n);
    const infos = await Promise.all(
      Array.from({ length: 30 }, (_, i) => read({ ...contract, functionName: "infos", args: [BigInt(i + 1)] })),
    );
    expect(new Set(infos.map(([eventName]) => eventName)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(infos.map(([, infoType]) => infoType))).toEqual(new Set([0, 1, 2, 3]));
    for (const [, , hashCode, hashSize, digest, sender] of infos) {
      expect([hashCode, hashSize]).toEqual([0x12, 0x20]);
      expect(digest).toMatch(/^0x[0-9a-f]{64}$/);
      expect(sender).toBe(ADMIN.address);
    }
    // Each info message points at its demo document, as ipfs add names it (and the local IPFS node holds it).
    expect(infos.map(([, , , , digest]) => digest)).toEqual(DEMO_INFO_CIDS.map(digestOfCid));
  });

  it("changes nothing when run again", async () => {
    const before = await readDemoSummary(chain);
    const blockBefore = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    expect(await seedDemoData(chain)).toEqual({ seeded: false });
    expect(await chain.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(blockBefore);
    expect(await readDemoSummary(chain)).toEqual(before);
  });
});

describe("seedDemoData on a partly seeded chain", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await setupChain();
  });
  afterAll(() => chain?.anvil.stop());

  it("refuses to top it up and says how to start over", async () => {
    const viemChain = localChain(chain.rpcUrl);
    const wallet = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl), account: ADMIN });
    const hash = await wallet.writeContract({
      address: chain.address,
      abi: partyAbi,
      functionName: "addChapterToParty",
      args: [[[]], [stringToHex("Berlin", { size: 32 })], [1], [1]],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await expect(seedDemoData(chain)).rejects.toThrow(/delete \.data\/anvil/);
  });

  it("refuses an address without the contract", async () => {
    await expect(
      seedDemoData({ rpcUrl: chain.rpcUrl, address: "0x000000000000000000000000000000000000dEaD" as Address }),
    ).rejects.toThrow(/no party contract/);
  });
});
