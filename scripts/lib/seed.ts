/**
 * Deterministic demo data for the local chain: the same chapters, members, applications,
 * evaluations and info messages on every machine, so screenshots, docs and bug reports agree.
 *
 * The data is planned up front (a pure function of a fixed PRNG seed and `demoAccount(i)`) and
 * then sent in a few phases. Within a phase every transaction is signed locally with an explicit
 * nonce and a fixed gas limit and all are sent at once: nothing is estimated against a state that
 * an earlier, still pending transaction of the same phase would change. Phases only exist for
 * dependencies across accounts (an applicant must have applied before a member can recommend them).
 */
import {
  BaseError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  encodeFunctionData,
  http,
  keccak256,
  parseEther,
  parseGwei,
  sha256,
  stringToHex,
  TransactionReceiptNotFoundError,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type PrivateKeyAccount,
  type ReadContractParameters,
  type TransactionReceipt,
} from "viem";
import { partyAbi } from "../../abis/party.js";
import { anvilAccount, demoAccount } from "./accounts.js";
import { localChain } from "./chain-definition.js";

export type SeedDemoDataParameters = { rpcUrl: string; address: Address };

type PartyAbi = typeof partyAbi;
type WriteName = ContractFunctionName<PartyAbi, "nonpayable">;

// ------------------------------------------------------------------------------------------
// The plan
// ------------------------------------------------------------------------------------------

/**
 * Chapters with their current member count (150 in all, deliberately uneven). Coordinates are an
 * equirectangular projection of the city onto the 16-bit map: x grows eastwards from 180°W,
 * y southwards from 90°N, as on a screen.
 */
const CITIES = [
  { name: "Berlin", lat: 52.52, lon: 13.405, members: 21 },
  { name: "London", lat: 51.507, lon: -0.128, members: 17 },
  { name: "New York", lat: 40.713, lon: -74.006, members: 15 },
  { name: "Lagos", lat: 6.524, lon: 3.379, members: 13 },
  { name: "Tokyo", lat: 35.676, lon: 139.65, members: 12 },
  { name: "Buenos Aires", lat: -34.604, lon: -58.382, members: 11 },
  { name: "Mumbai", lat: 19.076, lon: 72.878, members: 10 },
  { name: "Mexico City", lat: 19.433, lon: -99.133, members: 9 },
  { name: "Cairo", lat: 30.044, lon: 31.236, members: 8 },
  { name: "Sydney", lat: -33.869, lon: 151.209, members: 8 },
  { name: "Cape Town", lat: -33.925, lon: 18.424, members: 7 },
  { name: "Singapore", lat: 1.352, lon: 103.82, members: 6 },
  { name: "San Francisco", lat: 37.775, lon: -122.419, members: 6 },
  { name: "Reykjavik", lat: 64.147, lon: -21.943, members: 4 },
  { name: "Anchorage", lat: 61.218, lon: -149.9, members: 3 },
] as const;

/** Chapters (by index) whose founders include a party executive. */
const PARTY_EXECUTIVE_CHAPTERS = [0, 3, 4];
/** The first eight chapters get chapter executives: two in the big ones, one in the others. */
const EXECUTIVE_CHAPTERS = 8;
/** Joiners who later leave (by themselves or removed), per chapter index; refilled on top. */
const LEAVERS: Record<number, { left: number; removed: number }> = {
  0: { left: 1, removed: 1 },
  1: { left: 1, removed: 0 },
  2: { left: 1, removed: 0 },
  3: { left: 0, removed: 1 },
  4: { left: 0, removed: 1 },
  6: { left: 1, removed: 0 },
};
const PENDING_APPLICATIONS = 20;
const REJECTED_CHAPTERS = [1, 3, 6, 9];
const EVALUATIONS = 20;
const INFO_MESSAGES = 30;
const EVENT_NAMES = ["congress", "meeting", "statement", "press-release", "election", "campaign"];
const PRNG_SEED = 0x5eed_2024;

