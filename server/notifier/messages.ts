/**
 * Every text the notifier sends, in the language the member uses the app in: the `notify` group of
 * app/locales/{en,de,ar}/notify.ts, said with that language's `t`. The language is the one the
 * member last saved their notification settings or linked Telegram in
 * (app.notification_settings.language); none, or one the app no longer has, is English. Each is one
 * short sentence that names the chapter by its location, as the pages do, and ends with the link
 * to the page where the member acts.
 *
 * The follower makes a notice's text once per language (`textsOnce`), not once per recipient: a
 * new evaluation to 10,000 members is a few texts.
 */
import type { TFunction } from "i18next";
// Every language's messages, registered where the app registers them.
import "../../app/i18n/i18n.server";
import { tFor } from "../../app/i18n/instance";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../app/i18n/language";
import { chapterLabel, evaluationLabel, infoLabel } from "../../app/ground/format";

/** What a message may mention about its event. */
export type MessageFacts = {
  /** The app's public origin (APP_ORIGIN), without a trailing slash. */
  origin: string;
  chapter?: { id: string; locationText: string | null };
  evaluationId?: string | null;
  infoId?: string | null;
  /** The evaluation's or info message's document title, once stored. */
  title?: string | null;
  /** Events folded into this message (1 for one event). */
  count?: number;
};

/** A message in the language of `t`. */
export type Say = (t: TFunction, facts: MessageFacts) => string;

const chapterName = (t: TFunction, facts: MessageFacts) => (facts.chapter ? chapterLabel(facts.chapter, t) : t("notify.yourChapter"));
const chapterPath = (facts: MessageFacts) => (facts.chapter ? `/chapters/${facts.chapter.id}` : "/me");

/** The message `notify.<key>`, its link the origin and `path`; `counted` ones have plural forms by the facts' count. */
function say(key: string, path: (facts: MessageFacts) => string, { counted = false, chapter = true } = {}): Say {
  return (t, facts) =>
    t(`notify.${key}`, {
      ...(chapter ? { chapter: chapterName(t, facts) } : {}),
      ...(counted ? { count: facts.count ?? 1 } : {}),
      link: `${facts.origin}${path(facts)}`,
    });
}
const at = (path: string) => () => path;
const noChapter = { chapter: false };

/** The message of a notice (an activity row's meaning for one kind of recipient), with its link. */
export const MESSAGES = {
  application: say("application", (f) => `${chapterPath(f)}/applications`, { counted: true }),
  approved: say("approved", chapterPath),
  rejected: say("rejected", at("/me")),
  closed: say("closed", at("/")),
  recommendation: say("recommendation", at("/me"), { counted: true }),
  evaluation: (t, facts) =>
    t("notify.evaluation", {
      chapter: chapterName(t, facts),
      name: evaluationLabel({ id: facts.evaluationId ?? "?", title: facts.title }, t),
      link: `${facts.origin}/evaluations/${facts.evaluationId}`,
    }),
  info: (t, facts) =>
    t("notify.info", {
      name: infoLabel({ id: facts.infoId ?? "?", title: facts.title }, t),
      link: `${facts.origin}${facts.infoId ? `/info/${facts.infoId}` : "/info"}`,
    }),
  chapterExecutiveGiven: say("chapterExecutiveGiven", chapterPath),
  chapterExecutiveTaken: say("chapterExecutiveTaken", chapterPath),
  partyExecutiveGiven: say("partyExecutiveGiven", at("/party"), noChapter),
  partyExecutiveTaken: say("partyExecutiveTaken", at("/party"), noChapter),
  centralCommitteeGiven: say("centralCommitteeGiven", chapterPath),
  centralCommitteeTaken: say("centralCommitteeTaken", chapterPath),
  partyAdminProposed: say("partyAdminProposed", at("/party"), noChapter),
} satisfies Record<string, Say>;

export type MessageName = keyof typeof MESSAGES;

/** The single-holder roles (RoleHolderSet:<role>) the messages name (notify.role.*); another is "holder of role <name>". */
const ROLES: ReadonlySet<string> = new Set(["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"]);

/** A single-holder role given to or taken from the member. */
export const roleMessage =
  (role: string, given: boolean): Say =>
  (t, { origin }) =>
    t(given ? "notify.roleGiven" : "notify.roleTaken", {
      role: ROLES.has(role) ? t(`notify.role.${role}`) : t("notify.role.other", { role }),
      link: `${origin}/party`,
    });

/** The language a member's messages are in: theirs when the app has it, else English. */
const messageLanguage = (language: string | null | undefined): Language => (isLanguage(language) ? language : DEFAULT_LANGUAGE);

/**
 * Makes each text once per message and language: `text(id, language, say)` says `say` in
 * `language` the first time `id` (what the text depends on besides the language) is asked in it,
 * and gives the same text after.
 */
export function textsOnce(): (id: string, language: string | null | undefined, say: (t: TFunction) => string) => string {
  const texts = new Map<string, string>();
  return (id, language, say) => {
    const wanted = messageLanguage(language);
    const key = `${wanted}:${id}`;
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = say(tFor(wanted))));
    return text;
  };
}
