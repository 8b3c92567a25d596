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
};

export function getMember(account: Address) {
  return firstRow<MemberDetail>(memberStatement(account, sql``));
}

export type MemberPage = MemberDetail & {
  /** Operations on their way about this member (a decision, a recommendation) or sent by them. */
  pending: PendingOperation[];
  /** Their Telegram username, only when they chose to show it (set_telegram_visibility). */
  telegram: string | null;
};

/** The member page in one statement: getMember's row, the operations on their way, the Telegram username they show. */
export function getMemberPage(account: Address) {
  return firstRowWithPending<MemberPage>(({ readModel }) =>
    memberStatement(
      account,
      sql`${pendingOperationsColumn({ account, sender: account }, { readModel })} as "pending",
        (select username from app.telegram_links where address = ${getAddress(account)} and visible) as "telegram",`,
    ),
  );
}

/** The member row with its lists; `extra` adds columns (each ending in a comma). */
function memberStatement(account: Address, extra: SQL) {
  const a = account.toLowerCase();
  return sql`
    select ${extra} m.account, m.chapter_id::text as "chapterId",
      (select location_text from ${views}.chapters where id = m.chapter_id) as "chapterLocation",
      m.status, m.joined_block::text as "joinedBlock", m.joined_at::text as "joinedAt",
      m.party_member as "partyMember", m.party_executive as "partyExecutive", m.executive_of::text as "executiveOf",
      (select coalesce(json_agg(id::text order by id), '[]') from ${views}.chapters
        where central_committee_member = m.account) as "centralCommitteeOf",
      (select coalesce(json_agg(x), '[]') from (
        select id, chapter_id::text as "chapterId", status, recommenders, applied_block::text as "appliedBlock",
          decided_by as "decidedBy", decided_block::text as "decidedBlock"
        from ${views}.applications a where a.account = m.account order by a.applied_block desc
        limit ${DETAIL_LIST_CAP}) x) as "applications",
      (select coalesce(json_agg(x), '[]') from (
        select account, chapter_id::text as "chapterId", block::text as "block"
        from ${views}.recommendations r where r.by = m.account order by r.block desc
        limit ${DETAIL_LIST_CAP}) x) as "recommendationsGiven",
      (select coalesce(json_agg(x), '[]') from (
        select by, chapter_id::text as "chapterId", block::text as "block"
        from ${views}.recommendations r where r.account = m.account order by r.block desc
        limit ${DETAIL_LIST_CAP}) x) as "recommendationsReceived",
      (select coalesce(json_agg(x), '[]') from (
        select evaluation_id::text as "evaluationId", ${evaluationTitle(sql.raw("v.evaluation_id"))} as "title", score, block::text as "block"
        from ${views}.votes v where v.voter = m.account order by v.block desc
        limit ${DETAIL_LIST_CAP}) x) as "votes",
      (select coalesce(json_agg(x order by x."sortKey"::numeric desc), '[]') from (
        select * from (
          (select ${activityColumns} from ${views}.activity where actor = m.account order by sort_key desc limit 20)
          union
          (select ${activityColumns} from ${views}.activity where subject = m.account order by sort_key desc limit 20)
        ) u order by u."sortKey"::numeric desc limit 20) x) as "activity"
    from ${views}.members m
    where m.account = ${a}`;
}
