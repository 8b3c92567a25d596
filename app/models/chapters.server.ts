/**
 * Chapter queries. Each function is one SQL statement backed by indexes (see
 * tests/app/models/explain.test.ts); related lists come back as JSON sub-selects so a page is one
 * round trip.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Address } from "viem";
import { firstRow, rows, views } from "../../db/query.server";
import { documentTitle, evaluationTitle, infoTitle } from "./documents.server";
import { firstRowWithPending, pendingOperationsColumn, type PendingOperation } from "./pending-operations.server";
import type { ViewerStanding } from "../ground/profile-visibility";
import { visibleNameSql, withNames, type Named, type Names } from "./names.server";

export const MAP_CAP = 5000;

export type ChapterPoint = {
  id: string;
  locationText: string | null;
  location: string;
  x: number;
  y: number;
  memberCount: number;
};

/** Every active chapter, for the map and the list (capped: the map is one SVG). */
export function listChapters() {
  return rows<ChapterPoint>(sql`
    select id::text as "id", location_text as "locationText", location, x, y, member_count as "memberCount"
    from ${views}.chapters c
    where c.removed_block is null
    order by c.id
    limit ${MAP_CAP}`);
}

export type ChapterMemberRow = { account: Address; joinedBlock: string; joinedAt: string; executive: boolean };

export type ChapterDetail = ChapterPoint & {
  executiveCount: number;
  pendingApplicationCount: number;
  evaluationCount: number;
  centralCommitteeMember: Address | null;
  addedBlock: string;
  addedAt: string;
  removedBlock: string | null;
  executives: { account: Address; promotedBlock: string; promotedBy: Address }[];
  pendingApplications: { id: string; account: Address; recommenders: Address[]; appliedBlock: string; appliedAt: string }[];
  evaluations: { id: string; cid: string; title: string | null; voteCount: number; scoreSum: number; partyExecutiveScore: number | null }[];
  activity: ActivityRow[];
  /** One page of members (getChapter's `members`), one more than asked when there is a next page. */
  members: ChapterMemberRow[];
  /** Operations on their way about this chapter or the pending applicants the page lists. */
  pending: PendingOperation[];
  /** The names the viewer may see of the accounts the page shows. */
  names: Names;
  /** The chapters whose standing decides some of those names (withNames): the page tags them. */
  nameChapters: string[];
};

export type ActivityRow = {
  id: string;
  sortKey: string;
  blockNumber: string;
  timestamp: string;
  txHash: string;
  kind: string;
  actor: Address | null;
  subject: Address | null;
  chapterId: string | null;
  evaluationId: string | null;
  /** The evaluation's document title, once stored. */
  evaluationTitle: string | null;
  /** InfoSent: the info message, and its document title once stored. */
  infoId: string | null;
  infoTitle: string | null;
};

/** The activity columns as JSON-safe text, for `json_agg`. */
export const activityColumns = sql`id, sort_key::text as "sortKey", block_number::text as "blockNumber",
  timestamp::text as "timestamp", tx_hash as "txHash", kind, actor, subject,
  chapter_id::text as "chapterId", evaluation_id::text as "evaluationId",
  ${evaluationTitle(sql.raw("evaluation_id"))} as "evaluationTitle",
  info_id::text as "infoId", ${infoTitle(sql.raw("info_id"))} as "infoTitle"`;

export const DETAIL_LIST_CAP = 50;

/**
 * The chapter page is an overview: the first pending applications, the latest evaluations and
 * the latest activity, each linking to its full list (the review queue, /evaluations?chapter=).
 * Short lists keep the page light: it is the heaviest page, and its size is what a cached page
 * costs to send (README, "Measured").
 */
export const CHAPTER_PAGE_PENDING = 20;
export const CHAPTER_PAGE_EVALUATIONS = 10;
export const CHAPTER_PAGE_ACTIVITY = 10;

/**
 * An application's log index within its block, from its id ("<block>-<log index>"): applications
 * of one block are in chain order by this number, not by the id as text ("7-10" < "7-9").
 */
const LOG_INDEX = sql.raw(`split_part(id, '-', 2)::bigint`);

/** The first pending applications of chapter `c.id`, in chain order: the chapter page's list. */
const pendingApplicationsOfChapter = (columns: SQL) => sql`
  select ${columns} from ${views}.applications where chapter_id = c.id and status = 'applied' order by applied_block, ${LOG_INDEX}
  limit ${CHAPTER_PAGE_PENDING}`;

/**
 * Current members of a chapter by address, after a cursor (pages) or all up to `limit`; with
 * `viewer`, each with the name it may see (`name`: the CSV, whose rows are not one page's).
 */
