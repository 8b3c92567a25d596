/**
 * What the synthetic read model's SQL steps share (scripts/lib/synthetic-read-model.ts): its
 * sizes, the block range of each phase, the log index of each event kind, and small SQL text
 * helpers. Block numbers are assigned per phase (chapters, memberships, executives, evaluations,
 * info, votes, departures, demotions, removals), and every event kind has its own log index, so
 * every event id `${block}-${logIndex}` is unique.
 */

/** The tables the synthetic load fills, by SQL name; the indexer's other tables stay empty. */
export const SYNTHETIC_TABLES = [
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
  "votes",
] as const;

/** party_totals.last_event of every synthetic read model: a fake block hash and log index. */
export const SYNTHETIC_LAST_EVENT = `0x${"5e".repeat(32)}:0`;
/** anvil's first account, the local party admin (abis/deployments.ts LOCAL_ADMIN), lower-case. */
export const PARTY_ADMIN = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const T0 = 1_700_000_000;

/** Log index per event kind: with per-kind unique blocks, every `${block}-${logIndex}` is unique. */
export const LOG = {
  ChapterAdded: 0,
  CentralCommitteeMemberSet: 1,
  Applied: 2,
  Recommended: 3,
  ApplicationDecided: 4,
  JoinedChapter: 5,
  JoinedParty: 6,
  LeftOrRemoved: 7,
  ChapterExecutivePromoted: 8,
  ChapterExecutiveDemoted: 9,
  PartyExecutivePromoted: 10,
  PartyExecutiveDemoted: 11,
  RoleHolderSet: 12,
  EvaluationMinted: 13,
  PartyExecutiveScoreSet: 14,
  InfoSent: 15,
  VoteCast: 16,
  ChapterRemoved: 17,
} as const;

/** How much of each there is, and the tables schema (quoted) the steps write into. */
export type Sizes = {
  /** The tables schema, quoted for SQL. */
  S: string;
  /** Chapters. */
  C: number;
  /** Accounts in the members table. */
  M: number;
  /** Evaluations. */
  E: number;
  /** Votes. */
  V: number;
  /** Info messages. */
  I: number;
  /** Party executives (rows of party_executives). */
  PX: number;
  /** The newest share of votes that also get a VoteCast activity row (0..1). */
  share: number;
};

/** Runs one SQL text on one connection and logs what it did. */
export type Step = (what: string, text: string) => Promise<void>;

/** The first block of each phase. */
export function blocks({ C, M, E, V, I, PX }: Sizes) {
  const B_CH = 100;
  const B_CC = B_CH + C + 100;
  const B_MEM = B_CC + C + 100;
  const B_EXEC = B_MEM + 10 * M + 100;
  const B_PX = B_EXEC + 5 * C + 100;
  const B_EVAL = B_PX + PX + 100;
  const B_INFO = B_EVAL + 4 * E + 100;
  const B_VOTE = B_INFO + 2 * I + 100;
  const B_LEAVE = B_VOTE + V + 100;
  const B_DEMOTE = B_LEAVE + M + 100;
  const B_CHREM = B_DEMOTE + C + PX + 100;
  return { B_CH, B_CC, B_MEM, B_EXEC, B_PX, B_EVAL, B_INFO, B_VOTE, B_LEAVE, B_DEMOTE, B_CHREM };
}

/** A block's timestamp: two seconds a block from T0. */
export const ts = (block: string) => `(${T0} + (${block}) * 2)`;
/** A SQL string literal. */
export const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** A SQL text[] of these strings. */
export const textArray = (values: string[]) => `array[${values.map(lit).join(", ")}]::text[]`;
/** The holder of a role, from t_role (people.ts). */
export const role = (name: string) => `(select holder from t_role where role = '${name}')`;
