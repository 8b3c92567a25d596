/**
 * A member's page in one statement: the member row, roles, applications, recommendations given and
 * received, votes and activity, each a capped, index-backed sub-select.
 */
import { sql, type SQL } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import { activityColumns, DETAIL_LIST_CAP, type ActivityRow } from "./chapters.server";
import { evaluationTitle } from "./documents.server";
import { firstRowWithPending, pendingOperationsColumn, type PendingOperation } from "./pending-operations.server";
import { firstRow, views } from "../../db/query.server";
import type { MemberStatus } from "../ground/format";
import type { ViewerStanding } from "../ground/profile-visibility";
import { withNames, type Names } from "./names.server";

export type MemberDetail = {
  account: Address;
  chapterId: string | null;
  chapterLocation: string | null;
  status: MemberStatus;
  joinedBlock: string | null;
  joinedAt: string | null;
  partyMember: boolean;
  partyExecutive: boolean;
  executiveOf: string | null;
  centralCommitteeOf: string[];
  applications: {
    id: string;
    chapterId: string;
    status: "applied" | "approved" | "rejected";
    recommenders: Address[];
    appliedBlock: string;
    decidedBy: Address | null;
    decidedBlock: string | null;
  }[];
  recommendationsGiven: { account: Address; chapterId: string; block: string }[];
  recommendationsReceived: { by: Address; chapterId: string; block: string }[];
  votes: { evaluationId: string; title: string | null; score: number; block: string }[];
  activity: ActivityRow[];
  /** The single-holder roles it holds (partyAdmin, chapterAdmin, evaluationMinter, infoSender). */
  holds: string[];
};

export function getMember(account: Address) {
  return firstRow<MemberDetail>(memberStatement(account, sql``));
}

export type MemberPage = MemberDetail & {
  /** Operations on their way about this member (a decision, a recommendation) or sent by them. */
  pending: PendingOperation[];
  /** Their Telegram username, only when they chose to show it (set_telegram_visibility). */
  telegram: string | null;
  /** The names `viewer` may see of the account and of everyone the page shows. */
  names: Names;
  /** The chapters whose standing decides some of those names (withNames): the page tags them. */
  nameChapters: string[];
};

/**
 * The member page in one statement: getMember's row, the operations on their way, the Telegram
 * username they show, and the names the viewer may see (null: a stranger's).
 */
export function getMemberPage(account: Address, viewer: ViewerStanding | null = null) {
  return firstRowWithPending<MemberPage>(({ readModel }) =>
    withNames(
      memberStatement(
        account,
        sql`${pendingOperationsColumn({ account, sender: account }, { readModel })} as "pending",
        (select username from app.telegram_links where address = ${getAddress(account)} and visible) as "telegram",`,
      ),
      viewer,
    ),
  );
}

/**
 * The member row with its lists; `extra` adds columns (each ending in a comma). An account without
 * a member row has a page too when it holds a role or did something (the local admin who added
 * the chapters): its roles and its activity, as a non-member (issue 28 item 3).
 */
function memberStatement(account: Address, extra: SQL) {
  const a = account.toLowerCase();
  return sql`
    select ${extra} k.account, m.chapter_id::text as "chapterId",
      (select location_text from ${views}.chapters where id = m.chapter_id) as "chapterLocation",
      coalesce(m.status::text, 'none') as "status", m.joined_block::text as "joinedBlock", m.joined_at::text as "joinedAt",
      coalesce(m.party_member, false) as "partyMember", coalesce(m.party_executive, false) as "partyExecutive",
      m.executive_of::text as "executiveOf",
      (select coalesce(json_agg(role order by role), '[]') from ${views}.role_holders where holder = k.account) as "holds",
      (select coalesce(json_agg(id::text order by id), '[]') from ${views}.chapters
        where central_committee_member = k.account) as "centralCommitteeOf",
      (select coalesce(json_agg(x), '[]') from (
        select id, chapter_id::text as "chapterId", status, recommenders, applied_block::text as "appliedBlock",
          decided_by as "decidedBy", decided_block::text as "decidedBlock"
        from ${views}.applications a where a.account = k.account order by a.applied_block desc
        limit ${DETAIL_LIST_CAP}) x) as "applications",
      (select coalesce(json_agg(x), '[]') from (
        select account, chapter_id::text as "chapterId", block::text as "block"
        from ${views}.recommendations r where r.by = k.account order by r.block desc
        limit ${DETAIL_LIST_CAP}) x) as "recommendationsGiven",
      (select coalesce(json_agg(x), '[]') from (
        select by, chapter_id::text as "chapterId", block::text as "block"
        from ${views}.recommendations r where r.account = k.account order by r.block desc
        limit ${DETAIL_LIST_CAP}) x) as "recommendationsReceived",
      (select coalesce(json_agg(x), '[]') from (
        select evaluation_id::text as "evaluationId", ${evaluationTitle(sql.raw("v.evaluation_id"))} as "title", score, block::text as "block"
        from ${views}.votes v where v.voter = k.account order by v.block desc
        limit ${DETAIL_LIST_CAP}) x) as "votes",
      (select coalesce(json_agg(x order by x."sortKey"::numeric desc), '[]') from (
        select * from (
          (select ${activityColumns} from ${views}.activity where actor = k.account order by sort_key desc limit 20)
          union
          (select ${activityColumns} from ${views}.activity where subject = k.account order by sort_key desc limit 20)
        ) u order by u."sortKey"::numeric desc limit 20) x) as "activity"
    from (select ${a}::text as account) k
    left join ${views}.members m on m.account = k.account
    where m.account is not null
      or exists (select 1 from ${views}.role_holders where holder = k.account)
      or exists (select 1 from ${views}.activity where actor = k.account)`;
}