/** The numbers the demo data is built to have; readDemoSummary must read these back. */
export const DEMO_SHAPE = {
  chapters: CITIES.length,
  members: CITIES.reduce((sum, city) => sum + city.members, 0),
  pendingApplications: PENDING_APPLICATIONS,
  rejectedApplications: REJECTED_CHAPTERS.length,
  evaluations: EVALUATIONS,
  infoMessages: INFO_MESSAGES,
  partyExecutives: PARTY_EXECUTIVE_CHAPTERS.length,
  partyOnlyMembers: 4,
} as const;

type Account = PrivateKeyAccount;

type ChapterPlan = {
  id: bigint;
  name: string;
  location: Hex;
  x: number;
  y: number;
  founders: Account[];
  /** Applicants who are approved and stay. */
  joiners: Account[];
  /** Applicants who are approved and then leave the chapter themselves. */
  leavers: Account[];
  /** Applicants who are approved and then removed by an executive. */
  removed: Account[];
  executives: Account[];
  centralCommittee: Account;
  /** Founders and joiners: the members at the end. */
  stable: Account[];
};

type ApplicationPlan = {
  account: Account;
  chapter: ChapterPlan;
  recommenders: Account[];
};

type EvaluationPlan = {
  id: bigint;
  chapter: ChapterPlan;
  digest: Hex;
  votes: { voter: Account; score: number }[];
  /** Voters who change their mind: the second vote replaces the first. */
  revotes: { voter: Account; score: number }[];
  partyExecutiveScore?: { by: Account; score: number };
};

type InfoPlan = { eventName: string; infoType: number; digest: Hex };

export type DemoPlan = ReturnType<typeof buildDemoPlan>;

/** Tiny deterministic PRNG (mulberry32): variety without Math.random. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, count);
  };
  return { int, sample };
}

const toMapX = (lon: number) => Math.round(((lon + 180) / 360) * 65535);
const toMapY = (lat: number) => Math.round(((90 - lat) / 180) * 65535);
/** A CIDv0-compatible multihash digest (sha2-256) of some text. */
const digestOf = (text: string) => sha256(stringToHex(text));

/** Every demo account the plan uses: the members, those who left, applicants, party-only members. */
const DEMO_ACCOUNT_COUNT =
  DEMO_SHAPE.members +
  Object.values(LEAVERS).reduce((sum, { left, removed }) => sum + left + removed, 0) +
  PENDING_APPLICATIONS +
  REJECTED_CHAPTERS.length +
  DEMO_SHAPE.partyOnlyMembers;

const accountCache: Account[] = [];
const cachedDemoAccount = (index: number) => (accountCache[index] ??= demoAccount(index));

/**
 * Deriving a key's address takes about a millisecond; done in slices so that a signal arriving
 * mid-seed is handled in time (tsx kills a child that does not acknowledge a signal within 60 ms).
 */
