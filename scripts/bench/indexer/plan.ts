/**
 * The benchmark's data set, planned up front. The mix exercises every handler the way the product
 * will: chapters founded in batches (each founder yields JoinedChapter + JoinedParty), party-only
 * members added in batches of 500 by party executives, applications with recommendations and
 * decisions, evaluations with many votes and re-votes, party-executive scores, info messages,
 * members leaving and being removed, executives promoted and (by leaving) demoted.
 *
 * Four phases; a phase only starts once the previous one is mined, since its transactions depend
 * on the previous phase's state across senders. Inside a phase the transactions of different
 * senders are interleaved at random, while each sender's own transactions keep their order (their
 * nonces).
 */
import { encodeFunctionData, keccak256, sha256, stringToHex, type Address, type Hex } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { mulberry32 } from "../../lib/prng.js";

type PartyAbi = typeof partyAbi;
type WriteName = Extract<PartyAbi[number], { type: "function"; stateMutability: "nonpayable" }>["name"];

export type PlannedTx = { from: Address; data: Hex; gas: number; events: number };

const FOUNDERS_PER_CHAPTER = 100;
const CHAPTERS_PER_BATCH = 10;
const PARTY_EXECUTIVES = 10;
const PARTY_ONLY_BATCH = 500;
const APPLICANTS_PER_CHAPTER = 25;
const APPROVED_PER_CHAPTER = 20;
const RECOMMENDERS_PER_CHAPTER = 4;
const EVALUATIONS_PER_CHAPTER = 2;
const VOTERS_PER_EVALUATION = 30;
const REVOTES_PER_EVALUATION = 3;
const EVENT_NAMES = ["congress", "meeting", "statement", "press-release", "election", "campaign"];

/** Founder indices with a fixed part to play (the rest are plain members and voters). */
const F = {
  partyExecutive: 0, // in the first PARTY_EXECUTIVES chapters
  chapterExecutive: 1,
  centralCommittee: 2,
  firstRecommender: 3, // 3..6
  firstVoter: 10, // evaluation k: 10 + 15k .. +29
  firstFreshVoter: 60, // 60..89: never vote during generation (the live phase uses them)
  leaver: 90, // 90, 91
  removed: 92,
  leavingExecutive: 93, // promoted, then leaves: ChapterExecutiveDemoted + LeftChapter
} as const;
const LEAVING_EXECUTIVE_CHAPTERS = 20;

/** A distinct, realistic-looking (uniformly random) address per label; no key needed. */
export const address = (label: string): Address => `0x${keccak256(stringToHex(label)).slice(26)}`;

/** Interleaves senders at random but keeps each sender's own transactions in order. */
function interleave(txs: PlannedTx[], random: () => number): PlannedTx[] {
  const keys = txs.map(() => random());
  const order = txs.map((_, i) => i).sort((a, b) => keys[a] - keys[b]);
  const bySender = new Map<Address, PlannedTx[]>();
  for (const tx of txs) {
    const list = bySender.get(tx.from);
    if (list) list.push(tx);
    else bySender.set(tx.from, [tx]);
  }
  const cursor = new Map<Address, number>();
  return order.map((i) => {
    const from = txs[i].from;
    const k = cursor.get(from) ?? 0;
    cursor.set(from, k + 1);
    return bySender.get(from)![k];
  });
}

