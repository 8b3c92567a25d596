/**
 * Generates the benchmark's data set on an anvil that runs with `--auto-impersonate`, a zero base
 * fee and a 1e9 block gas limit, with automine off: every transaction is sent with
 * eth_sendTransaction from whatever address must send it (no signing, no funding; gas price 0),
 * a block is mined with evm_mine after every `txsPerBlock` transactions.
 *
 * The mix exercises every handler the way the product will: chapters founded in batches (each
 * founder yields JoinedChapter + JoinedParty), party-only members added in batches of 500 by party
 * executives, applications with recommendations and decisions, evaluations with many votes and
 * re-votes, party-executive scores, info messages, members leaving and being removed, executives
 * promoted and (by leaving) demoted.
 *
 * Transactions are planned up front in four phases; a phase only starts once the previous one is
 * mined, since its transactions depend on the previous phase's state across senders. Inside a
 * phase the transactions of different senders are interleaved at random, while each sender's own
 * transactions keep their order (their nonces).
 */
import { encodeFunctionData, keccak256, sha256, stringToHex, toEventSelector, type Address, type Hex } from "viem";
import { partyAbi } from "../../abis/party.js";
import { toQuantity, type Rpc } from "./rpc.js";

type PartyAbi = typeof partyAbi;
type WriteName = Extract<PartyAbi[number], { type: "function"; stateMutability: "nonpayable" }>["name"];

export type PlannedTx = { from: Address; data: Hex; gas: number; events: number };

export type GenerateParameters = {
  rpc: Rpc;
  party: Address;
  admin: Address;
  /** Chapters founded; every other quantity scales with it. 200 gives ~125,000 events. */
  chapters: number;
  /** Transactions per mined block (fewer when their gas limits would not fit in one block). */
  txsPerBlock: number;
  /** The chain's block gas limit: anvil drops a sender's later transactions when one of them
   * does not fit into the block being mined, so blocks are cut to stay below it. */
  blockGasLimit: number;
  log: (message: string) => void;
};

/** What the live-lag phase needs to produce more events without breaking any rule. */
export type LiveFixtures = {
  chapters: number;
  /** Chapter members who have not voted on the chapter's first evaluation yet. */
  freshVoters: { voter: Address; evaluationId: bigint }[];
  nonces: Map<Address, number>;
};

export type GenerateResult = {
  /** Logs of the events the product indexer handles (everything but Initialized/Upgraded). */
  events: number;
  transactions: number;
  firstBlock: number;
  lastBlock: number;
  eventsByName: Record<string, number>;
  live: LiveFixtures;
};

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

/** mulberry32: a deterministic data set without Math.random. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  const random = prng(0xbe4c4);
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

/** Topic0 of every event the product indexer handles: the ABI's, less the proxy's own. */
export function productEventTopics(): Map<Hex, string> {
  const topics = new Map<Hex, string>();
  for (const item of partyAbi) {
    if (item.type !== "event" || item.name === "Initialized" || item.name === "Upgraded") continue;
    topics.set(toEventSelector(item), item.name);
  }
  return topics;
}

type Log = { topics: Hex[]; blockNumber: Hex; transactionHash: Hex };

/** Counts the product's events on chain in [from, to], by name. */
export async function countEvents(rpc: Rpc, party: Address, from: number, to: number) {
  const topics = productEventTopics();
  const byName: Record<string, number> = {};
  let total = 0;
  const step = 500;
  const ranges: [number, number][] = [];
  for (let start = from; start <= to; start += step) ranges.push([start, Math.min(to, start + step - 1)]);
  for (let i = 0; i < ranges.length; i += 8) {
    const results = await rpc.batch<Log[]>(
      ranges.slice(i, i + 8).map(([a, b]) => ({
        method: "eth_getLogs",
        params: [{ address: party, fromBlock: toQuantity(a), toBlock: toQuantity(b) }],
      })),
    );
    for (const log of results.flat()) {
      const name = topics.get(log.topics[0]);
      if (!name) continue;
      byName[name] = (byName[name] ?? 0) + 1;
      total++;
    }
  }
  return { total, byName };
}

