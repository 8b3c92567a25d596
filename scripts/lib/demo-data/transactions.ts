/**
 * The demo data as party-contract transactions, grouped in phases: each phase depends only on the
 * phases before it (an applicant must have applied before a member can recommend them).
 */
import { encodeFunctionData, type Abi, type ContractFunctionArgs, type ContractFunctionName, type Hex } from "viem";
import { partyAbi } from "../../../abis/party.js";
import type { Account, ChapterPlan, DemoPlan } from "./plan.js";

type PartyAbi = typeof partyAbi;
type WriteName = ContractFunctionName<PartyAbi, "nonpayable">;

export type Tx = { from: Account; data: Hex; gas: bigint; label: string };

const DEFAULT_GAS = 1_000_000n;
const MULTIHASH_SHA2_256 = 0x12;
const MULTIHASH_SIZE = 0x20;

function call<const name extends WriteName>(
  from: Account,
  functionName: name,
  args: ContractFunctionArgs<PartyAbi, "nonpayable", name>,
  gas = DEFAULT_GAS,
): Tx {
  // Checked against the ABI at the call site by the signature above; the body only needs bytes.
  const values = args as readonly unknown[];
  const data = encodeFunctionData({ abi: partyAbi as Abi, functionName: functionName as string, args: values });
  const shown = values.map((arg) => (Array.isArray(arg) ? `[${arg.length}]` : String(arg))).join(", ");
  return { from, data, gas, label: `${functionName}(${shown}) from ${from.address}` };
}

/**
 * The transactions, grouped so that each phase depends only on the phases before it. Each phase is
 * encoded only when it is due, which keeps every stretch of synchronous work short.
 */
export function phases(plan: DemoPlan, admin: Account): [string, () => Tx[]][] {
  const { chapters, partyExecutives } = plan;
  const decider = (chapter: ChapterPlan, i: number) =>
    chapter.executives.length > 0
      ? chapter.executives[i % chapter.executives.length]
      : partyExecutives[i % partyExecutives.length];

  const chapterBatch = (batch: ChapterPlan[]) => {
    const founders = batch.reduce((sum, chapter) => sum + chapter.founders.length, 0);
    return call(
      admin,
      "addChapterToParty",
      [
        batch.map((chapter) => chapter.founders.map((founder) => founder.address)),
        batch.map((chapter) => chapter.location),
        batch.map((chapter) => chapter.x),
        batch.map((chapter) => chapter.y),
      ],
      200_000n + 150_000n * BigInt(batch.length) + 100_000n * BigInt(founders),
    );
  };

  // The admin's transactions are ordered by nonce, so one phase holds chapters and what needs them.
  const setUp = (): Tx[] => [
    chapterBatch(chapters.slice(0, 8)),
    chapterBatch(chapters.slice(8)),
    ...partyExecutives.map((account) => call(admin, "promotePartyExecutive", [account.address])),
    ...chapters.map((chapter) =>
      call(admin, "setCentralCommitteeMember", [chapter.id, chapter.centralCommittee.address]),
    ),
    ...plan.evaluations.map((evaluation) =>
      call(admin, "mintEvaluation", [evaluation.chapter.id, MULTIHASH_SHA2_256, MULTIHASH_SIZE, evaluation.digest]),
    ),
  ];

  const applicants = [
    ...chapters.flatMap((chapter) =>
      [...chapter.joiners, ...chapter.leavers, ...chapter.removed].map((account) => ({ account, chapter })),
    ),
    ...plan.pending,
    ...plan.rejected,
  ];
  const applications = (): Tx[] => [
    ...applicants.map(({ account, chapter }) => call(account, "applyForChapterMembership", [chapter.id])),
    ...chapters.flatMap((chapter, i) =>
      chapter.executives.map((executive) =>
        call(partyExecutives[i % partyExecutives.length], "promoteChapterExecutive", [executive.address, chapter.id]),
      ),
    ),
    ...plan.partyOnlyBatches.map(({ by, accounts }) =>
      call(
        by,
        "addMemberToParty",
        [accounts.map((account) => account.address)],
        100_000n + 80_000n * BigInt(accounts.length),
      ),
    ),
  ];

  const earlyRecommendations = () =>
    recommendationTxs([
      ...plan.joinerRecommendations,
      ...plan.rejected.flatMap(({ account, recommenders }) =>
        recommenders.map((recommender) => ({ account, recommender })),
      ),
    ]);
  const partyExecutiveScores = () =>
    plan.evaluations.flatMap((evaluation) =>
      evaluation.partyExecutiveScore
        ? [call(evaluation.partyExecutiveScore.by, "vote", [evaluation.id, evaluation.partyExecutiveScore.score])]
        : [],
    );

  const decisions = (): Tx[] => [
    ...chapters.flatMap((chapter) =>
      [...chapter.joiners, ...chapter.leavers, ...chapter.removed].map((account, i) =>
        call(decider(chapter, i), "updateMemberApplicationForChapter", [account.address, true]),
      ),
    ),
    ...plan.rejected.map(({ account, chapter }, i) =>
      call(decider(chapter, i + 1), "updateMemberApplicationForChapter", [account.address, false]),
    ),
  ];

  const afterJoining = (): Tx[] => [
    ...chapters.flatMap((chapter) => chapter.leavers.map((account) => call(account, "leaveChapter", []))),
    ...chapters.flatMap((chapter) =>
      chapter.removed.map((account, i) => call(decider(chapter, i), "removeMemberFromChapter", [account.address])),
    ),
    ...plan.evaluations.flatMap((evaluation) =>
      [...evaluation.votes, ...evaluation.revotes].map(({ voter, score }) =>
        call(voter, "vote", [evaluation.id, score]),
      ),
    ),
    ...recommendationTxs(
      plan.pending.flatMap(({ account, recommenders }) =>
        recommenders.map((recommender) => ({ account, recommender })),
      ),
    ),
  ];

  const infos = () =>
    plan.infos.map((info) =>
      call(admin, "sendInfo", [info.eventName, info.infoType, MULTIHASH_SHA2_256, MULTIHASH_SIZE, info.digest]),
    );

  return [
    ["chapters, party executives, central committee, evaluations", setUp],
    ["applications, chapter executives, party-only members", applications],
    [
      "recommendations before decisions, party-executive scores",
      () => [...earlyRecommendations(), ...partyExecutiveScores()],
    ],
    ["decisions", decisions],
    ["leaving, removals, votes, recommendations of pending applicants", afterJoining],
    ["info messages", infos],
  ];
}

/** One batch call per recommender, listing every applicant they recommend. */
function recommendationTxs(pairs: { account: Account; recommender: Account }[]): Tx[] {
  const byRecommender = new Map<Account, Account[]>();
  for (const { account, recommender } of pairs) {
    byRecommender.set(recommender, [...(byRecommender.get(recommender) ?? []), account]);
  }
  return [...byRecommender].map(([recommender, accounts]) =>
    call(
      recommender,
      "recommendForChapterMembership",
      [accounts.map((account) => account.address)],
      100_000n + 80_000n * BigInt(accounts.length),
    ),
  );
}