export function planTransactions(params: { admin: Address; chapters: number }) {
  const random = mulberry32(0xbe4c4);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const C = params.chapters;
  const admin = params.admin;
  const tx = (from: Address, functionName: WriteName, args: readonly unknown[], events: number, gas = 500_000): PlannedTx => ({
    from,
    // The ABI is typed, the dynamic name is not: encodeFunctionData checks args at run time.
    data: encodeFunctionData({ abi: partyAbi, functionName, args } as Parameters<typeof encodeFunctionData>[0]),
    gas,
    events,
  });

  const founders = Array.from({ length: C }, (_, c) =>
    Array.from({ length: FOUNDERS_PER_CHAPTER }, (_, j) => address(`bench founder ${c}/${j}`)),
  );
  const chapterId = (c: number) => BigInt(c + 1);
  const partyExecutives = founders.slice(0, PARTY_EXECUTIVES).map((f) => f[F.partyExecutive]);
  const partyExecutiveOf = (c: number) => partyExecutives[c % partyExecutives.length];
  const applicants = Array.from({ length: C }, (_, c) =>
    Array.from({ length: APPLICANTS_PER_CHAPTER }, (_, a) => address(`bench applicant ${c}/${a}`)),
  );
  const partyOnly = Array.from({ length: C * 150 }, (_, i) => address(`bench party member ${i}`));
  const evaluationId = (c: number, k: number) => BigInt(c * EVALUATIONS_PER_CHAPTER + k + 1);
  const voters = (c: number, k: number) =>
    founders[c].slice(F.firstVoter + 15 * k, F.firstVoter + 15 * k + VOTERS_PER_EVALUATION);
  const score = () => int(-128, 127);
  const digest = (text: string) => sha256(stringToHex(text));
  const infoTx = (i: number) => {
    const eventName = EVENT_NAMES[i % EVENT_NAMES.length];
    // Mostly sha2-256 (CIDv0); some keccak-256 multihashes take the CIDv1 path.
    const hashCode = i % 5 === 0 ? 0x1b : 0x12;
    return tx(admin, "sendInfo", [eventName, i % 4, hashCode, 32, digest(`bench info ${i}`)], 1);
  };

  // Phase 1: the admin founds the chapters, names party executives and central committee
  // members, mints the evaluations and sends the first half of the info messages.
  const phase1: PlannedTx[] = [];
  for (let c0 = 0; c0 < C; c0 += CHAPTERS_PER_BATCH) {
    const batch = Array.from({ length: Math.min(CHAPTERS_PER_BATCH, C - c0) }, (_, i) => c0 + i);
    phase1.push(
      tx(
        admin,
        "addChapterToParty",
        [
          batch.map((c) => founders[c]),
          batch.map((c) => stringToHex(`Bench chapter ${c + 1}`, { size: 32 })),
          batch.map(() => int(0, 65535)),
          batch.map(() => int(0, 65535)),
        ],
        batch.length * (1 + 2 * FOUNDERS_PER_CHAPTER),
        200_000 + batch.length * (100_000 + 60_000 * FOUNDERS_PER_CHAPTER),
      ),
    );
  }
  for (const account of partyExecutives) phase1.push(tx(admin, "promotePartyExecutive", [account], 1));
  for (let c = 0; c < C; c++) phase1.push(tx(admin, "setCentralCommitteeMember", [chapterId(c), founders[c][F.centralCommittee]], 1));
  for (let c = 0; c < C; c++) {
    for (let k = 0; k < EVALUATIONS_PER_CHAPTER; k++) {
      phase1.push(tx(admin, "mintEvaluation", [chapterId(c), 0x12, 32, digest(`bench evaluation ${c}/${k}`)], 1));
    }
  }
  const infos = C * 5;
  for (let i = 0; i < infos / 2; i++) phase1.push(infoTx(i));
  for (let c = 0; c < C; c += 4) {
    phase1.push(tx(admin, "updateChapterLocation", [chapterId(c), stringToHex(`Bench chapter ${c + 1} (moved)`, { size: 32 }), int(0, 65535), int(0, 65535)], 1));
  }

  // Phase 2: party executives promote chapter executives and add party-only members in
  // batches; applicants apply.
  const phase2: PlannedTx[] = [];
  for (let c = 0; c < C; c++) {
    phase2.push(tx(partyExecutiveOf(c), "promoteChapterExecutive", [founders[c][F.chapterExecutive], chapterId(c)], 1));
    if (c < LEAVING_EXECUTIVE_CHAPTERS) {
      phase2.push(tx(partyExecutiveOf(c), "promoteChapterExecutive", [founders[c][F.leavingExecutive], chapterId(c)], 1));
    }
  }
  for (let i = 0; i < partyOnly.length; i += PARTY_ONLY_BATCH) {
    const batch = partyOnly.slice(i, i + PARTY_ONLY_BATCH);
    phase2.push(tx(partyExecutives[(i / PARTY_ONLY_BATCH) % PARTY_EXECUTIVES], "addMemberToParty", [batch], batch.length, 200_000 + 30_000 * batch.length));
  }
  for (let c = 0; c < C; c++) {
    for (const account of applicants[c]) phase2.push(tx(account, "applyForChapterMembership", [chapterId(c)], 1));
  }

  // Phase 3: founders recommend every applicant to their chapter; members vote.
  const phase3: PlannedTx[] = [];
  for (let c = 0; c < C; c++) {
    for (let r = 0; r < RECOMMENDERS_PER_CHAPTER; r++) {
      phase3.push(
        tx(founders[c][F.firstRecommender + r], "recommendForChapterMembership", [applicants[c]], APPLICANTS_PER_CHAPTER, 200_000 + 60_000 * APPLICANTS_PER_CHAPTER),
      );
    }
    for (let k = 0; k < EVALUATIONS_PER_CHAPTER; k++) {
      for (const voter of voters(c, k)) phase3.push(tx(voter, "vote", [evaluationId(c, k), score()], 1));
    }
  }

  // Phase 4: chapter executives decide the applications; some voters change their vote; party
  // executives score; members leave or are removed; the second half of the info messages.
  const phase4: PlannedTx[] = [];
  for (let c = 0; c < C; c++) {
    const executive = founders[c][F.chapterExecutive];
    applicants[c].forEach((account, a) => {
      const approved = a < APPROVED_PER_CHAPTER;
      // Approval: ApplicationDecided, JoinedChapter, JoinedParty (applicants are not party members).
      phase4.push(tx(executive, "updateMemberApplicationForChapter", [account, approved], approved ? 3 : 1));
    });
    for (let k = 0; k < EVALUATIONS_PER_CHAPTER; k++) {
      for (const voter of voters(c, k).slice(0, REVOTES_PER_EVALUATION)) phase4.push(tx(voter, "vote", [evaluationId(c, k), score()], 1));
      phase4.push(tx(partyExecutiveOf(c), "vote", [evaluationId(c, k), score()], 1));
    }
    phase4.push(tx(founders[c][F.leaver], "leaveChapter", [], 1));
    phase4.push(tx(founders[c][F.leaver + 1], "leaveChapter", [], 1));
    phase4.push(tx(executive, "removeMemberFromChapter", [founders[c][F.removed]], 1));
    if (c < LEAVING_EXECUTIVE_CHAPTERS) phase4.push(tx(founders[c][F.leavingExecutive], "leaveChapter", [], 2));
  }
  const leavingParty = Math.floor(partyOnly.length / 30);
  for (let i = 0; i < leavingParty; i++) phase4.push(tx(partyOnly[i], "leaveParty", [], 1));
  for (let i = leavingParty; i < 2 * leavingParty; i++) {
    phase4.push(tx(partyExecutives[i % PARTY_EXECUTIVES], "removeMemberFromParty", [partyOnly[i]], 1));
  }
  for (let i = infos / 2; i < infos; i++) phase4.push(infoTx(i));

  const phases = [phase1, phase2, phase3, phase4].map((phase) => interleave(phase, random));
  const freshVoters = Array.from({ length: C }, (_, c) =>
    founders[c].slice(F.firstFreshVoter, F.leaver).map((voter) => ({ voter, evaluationId: evaluationId(c, 0) })),
  ).flat();
  return { phases, freshVoters };
}