async function deriveDemoAccounts(): Promise<void> {
  for (let i = 0; i < DEMO_ACCOUNT_COUNT; i++) {
    cachedDemoAccount(i);
    if (i % 16 === 15) await yieldToEventLoop();
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function buildDemoPlan() {
  const random = prng(PRNG_SEED);
  let nextAccount = 0;
  const take = () => cachedDemoAccount(nextAccount++);
  const takeMany = (count: number) => Array.from({ length: count }, take);

  const chapters: ChapterPlan[] = CITIES.map((city, index) => {
    const foundersCount = Math.max(2, Math.round(city.members / 3));
    const founders = takeMany(foundersCount);
    const joiners = takeMany(city.members - foundersCount);
    const leaving = LEAVERS[index] ?? { left: 0, removed: 0 };
    const stable = [...founders, ...joiners];
    return {
      id: BigInt(index + 1),
      name: city.name,
      location: stringToHex(city.name, { size: 32 }),
      x: toMapX(city.lon),
      y: toMapY(city.lat),
      founders,
      joiners,
      leavers: takeMany(leaving.left),
      removed: takeMany(leaving.removed),
      executives: [],
      centralCommittee: founders[foundersCount - 1],
      stable,
    };
  });

  const partyExecutives = PARTY_EXECUTIVE_CHAPTERS.map((index) => chapters[index].founders[0]);
  const isPartyExecutive = (account: Account) => partyExecutives.includes(account);
  for (const chapter of chapters.slice(0, EXECUTIVE_CHAPTERS)) {
    const count = chapter.stable.length >= 13 ? 2 : 1;
    chapter.executives = chapter.founders.filter((founder) => !isPartyExecutive(founder)).slice(0, count);
  }

  // Some approved joiners were recommended by a founder first, as a real chapter would do.
  const joinerRecommendations = chapters.flatMap((chapter) =>
    [...chapter.joiners, ...chapter.leavers, ...chapter.removed]
      .filter((_, i) => i % 2 === 0)
      .map((account) => ({ account, recommender: random.sample(chapter.founders, 1)[0] })),
  );

  const weighted = chapters.flatMap((chapter) => Array<ChapterPlan>(chapter.stable.length).fill(chapter));
  const pending: ApplicationPlan[] = Array.from({ length: PENDING_APPLICATIONS }, () => {
    const chapter = weighted[random.int(0, weighted.length - 1)];
    const count = Math.min([0, 1, 1, 2, 2, 3][random.int(0, 5)], chapter.stable.length);
    return { account: take(), chapter, recommenders: random.sample(chapter.stable, count) };
  });
  const rejected: ApplicationPlan[] = REJECTED_CHAPTERS.map((index, i) => ({
    account: take(),
    chapter: chapters[index],
    recommenders: i % 2 === 0 ? [chapters[index].founders[0]] : [],
  }));

  const partyOnly = takeMany(DEMO_SHAPE.partyOnlyMembers);
  const partyOnlyBatches = [
    { by: partyExecutives[0], accounts: partyOnly.slice(0, 3) },
    { by: partyExecutives[1], accounts: partyOnly.slice(3) },
  ];

  const evaluations: EvaluationPlan[] = Array.from({ length: EVALUATIONS }, (_, i) => {
    const chapter = chapters[i % chapters.length];
    // A party executive's vote would set the party-executive score instead of counting as a vote.
    const voters = chapter.stable.filter((member) => !isPartyExecutive(member));
    const chosen = random.sample(voters, random.int(1, Math.min(voters.length, 8)));
    const votes = chosen.map((voter) => ({ voter, score: random.int(-128, 127) }));
    return {
      id: BigInt(i + 1),
      chapter,
      digest: digestOf(`Evaluation ${i + 1} of the ${chapter.name} chapter (demo data)`),
      votes,
      revotes: i % 7 === 0 ? [{ voter: votes[0].voter, score: random.int(-128, 127) }] : [],
      partyExecutiveScore:
        i % 3 === 0
          ? { by: partyExecutives[(i / 3) % partyExecutives.length], score: random.int(-100, 100) }
          : undefined,
    };
  });

  const infos: InfoPlan[] = Array.from({ length: INFO_MESSAGES }, (_, i) => {
    const eventName = EVENT_NAMES[random.int(0, EVENT_NAMES.length - 1)];
    return { eventName, infoType: i % 4, digest: digestOf(`Info ${i + 1}: ${eventName} (demo data)`) };
  });

  if (nextAccount !== DEMO_ACCOUNT_COUNT) {
    throw new Error(`demo plan uses ${nextAccount} accounts, DEMO_ACCOUNT_COUNT says ${DEMO_ACCOUNT_COUNT}`);
  }
  const accounts = accountCache.slice(0, nextAccount);
  return {
    chapters,
    partyExecutives,
    joinerRecommendations,
    pending,
    rejected,
    partyOnlyBatches,
    evaluations,
    infos,
    accounts,
  };
}

// ------------------------------------------------------------------------------------------
// Sending
// ------------------------------------------------------------------------------------------

type Tx = { from: Account; data: Hex; gas: bigint; label: string };

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

function createSeedClients(rpcUrl: string) {
  const chain = localChain(rpcUrl);
  // Hundreds of sends and receipt polls per phase: batching turns them into a few HTTP requests,
  // small enough that parsing one response never stalls the event loop for long.
  const transport = http(rpcUrl, { batch: { batchSize: 64, wait: 0 }, retryCount: 0 });
  return {
    chain,
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport }),
    testClient: createTestClient({ chain, transport, mode: "anvil" }),
  };
}

