/**
 * An application's statement (issue 28 item 1; docs/decisions/0015): what the applicant says
 * with it and how to reach it, in app.application_statements (db/migrations/0020). Written before
 * the application is signed, so a row names no application: it belongs to the account's first
 * application to its chapter after `after_application`, the latest one when it was written.
 * Until that comes it is a draft, which only its author sees; it is shown to the chapter's
 * executives and the party's while the application waits, and for STATEMENT_KEPT_DAYS after the
 * decision; then, or a day after a draft was written, pruneStatements deletes it.
 */
import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, views } from "../../db/query.server";
import type { ViewerFacts } from "../ground/audience";
import { DRAFT_KEPT_HOURS, STATEMENT_KEPT_DAYS } from "../utils/application-statement";

export type StatementText = { statement: string | null; contact: string | null };

/** The account's latest application to the row's chapter, beside the row `s`. */
const latestApplication = sql`left join lateral (
    select id, status::text as status, decided_at from ${views}.applications
    where account = s.account and chapter_id = s.chapter_id order by applied_block desc, id desc limit 1) a on true`;
/** The row belongs to `a`: an application that came after it was written. */
const attached = sql`a.id is distinct from s.after_application`;
/** A decided application's statement is kept until then. */
const keptUntil = sql`to_timestamp(a.decided_at::double precision) + make_interval(days => ${STATEMENT_KEPT_DAYS})`;
/** A moment as the day (UTC) a page shows. */
const day = (at: SQL) => sql`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD')`;

/** The chapter of the account's application waiting for a decision, or null. */
export async function pendingApplicationChapter(account: string): Promise<string | null> {
  const row = await firstRow<{ chapterId: string }>(sql`
    select a.chapter_id::text as "chapterId" from ${views}.members m join ${views}.applications a on a.id = m.pending_application_id
    where m.account = ${account.toLowerCase()}`);
  return row?.chapterId ?? null;
}

/** Saves the account's statement for its next application to `chapterId` (replacing one it wrote before). */
export async function saveStatement(account: string, chapterId: string, { statement, contact }: StatementText): Promise<void> {
  const a = account.toLowerCase();
  await rows(sql`
    insert into app.application_statements (account, chapter_id, statement, contact, after_application)
    values (${a}, ${chapterId}, ${statement}, ${contact}, (select id from ${views}.applications
      where account = ${a} and chapter_id = ${chapterId} order by applied_block desc, id desc limit 1))
    on conflict (account, chapter_id) do update set statement = excluded.statement, contact = excluded.contact,
      after_application = excluded.after_application, written_at = now()`);
}

/** Deletes the account's statement to `chapterId`; whether there was one. */
export async function deleteStatement(account: string, chapterId: string): Promise<boolean> {
  const deleted = await rows(sql`delete from app.application_statements where account = ${account.toLowerCase()} and chapter_id = ${chapterId} returning 1`);
  return deleted.length > 0;
}

export type OwnStatement = StatementText & {
  chapterId: string;
  /** draft: no application yet (deleted after DRAFT_KEPT_HOURS); applied: waiting; approved/rejected: decided. */
  state: "draft" | "applied" | "approved" | "rejected";
  /** The day (UTC) it is deleted (a draft, a decided application's), or null while its application waits. */
  deletedAfter: string | null;
};

/** The account's own statements, drafts too (/me, the apply form). */
export function ownStatements(account: string): Promise<OwnStatement[]> {
  return rows<OwnStatement>(sql`
    select s.chapter_id::text as "chapterId", s.statement, s.contact,
      case when ${attached} then a.status else 'draft' end as "state",
      case when not (${attached}) then ${day(sql`s.written_at + make_interval(hours => ${DRAFT_KEPT_HOURS})`)}
        when a.status <> 'applied' then ${day(keptUntil)} end as "deletedAfter"
    from app.application_statements s ${latestApplication}
    where s.account = ${account.toLowerCase()} order by s.written_at desc`);
}

/** Who may read the statements of applications to `chapterId`: its executives and the party's. */
export const readsStatementsOf = (viewer: Pick<ViewerFacts, "partyExecutive" | "executiveOf"> | null, chapterId: string) =>
  !!viewer && (viewer.partyExecutive || viewer.executiveOf === chapterId);

/** The statements of the applications waiting in `chapterId` of `accounts`, by account (the review queue). */
export async function queueStatements(chapterId: string, accounts: readonly string[]): Promise<Record<string, StatementText>> {
  if (accounts.length === 0) return {};
  const found = await rows<StatementText & { account: string }>(sql`
    select s.account, s.statement, s.contact from app.application_statements s
    join ${views}.members m on m.account = s.account
    join ${views}.applications a on a.id = m.pending_application_id and a.chapter_id = s.chapter_id
    where s.chapter_id = ${chapterId} and s.account = any(${sql.param(accounts.map((x) => x.toLowerCase()))}::text[]) and ${attached}`);
  return Object.fromEntries(found.map(({ account, ...text }) => [account, text]));
}

/** `keptUntil`: the day (UTC) it is deleted, once its application is decided. */
export type ShownStatement = StatementText & { chapterId: string; applicationId: string; keptUntil: string | null };

/**
 * `account`'s statements on its member page: those `viewer` may read (the account itself, the
 * executives of the chapter applied to, party executives), and the chapters of all of them, which
 * the page's tags name whoever asks: a render shared by viewers of one kind (server/viewer-pages.ts)
 * shows a statement to a chapter's executives only when the page says it shows that chapter.
 */
export async function memberPageStatements(
  account: string,
  viewer: (Pick<ViewerFacts, "partyExecutive" | "executiveOf"> & { address: string }) | null,
): Promise<{ shown: ShownStatement[]; chapters: string[] }> {
  const self = viewer?.address.toLowerCase() === account.toLowerCase();
  const found = await rows<ShownStatement>(sql`
    select s.chapter_id::text as "chapterId", s.statement, s.contact, a.id as "applicationId",
      case when a.status <> 'applied' then ${day(keptUntil)} end as "keptUntil"
    from app.application_statements s ${latestApplication}
    where s.account = ${account.toLowerCase()} and a.id is not null and ${attached}
      and (a.status = 'applied' or ${keptUntil} > now())`);
  return { shown: found.filter((s) => self || readsStatementsOf(viewer, s.chapterId)), chapters: found.map((s) => s.chapterId) };
}

/** At most this many statements deleted per run. */
export const PRUNE_BATCH = 100;

/**
 * Deletes the statements past their time: a draft DRAFT_KEPT_HOURS after it was written, one of
 * a decided application STATEMENT_KEPT_DAYS after the decision. Runs after each save and with the
 * commands' housekeeping (app/services/commands.server.ts); how many went.
 */
export async function pruneStatements(): Promise<number> {
  const deleted = await rows(sql`
    delete from app.application_statements where (account, chapter_id) in (
      select s.account, s.chapter_id from app.application_statements s ${latestApplication}
      where (not (${attached}) and s.written_at < now() - make_interval(hours => ${DRAFT_KEPT_HOURS}))
        or (${attached} and a.status <> 'applied' and ${keptUntil} < now())
      limit ${PRUNE_BATCH})
    returning 1`);
  return deleted.length;
}
