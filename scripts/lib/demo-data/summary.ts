import { type ContractFunctionArgs, type ContractFunctionName, type ReadContractParameters } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { createSeedClients } from "./clients.js";
import type { SeedDemoDataParameters } from "./seed.js";

type PartyAbi = typeof partyAbi;

export type DemoSummary = {
  /** Chapters that exist now. */
  chapters: number;
  /** Current chapter members (the chapters' memberCount). */
  members: number;
  /** Current party members, with or without a chapter. */
  partyMembers: number;
  partyOnlyMembers: number;
  partyExecutives: number;
  chapterExecutives: number;
  chaptersWithExecutives: number;
  centralCommitteeMembers: number;
  pendingApplications: number;
  pendingWithRecommendations: number;
  /** Recommendations on pending applications. */
  recommendations: number;
  rejectedApplications: number;
  leftChapter: number;
  removedFromChapter: number;
  evaluations: number;
  /** Current votes: one per evaluation and voter, however often they voted. */
  votes: number;
  evaluationsWithVotes: number;
  partyExecutiveScores: number;
  infoMessages: number;
};

/**
 * Counts read back from the chain: the contract's getters for current state, its events only to
 * find the accounts to ask about (mappings cannot be enumerated) and for history.
 */
export async function readDemoSummary({ rpcUrl, address }: SeedDemoDataParameters): Promise<DemoSummary> {
  const { publicClient } = createSeedClients(rpcUrl);
  const contract = { address, abi: partyAbi } as const;
  const get = <const name extends ContractFunctionName<PartyAbi, "view">>(
    functionName: name,
    ...args: ContractFunctionArgs<PartyAbi, "view", name> extends readonly []
      ? []
      : [ContractFunctionArgs<PartyAbi, "view", name>]
  ) =>
    publicClient.readContract({ ...contract, functionName, args: args[0] } as ReadContractParameters<PartyAbi, name>);

  const [chapterCount, evaluationCount, infoCount, logs] = await Promise.all([
    get("chapterCount"),
    get("evaluationCount"),
    get("infoCount"),
    publicClient.getContractEvents({ ...contract, fromBlock: 0n, toBlock: "latest" }),
  ]);
  const accountsOf = (eventName: string) => [
    ...new Set(
      logs.flatMap((log) =>
        log.eventName === eventName && "account" in log.args && log.args.account ? [log.args.account] : [],
      ),
    ),
  ];
  const countOf = (eventName: string, filter: (args: Record<string, unknown>) => boolean = () => true) =>
    logs.filter((log) => log.eventName === eventName && filter(log.args as Record<string, unknown>)).length;

  const chapterIds = Array.from({ length: Number(chapterCount) }, (_, i) => BigInt(i + 1));
  const evaluationIds = Array.from({ length: Number(evaluationCount) }, (_, i) => BigInt(i + 1));
  const partyAccounts = accountsOf("JoinedParty");
  const executiveCandidates = accountsOf("ChapterExecutivePromoted");
  const applicants = accountsOf("Applied");
  const partyExecutiveCandidates = accountsOf("PartyExecutivePromoted");
  const voteKeys = [
    ...new Map(
      logs.flatMap((log) =>
        log.eventName === "VoteCast" && log.args.evaluationId !== undefined && log.args.voter
          ? [[`${log.args.evaluationId}:${log.args.voter}`, [log.args.evaluationId, log.args.voter] as const] as const]
          : [],
      ),
    ).values(),
  ];

  const [
    chapters,
    centralCommittee,
    partyMember,
    memberChapter,
    executiveOf,
    partyExecutive,
    applied,
    recommendationCounts,
    hasVoted,
    scored,
  ] = await Promise.all([
    Promise.all(chapterIds.map((id) => get("chapters", [id]))),
    Promise.all(chapterIds.map((id) => get("centralCommitteeMember", [id]))),
    Promise.all(partyAccounts.map((account) => get("partyMember", [account]))),
    Promise.all(partyAccounts.map((account) => get("memberChapter", [account]))),
    Promise.all(executiveCandidates.map((account) => get("chapterExecutiveOf", [account]))),
    Promise.all(partyExecutiveCandidates.map((account) => get("partyExecutive", [account]))),
    Promise.all(applicants.map((account) => get("applicationChapter", [account]))),
    Promise.all(applicants.map((account) => get("recommendationCount", [account]))),
    Promise.all(voteKeys.map((key) => get("hasVoted", key))),
    Promise.all(evaluationIds.map((id) => get("hasPartyExecutiveScore", [id]))),
  ]);

  const existing = chapters.filter(([, , , exists]) => exists);
  const executiveChapters = executiveOf.filter((id) => id !== 0n);
  const pendingCounts = recommendationCounts.filter((_, i) => applied[i] !== 0n);
  const votedEvaluations = new Set(voteKeys.filter((_, i) => hasVoted[i]).map(([evaluationId]) => evaluationId));

  return {
    chapters: existing.length,
    members: existing.reduce((sum, [, , , , memberCount]) => sum + Number(memberCount), 0),
    partyMembers: partyMember.filter(Boolean).length,
    partyOnlyMembers: partyMember.filter((member, i) => member && memberChapter[i] === 0n).length,
    partyExecutives: partyExecutive.filter(Boolean).length,
    chapterExecutives: executiveChapters.length,
    chaptersWithExecutives: new Set(executiveChapters).size,
    centralCommitteeMembers: centralCommittee.filter((account) => !/^0x0{40}$/.test(account)).length,
    pendingApplications: pendingCounts.length,
    pendingWithRecommendations: pendingCounts.filter((count) => count > 0).length,
    recommendations: pendingCounts.reduce((sum, count) => sum + count, 0),
    rejectedApplications: countOf("ApplicationDecided", (args) => args.approved === false),
    leftChapter: countOf("LeftChapter"),
    removedFromChapter: countOf("RemovedFromChapter"),
    evaluations: Number(evaluationCount),
    votes: hasVoted.filter(Boolean).length,
    evaluationsWithVotes: votedEvaluations.size,
    partyExecutiveScores: scored.filter(Boolean).length,
    infoMessages: Number(infoCount),
  };
}