type SeedClients = ReturnType<typeof createSeedClients>;

class PhaseRunner {
  private maxFeePerGas = parseGwei("100");

  constructor(
    private readonly clients: SeedClients,
    private readonly address: Address,
    private readonly automine: boolean,
  ) {}

  async init() {
    const block = await this.clients.publicClient.getBlock();
    // Generous, so that a rising base fee during the seed never strands a transaction.
    const floor = (block.baseFeePerGas ?? 0n) * 4n;
    if (floor > this.maxFeePerGas) this.maxFeePerGas = floor;
  }

  async run(name: string, txs: Tx[]): Promise<void> {
    if (txs.length === 0) return;
    const { publicClient, walletClient, chain } = this.clients;
    const senders = [...new Set(txs.map((tx) => tx.from))];
    const nonces = new Map<Account, number>(
      await Promise.all(
        senders.map(async (account) => [account, await publicClient.getTransactionCount(account)] as const),
      ),
    );
    const signed: Hex[] = [];
    for (const tx of txs) {
      const nonce = nonces.get(tx.from)!;
      nonces.set(tx.from, nonce + 1);
      signed.push(
        await tx.from.signTransaction({
          chainId: chain.id,
          type: "eip1559",
          to: this.address,
          data: tx.data,
          nonce,
          gas: tx.gas,
          maxFeePerGas: this.maxFeePerGas,
          maxPriorityFeePerGas: parseGwei("1"),
        }),
      );
      // Signing is synchronous work; slices keep signals and I/O flowing (see deriveDemoAccounts).
      if (signed.length % 16 === 0) await yieldToEventLoop();
    }
    const hashes = signed.map((serialized) => keccak256(serialized));
    await Promise.all(
      signed.map((serializedTransaction) => walletClient.sendRawTransaction({ serializedTransaction })),
    );
    const receipts = await this.waitForReceipts(hashes, name);
    const failed = receipts.findIndex((receipt) => receipt.status !== "success");
    if (failed >= 0) {
      const reason = await this.explainRevert(txs[failed], receipts[failed]);
      throw new Error(`demo seed phase "${name}": ${txs[failed].label} reverted${reason ? ` with ${reason}` : ""}`);
    }
  }

  private async waitForReceipts(hashes: Hex[], name: string): Promise<TransactionReceipt[]> {
    const { publicClient, testClient } = this.clients;
    const receipts = new Map<Hex, TransactionReceipt>();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const missing = hashes.filter((hash) => !receipts.has(hash));
      const found = await Promise.all(
        missing.map((hash) =>
          publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
            if (error instanceof TransactionReceiptNotFoundError) return undefined;
            throw error;
          }),
        ),
      );
      for (const receipt of found) if (receipt) receipts.set(receipt.transactionHash, receipt);
      if (receipts.size === hashes.length) return hashes.map((hash) => receipts.get(hash)!);
      if (Date.now() > deadline) {
        throw new Error(`demo seed phase "${name}": ${hashes.length - receipts.size} transactions were never mined`);
      }
      // With interval mining (a block time) nothing is mined until the next block; don't wait for it.
      if (!this.automine) await testClient.mine({ blocks: 1 });
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Replays a reverted transaction as a call on the state before its block, to name the error. */
  private async explainRevert(tx: Tx, receipt: TransactionReceipt): Promise<string | undefined> {
    try {
      await this.clients.publicClient.call({
        account: tx.from.address,
        to: this.address,
        data: tx.data,
        gas: tx.gas,
        blockNumber: receipt.blockNumber - 1n,
      });
    } catch (error) {
      const data = error instanceof BaseError ? findRevertData(error) : undefined;
      if (!data) return error instanceof Error ? error.message.split("\n")[0] : undefined;
      try {
        return decodeErrorResult({ abi: partyAbi, data }).errorName;
      } catch {
        return data;
      }
    }
    return undefined;
  }
}

