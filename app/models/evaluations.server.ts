/** Evaluation queries: the list, one evaluation with its histogram, and its voters. */
import { sql, type SQL } from "drizzle-orm";
import type { Address } from "viem";
import { firstRow, rows, views } from "../../db/query.server";
import type { Scale } from "../documents/document";
import type { Message } from "../i18n/message";
import { documentFetch } from "./documents.server";
import { firstRowWithPending, pendingOperationsColumn, type PendingOperation } from "./pending-operations.server";
import type { ViewerStanding } from "../ground/profile-visibility";
import { visibleNameSql, withNames, type Names } from "./names.server";

export type EvaluationSummary = {
  id: string;
  /** The document's title and language once its content is verified and stored (app.documents); null until then. */
  title: string | null;
  language: string | null;
  chapterId: string;
  chapterLocation: string | null;
  cid: string;
  voteCount: number;
  scoreSum: number;
  partyExecutiveScore: number | null;
  block: string;
  timestamp: string;
};

const summaryColumns = sql.raw(`e.id::text as "id", d.title, d.language, e.chapter_id::text as "chapterId",
  c.location_text as "chapterLocation", e.cid, e.vote_count as "voteCount", e.score_sum as "scoreSum",
  e.party_executive_score as "partyExecutiveScore", e.block::text as "block", e.timestamp::text as "timestamp"`);

/** Evaluations with their chapter and, once stored, their document (app.documents, by CID). */
const evaluationsFrom = sql`${views}.evaluations e left join ${views}.chapters c on c.id = e.chapter_id
  left join app.documents d on d.cid = e.cid and d.kind = 'evaluation'`;

/** Newest first; `before` is the last id of the previous page. */
export function listEvaluations({ chapterId, before, limit }: { chapterId?: bigint; before?: bigint; limit: number }) {
  const conditions = [
    ...(chapterId === undefined ? [] : [sql`e.chapter_id = ${chapterId.toString()}`]),
    ...(before === undefined ? [] : [sql`e.id < ${before.toString()}`]),
  ];
  return rows<EvaluationSummary>(sql`
    select ${summaryColumns}
    from ${evaluationsFrom}
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    order by e.id desc
    limit ${limit}`);
}

/** Why an evaluation's document is not shown yet: the fetcher's state for its CID (app.document_fetches). */
export type DocumentFetch = { status: "waiting" | "stored" | "refused"; attempts: number; lastError: Message | null };

export type EvaluationDetail = EvaluationSummary & {
  body: string | null;
  scale: Scale | null;
  /** Null when the fetcher has not seen the CID yet. */
  fetch: DocumentFetch | null;
  hashCode: number;
  hashSize: number;
  hashDigest: string;
  partyExecutiveScoredBy: Address | null;
  mintedBy: Address;
  /** Vote counts per score, only the scores that occur. */
  scores: { score: number; count: number }[];
};

export function getEvaluation(id: bigint) {
  return firstRow<EvaluationDetail>(evaluationStatement(id, sql``));
}

export type VoteRow = { voter: Address; score: number; block: string };

export type EvaluationPage = EvaluationDetail & {
  /** One page of voters (ordered by address, after `after`), one more than asked when there is a next page. */
  votes: VoteRow[];
  /** Operations on their way about this evaluation (votes). */
  pending: PendingOperation[];
  /** The names the viewer may see of the accounts the page shows. */
  names: Names;
  /** The chapters whose standing decides some of those names (withNames): the page tags them. */
  nameChapters: string[];
};

/**
 * The evaluation page in one statement: the evaluation with its histogram, a page of its voters,
 * the votes on their way, and the names `viewer` may see (null: a stranger's).
 */
export function getEvaluationPage({ id, after, limit, viewer = null }: { id: bigint; after?: Address; limit: number; viewer?: ViewerStanding | null }) {
  return firstRowWithPending<EvaluationPage>(({ readModel }) =>
    withNames(
      evaluationStatement(
        id,
        sql`(select coalesce(json_agg(v), '[]') from (${votesOf({ evaluationId: sql`e.id`, after, limit })}) v) as "votes",
        ${pendingOperationsColumn({ evaluationId: id }, { readModel })} as "pending",`,
      ),
      viewer,
    ),
  );
}

/** The evaluation row with its histogram; `extra` adds columns (each ending in a comma). */
function evaluationStatement(id: bigint, extra: SQL) {
  return sql`
    select ${extra} ${summaryColumns}, d.body, d.scale, ${documentFetch(sql`e.cid`, "evaluation")} as "fetch",
      e.hash_code as "hashCode", e.hash_size as "hashSize", e.hash_digest as "hashDigest",
      e.party_executive_scored_by as "partyExecutiveScoredBy", e.minted_by as "mintedBy",
      (select coalesce(json_agg(h order by h.score), '[]') from (
        select score, count(*)::int as count from ${views}.votes where evaluation_id = e.id group by score) h) as "scores"
    from ${evaluationsFrom}
    where e.id = ${id.toString()}`;
}

/** Voters ordered by address; `after` is the last voter of the previous page; `name`, the voter's name `viewer` may see (the CSV). */
const votesOf = ({ evaluationId, after, limit, viewer }: { evaluationId: SQL; after?: Address; limit: number; viewer?: ViewerStanding | null }) => sql`
  select voter, score, block::text as "block"${viewer !== undefined ? sql`, ${visibleNameSql(sql`vote.voter`, viewer)} as "name"` : sql``}
  from ${views}.votes vote
  where evaluation_id = ${evaluationId} and voter > ${(after ?? "0x").toLowerCase()}
  order by voter
  limit ${limit}`;

/** An evaluation's voters ordered by address, up to `limit`, each with the name `viewer` may see (the CSV of votes). */
export function getEvaluationVotes({ evaluationId, limit, viewer }: { evaluationId: bigint; limit: number; viewer: ViewerStanding | null }) {
  return rows<VoteRow & { name: string | null }>(votesOf({ evaluationId: sql`${evaluationId.toString()}`, limit, viewer }));
}

/**
 * The chapter's evaluations `voter` has not voted on yet, newest first (a member's own page):
 * along the chapter's (chapter_id, id) index, each checked against the votes' primary key.
 */
export function listEvaluationsAwaitingVote({ chapterId, voter, limit }: { chapterId: string; voter: Address; limit: number }) {
  return rows<EvaluationSummary>(sql`
    select ${summaryColumns}
    from ${evaluationsFrom}
    where e.chapter_id = ${chapterId}
      and not exists (select 1 from ${views}.votes v where v.evaluation_id = e.id and v.voter = ${voter.toLowerCase()})
    order by e.id desc
    limit ${limit}`);
}
