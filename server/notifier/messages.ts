/**
 * Every text the notifier sends, in one place. English only: a message is made once for every
 * recipient, before anyone's language is known to the notifier (the app's languages live in the
 * browser's cookie), and Telegram shows it as it is. Each is one short sentence that names the
 * chapter by its location, as the pages do, and ends with the link to the page where the member
 * acts.
 */
import { chapterLabel } from "../../app/utils/format";

/** What a message may mention about its event. */
export type MessageFacts = {
  /** The app's public origin (APP_ORIGIN), without a trailing slash. */
  origin: string;
  chapter?: { id: string; locationText: string | null };
  evaluationId?: string | null;
  /** Events folded into this message (1 for one event). */
  count?: number;
};

const chapterName = (facts: MessageFacts) => (facts.chapter ? chapterLabel(facts.chapter) : "your chapter");
const chapterPath = (facts: MessageFacts) => (facts.chapter ? `/chapters/${facts.chapter.id}` : "/me");
const plural = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

/** The message of a notice (an activity row's meaning for one kind of recipient), with its link. */
export const MESSAGES = {
  application: (f: MessageFacts) =>
    `${plural(f.count ?? 1, "A new application", "new applications")} to ${chapterName(f)}: ${f.origin}${chapterPath(f)}/applications`,
  approved: (f: MessageFacts) => `Your application to ${chapterName(f)} was approved: you are a member. ${f.origin}${chapterPath(f)}`,
  rejected: (f: MessageFacts) => `Your application to ${chapterName(f)} was not approved. ${f.origin}/me`,
  closed: (f: MessageFacts) => `Your application to ${chapterName(f)} was closed: the chapter was removed. ${f.origin}/`,
  recommendation: (f: MessageFacts) =>
    `Your application to ${chapterName(f)} got ${plural(f.count ?? 1, "a recommendation", "recommendations")}: ${f.origin}/me`,
  evaluation: (f: MessageFacts) => `A new evaluation of ${chapterName(f)} awaits your vote: ${f.origin}/evaluations/${f.evaluationId}`,
  info: (f: MessageFacts) => `A new info message from the party: ${f.origin}/info`,
  chapterExecutiveGiven: (f: MessageFacts) => `You are now an executive of ${chapterName(f)}: ${f.origin}${chapterPath(f)}`,
  chapterExecutiveTaken: (f: MessageFacts) => `You are no longer an executive of ${chapterName(f)}: ${f.origin}${chapterPath(f)}`,
  partyExecutiveGiven: (f: MessageFacts) => `You are now a party executive: ${f.origin}/party`,
  partyExecutiveTaken: (f: MessageFacts) => `You are no longer a party executive: ${f.origin}/party`,
  centralCommitteeGiven: (f: MessageFacts) => `You are now the central committee member of ${chapterName(f)}: ${f.origin}${chapterPath(f)}`,
  centralCommitteeTaken: (f: MessageFacts) => `You are no longer the central committee member of ${chapterName(f)}: ${f.origin}${chapterPath(f)}`,
  partyAdminProposed: (f: MessageFacts) => `You are proposed as the next party admin: accept it on ${f.origin}/party`,
} satisfies Record<string, (facts: MessageFacts) => string>;

export type MessageName = keyof typeof MESSAGES;

/** The single-holder roles (RoleHolderSet:<role>) in the messages' words; the pages' labels are translated. */
const ROLE_WORDS: Readonly<Record<string, string>> = {
  partyAdmin: "party admin",
  chapterAdmin: "chapter admin",
  evaluationMinter: "evaluation minter",
  infoSender: "info sender",
};

/** A single-holder role given to or taken from the member. */
export function roleMessage(role: string, given: boolean, { origin }: MessageFacts): string {
  const label = Object.hasOwn(ROLE_WORDS, role) ? ROLE_WORDS[role] : `holder of role ${role}`;
  return `${given ? "You are now" : "You are no longer"} the party's ${label}: ${origin}/party`;
}
