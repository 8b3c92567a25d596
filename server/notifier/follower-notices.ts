/**
 * What an activity row means to whom (issue 15): a notice per kind of recipient of an event. A
 * new application is news to its chapter's executives, a decision or a recommendation to the
 * applicant, a new evaluation to the chapter's members (their vote), an info message to everyone
 * who opted in, a role to the account that got it and to the one that lost it. Every other event
 * (votes, joins, chapters added...) tells nobody.
 */
import type pg from "pg";
import type { NotificationKind } from "../../app/utils/notification-kinds";
import { MESSAGES, roleMessage, type Say } from "./messages";

/** An activity row as the follower reads it (ids and numbers as text). */
export type ActivityRow = {
  id: string;
  sortKey: string;
  blockNumber: string;
  kind: string;
  actor: string | null;
  subject: string | null;
  chapterId: string | null;
  evaluationId: string | null;
  infoId?: string | null;
  /** The document titles, once stored (app.documents). */
  evaluationTitle?: string | null;
  infoTitle?: string | null;
};

/**
 * Who a notice goes to, resolved in SQL (./follower-recipients.ts): the chapter's active
 * executives, one account, the chapter's members, every linked account, or the applicants whose
 * applications a chapter's removal closed.
 */
export type Audience = "executives" | "account" | "members" | "everyone" | "closed-applicants";

export type Notice = {
  event: ActivityRow;
  kind: NotificationKind;
  audience: Audience;
  /** The account concerned (audience "account"), lower case. */
  account?: string | null;
  /** Its message, in a recipient's language. */
  text: Say;
};

/** Kinds whose bursts to one recipient about one chapter fold into one message (./follower-folds.ts). */
export const FOLDABLE: ReadonlySet<NotificationKind> = new Set(["application", "recommendation"]);

/** The folded message of a foldable kind. */
export const foldedText = (kind: NotificationKind): Say => (kind === "recommendation" ? MESSAGES.recommendation : MESSAGES.application);

type Simple = Omit<Notice, "event" | "account">;
const to = (audience: Audience, kind: NotificationKind, text: Notice["text"]): Simple => ({ audience, kind, text });

/** Events whose notices need nothing but the row. */
const SIMPLE: Readonly<Record<string, Simple>> = {
  Applied: to("executives", "application", MESSAGES.application),
  ApplicationApproved: to("account", "decision", MESSAGES.approved),
  ApplicationRejected: to("account", "decision", MESSAGES.rejected),
  Recommended: to("account", "recommendation", MESSAGES.recommendation),
  EvaluationMinted: to("members", "evaluation", MESSAGES.evaluation),
  InfoSent: to("everyone", "info", MESSAGES.info),
  ChapterRemoved: to("closed-applicants", "decision", MESSAGES.closed),
  ChapterExecutivePromoted: to("account", "role", MESSAGES.chapterExecutiveGiven),
  ChapterExecutiveDemoted: to("account", "role", MESSAGES.chapterExecutiveTaken),
  PartyExecutivePromoted: to("account", "role", MESSAGES.partyExecutiveGiven),
  PartyExecutiveDemoted: to("account", "role", MESSAGES.partyExecutiveTaken),
  PartyAdminProposed: to("account", "role", MESSAGES.partyAdminProposed),
};

const ROLE_HOLDER_SET = "RoleHolderSet:";
const CENTRAL_COMMITTEE = "CentralCommitteeMemberSet";

/** Whether the row can tell anyone anything (the follower skips the rest without a query). */
export const isNotable = (row: ActivityRow) => Object.hasOwn(SIMPLE, row.kind) || row.kind === CENTRAL_COMMITTEE || row.kind.startsWith(ROLE_HOLDER_SET);

/**
 * The notices of `rows` (notable ones, in order). A single-holder role or a chapter's central
 * committee seat that changes hands is also news to its previous holder: the subject of the last
 * earlier row of the same kind (and chapter). Such changes are rare, so one query each. `views` is
 * the read model's schema, escaped.
 */
export async function noticesOf(client: pg.PoolClient | pg.Client, views: string, rows: readonly ActivityRow[]): Promise<Notice[]> {
  const notices: Notice[] = [];
  for (const event of rows) {
    const simple = Object.hasOwn(SIMPLE, event.kind) ? SIMPLE[event.kind] : undefined;
    if (simple) {
      notices.push({ ...simple, event, account: event.subject });
      continue;
    }
    const role = event.kind.startsWith(ROLE_HOLDER_SET) ? event.kind.slice(ROLE_HOLDER_SET.length) : undefined;
    if (role === undefined && event.kind !== CENTRAL_COMMITTEE) continue;
    const given = role === undefined ? MESSAGES.centralCommitteeGiven : roleMessage(role, true);
    const taken = role === undefined ? MESSAGES.centralCommitteeTaken : roleMessage(role, false);
    const previous = await previousHolder(client, views, event);
    if (previous && previous !== event.subject) notices.push({ event, kind: "role", audience: "account", account: previous, text: taken });
    if (event.subject) notices.push({ event, kind: "role", audience: "account", account: event.subject, text: given });
  }
  return notices;
}

async function previousHolder(client: pg.PoolClient | pg.Client, views: string, event: ActivityRow): Promise<string | null> {
  const { rows } = await client.query<{ subject: string | null }>(
    `select subject from ${views}.activity
     where kind = $1 and chapter_id is not distinct from $2::numeric and sort_key < $3::numeric
     order by sort_key desc limit 1`,
    [event.kind, event.chapterId, event.sortKey],
  );
  return rows[0]?.subject ?? null;
}