const chapterMembers = ({ chapterId, after, limit, viewer }: { chapterId: SQL; after?: Address; limit: number; viewer?: ViewerStanding | null }) => sql`
  select account, joined_block::text as "joinedBlock", joined_at::text as "joinedAt",
    coalesce(executive_of = chapter_id, false) as "executive"${viewer !== undefined ? sql`, ${visibleNameSql(sql`roster.account`, viewer)} as "name"` : sql``}
  from ${views}.members roster
  where chapter_id = ${chapterId} and status = 'member'
    and account > ${(after ?? "0x").toLowerCase()}
  order by account
  limit ${limit}`;

/**
 * The chapter page in one statement: the chapter with its executives, pending applications,
 * evaluations and recent activity, one page of its members (`members`: ordered by account, after
 * `after`, `limit` of them), the operations on their way about it or its listed applicants, and
 * the names `viewer` may see of every account it shows (null: a stranger's).
 */
export function getChapter({ id, after, limit, viewer = null }: { id: bigint; after?: Address; limit: number; viewer?: ViewerStanding | null }) {
  return firstRowWithPending<ChapterDetail>(({ readModel }) => withNames(sql`
    select c.id::text as "id", c.location_text as "locationText", c.location, c.x, c.y,
      c.member_count as "memberCount", c.executive_count as "executiveCount",
      c.pending_application_count as "pendingApplicationCount", c.evaluation_count as "evaluationCount",
      c.central_committee_member as "centralCommitteeMember", c.added_block::text as "addedBlock",
      c.added_at::text as "addedAt", c.removed_block::text as "removedBlock",
      (select coalesce(json_agg(e), '[]') from (
        select account, promoted_block::text as "promotedBlock", promoted_by as "promotedBy"
        from ${views}.chapter_executives where chapter_id = c.id and active order by account
        limit ${DETAIL_LIST_CAP}) e) as "executives",
      (select coalesce(json_agg(a), '[]') from (${pendingApplicationsOfChapter(
        sql`id, account, recommenders, applied_block::text as "appliedBlock", applied_at::text as "appliedAt"`,
      )}) a) as "pendingApplications",
      (select coalesce(json_agg(ev), '[]') from (
        select id::text as "id", cid, ${documentTitle(sql.raw("x.cid"), "evaluation")} as "title", vote_count as "voteCount", score_sum as "scoreSum",
          party_executive_score as "partyExecutiveScore"
        from ${views}.evaluations x where x.chapter_id = c.id order by x.id desc
        limit ${CHAPTER_PAGE_EVALUATIONS}) ev) as "evaluations",
      (select coalesce(json_agg(act), '[]') from (
        select ${activityColumns} from ${views}.activity where chapter_id = c.id order by sort_key desc
        limit ${CHAPTER_PAGE_ACTIVITY}) act) as "activity",
      (select coalesce(json_agg(m), '[]') from (${chapterMembers({ chapterId: sql`c.id`, after, limit })}) m) as "members",
      ${pendingOperationsColumn({ chapterId: id, accountsIn: sql`array(${pendingApplicationsOfChapter(sql`account`)})` }, { readModel })} as "pending"
    from ${views}.chapters c
    where c.id = ${id.toString()}`, viewer));
}

/** Current members of a chapter by address, up to `limit`, each with the name `viewer` may see (the CSV roster). */
export function getChapterMembers({ chapterId, limit, viewer }: { chapterId: bigint; limit: number; viewer: ViewerStanding | null }) {
  return rows<ChapterMemberRow & { name: string | null }>(chapterMembers({ chapterId: sql`${chapterId.toString()}`, limit, viewer }));
}

export type PendingApplication = ChapterDetail["pendingApplications"][number];

/** The review queue of one chapter: pending applications, oldest first, with recommenders. */
export function getApplicationQueue({
  chapterId,
  after,
  limit,
  viewer = null,
}: {
  chapterId: bigint;
  after?: { block: bigint; id: string };
  limit: number;
  /** Each row's `names`: the applicant's and recommenders' names this viewer may see. */
  viewer?: ViewerStanding | null;
}) {
  const afterLogIndex = after ? Number(after.id.split("-")[1]) : 0;
  const cursor = after ? sql`and (applied_block, ${LOG_INDEX}) > (${after.block.toString()}::numeric, ${afterLogIndex})` : sql``;
  return rows<PendingApplication & Named>(withNames(sql`
    select id, account, recommenders, applied_block::text as "appliedBlock", applied_at::text as "appliedAt"
    from ${views}.applications
    where chapter_id = ${chapterId.toString()} and status = 'applied' ${cursor}
    order by applied_block, ${LOG_INDEX}
    limit ${limit}`, viewer));
}

export function chapterExists(id: bigint) {
  return firstRow<{ id: string; locationText: string | null; location: string }>(sql`
    select id::text as "id", location_text as "locationText", location from ${views}.chapters where id = ${id.toString()}`);
}