function findRevertData(error: BaseError): Hex | undefined {
  const withData = error.walk((cause) => typeof (cause as { data?: unknown }).data === "string");
  const data = (withData as { data?: unknown } | null)?.data;
  return typeof data === "string" && data.startsWith("0x") ? (data as Hex) : undefined;
}

// ------------------------------------------------------------------------------------------
// Seeding
// ------------------------------------------------------------------------------------------

const DEMO_BALANCE = parseEther("10000");

/**
 * Seeds the demo data once. Returns { seeded: false } when it is already there; throws when the
 * chain holds only part of it, since topping up an unknown state cannot be made deterministic.
 */
export async function seedDemoData({ rpcUrl, address }: SeedDemoDataParameters): Promise<{ seeded: boolean }> {
  const clients = createSeedClients(rpcUrl);
  const { publicClient, testClient } = clients;
  if (!(await publicClient.getCode({ address }))) {
    throw new Error(`no party contract at ${address} on ${rpcUrl}: deploy it before seeding`);
  }

  const read = <const name extends "chapterCount" | "evaluationCount" | "infoCount">(functionName: name) =>
    publicClient.readContract({ address, abi: partyAbi, functionName });
  const [chapterCount, evaluationCount, infoCount] = await Promise.all([
    read("chapterCount"),
    read("evaluationCount"),
    read("infoCount"),
  ]);
  // Info messages are sent last, in a phase of their own, so all of them means all the rest too.
  const complete =
    chapterCount >= BigInt(DEMO_SHAPE.chapters) &&
    evaluationCount >= BigInt(DEMO_SHAPE.evaluations) &&
    infoCount >= BigInt(DEMO_SHAPE.infoMessages);
  if (complete) return { seeded: false };
  if (chapterCount > 0n || evaluationCount > 0n || infoCount > 0n) {
    throw new Error(
      `the party contract at ${address} holds only part of the demo data ` +
        `(${chapterCount} chapters, ${evaluationCount} evaluations, ${infoCount} info messages), ` +
        `probably from an interrupted seed. Stop the chain, delete .data/anvil and start again.`,
    );
  }

  const admin = anvilAccount(0);
  const roles = await Promise.all(
    (["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"] as const).map((functionName) =>
      publicClient.readContract({ address, abi: partyAbi, functionName }),
    ),
  );
  if (roles.some((holder) => holder.toLowerCase() !== admin.address.toLowerCase())) {
    throw new Error(`the demo seed needs ${admin.address} (anvil account 0) to hold every admin role of ${address}`);
  }

  await deriveDemoAccounts();
  const plan = buildDemoPlan();
  await Promise.all(
    plan.accounts.map((account) => testClient.setBalance({ address: account.address, value: DEMO_BALANCE })),
  );
  const runner = new PhaseRunner(clients, address, await testClient.getAutomine());
  await runner.init();
  for (const [name, txs] of phases(plan, admin)) await runner.run(name, txs());
  return { seeded: true };
}

/**
 * The transactions, grouped so that each phase depends only on the phases before it. Each phase is
 * encoded only when it is due, which keeps every stretch of synchronous work short.
 */
function phases(plan: DemoPlan, admin: Account): [string, () => Tx[]][] {
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

// ------------------------------------------------------------------------------------------
// Reading back
// ------------------------------------------------------------------------------------------

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

export const DEMO_CITIES: readonly string[] = CITIES.map(({ name }) => name);