async function pendingTransactions(rpc: Rpc): Promise<number> {
  const status = await rpc.call<{ pending: Hex; queued: Hex }>("txpool_status");
  return Number(status.pending) + Number(status.queued);
}

/** Reverted transactions in [from, to], for the error message when the counts disagree. */
async function revertedTransactions(rpc: Rpc, from: number, to: number): Promise<string[]> {
  const reverted: string[] = [];
  for (let start = from; start <= to && reverted.length < 5; start += 50) {
    const blocks = await rpc.batch<{ status: Hex; transactionHash: Hex; from: Address }[]>(
      Array.from({ length: Math.min(50, to - start + 1) }, (_, i) => ({ method: "eth_getBlockReceipts", params: [toQuantity(start + i)] })),
    );
    for (const receipt of blocks.flat()) {
      if (receipt.status !== "0x1") reverted.push(`${receipt.transactionHash} from ${receipt.from}`);
    }
  }
  return reverted;
}

export async function generate(params: GenerateParameters): Promise<GenerateResult> {
  const { rpc, party, admin, log } = params;
  const { phases, freshVoters } = planTransactions({ admin, chapters: params.chapters });
  const nonces = new Map<Address, number>();
  nonces.set(admin, Number(await rpc.call<Hex>("eth_getTransactionCount", [admin, "latest"])));
  const firstBlock = Number(await rpc.call<Hex>("eth_blockNumber")) + 1;
  const totalTxs = phases.reduce((n, p) => n + p.length, 0);
  let sent = 0;
  let lastReport = Date.now();
  let sendMs = 0;
  let mineMs = 0;

  for (const [index, phase] of phases.entries()) {
    const gasBudget = params.blockGasLimit * 0.9;
    for (let i = 0; i < phase.length; ) {
      const chunk: PlannedTx[] = [];
      let gas = 0;
      while (i < phase.length && chunk.length < params.txsPerBlock && (chunk.length === 0 || gas + phase[i].gas <= gasBudget)) {
        gas += phase[i].gas;
        chunk.push(phase[i++]);
      }
      const sendStart = Date.now();
      await rpc.batch(
        chunk.map((t) => {
          const nonce = nonces.get(t.from) ?? 0;
          nonces.set(t.from, nonce + 1);
          return {
            method: "eth_sendTransaction",
            params: [
              {
                from: t.from,
                to: party,
                data: t.data,
                gas: toQuantity(t.gas),
                nonce: toQuantity(nonce),
                maxFeePerGas: "0x0",
                maxPriorityFeePerGas: "0x0",
              },
            ],
          };
        }),
      );
      const mineStart = Date.now();
      sendMs += mineStart - sendStart;
      await rpc.call("evm_mine");
      mineMs += Date.now() - mineStart;
      sent += chunk.length;
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        log(`  generating: ${sent}/${totalTxs} transactions (phase ${index + 1}/4; ${sendMs} ms sending, ${mineMs} ms mining)`);
      }
    }
    // Every transaction of the phase must be in a block before the next phase depends on it.
    for (let attempt = 0; (await pendingTransactions(rpc)) > 0; attempt++) {
      if (attempt >= 3) throw new Error(`phase ${index + 1}: transactions still pending after mining`);
      await rpc.call("evm_mine");
    }
  }

  const lastBlock = Number(await rpc.call<Hex>("eth_blockNumber"));
  const expected = 4 /* RoleHolderSet from initialize() */ + phases.flat().reduce((n, t) => n + t.events, 0);
  const counted = await countEvents(rpc, party, 0, lastBlock);
  if (counted.total !== expected) {
    const reverted = await revertedTransactions(rpc, firstBlock, lastBlock);
    throw new Error(
      `expected ${expected} party events on chain, found ${counted.total}; reverted transactions: ${reverted.join(", ") || "none found"}`,
    );
  }
  return {
    events: counted.total,
    transactions: totalTxs,
    firstBlock,
    lastBlock,
    eventsByName: counted.byName,
    live: { chapters: params.chapters, freshVoters, nonces },
  };
}
