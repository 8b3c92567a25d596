/**
 * The demo data planned up front: a pure function of a fixed PRNG seed and `demoAccount(i)`,
 * so every machine sends the same transactions.
 */
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { stringToHex, type Hex, type PrivateKeyAccount } from "viem";
import { toMapPosition } from "../../../app/map/projection.js";
import { demoAccount } from "../accounts.js";
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS, digestOfCid } from "./document-cids.js";
import { mulberry32 } from "../prng.js";
import {
  CITIES,
  DEMO_ACCOUNT_COUNT,
  DEMO_SHAPE,
  EVALUATIONS,
  EVENT_NAMES,
  EXECUTIVE_CHAPTERS,
  INFO_MESSAGES,
  LEAVERS,
  PARTY_EXECUTIVE_CHAPTERS,
  PENDING_APPLICATIONS,
  PRNG_SEED,
  REJECTED_CHAPTERS,
} from "./shape.js";

export type Account = PrivateKeyAccount;

export type ChapterPlan = {
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

/** Variety without Math.random: whole numbers and samples from a seeded mulberry32. */
function prng(seed: number) {
  const next = mulberry32(seed);
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

const accountCache: Account[] = [];
const cachedDemoAccount = (index: number) => (accountCache[index] ??= demoAccount(index));

/**
 * Deriving a key's address takes about a millisecond; done in slices so that a signal arriving
 * mid-seed is handled in time (tsx kills a child that does not acknowledge a signal within 60 ms).
 */
export async function deriveDemoAccounts(): Promise<void> {
  for (let i = 0; i < DEMO_ACCOUNT_COUNT; i++) {
    cachedDemoAccount(i);
    if (i % 16 === 15) await yieldToEventLoop();
  }
}

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
      // The city's place in the map's projection (decision 0014).
      ...toMapPosition({ lat: city.lat, lon: city.lon }),
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
      digest: digestOfCid(DEMO_EVALUATION_CIDS[i]!),
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
    return { eventName, infoType: i % 4, digest: digestOfCid(DEMO_INFO_CIDS[i]!) };
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
