/**
 * For pages: the operations members signed that are still on their way into the read model, so a
 * row can say "approval pending" before the indexer has it (app.pending_operations, written by
 * app/services/operations/).
 */
import { sql, type SQL } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import { isMissingTable, rows, views } from "../../db/query.server";
import { pendingBadge } from "../calls";
import type { Message } from "../i18n/message";
import type { OperationRecord } from "../utils/operation-status";
import { toIso } from "../ground/format";

/** pendingOperationsFor ignores operations registered longer ago than this (never polled to an end). */
export const PENDING_WINDOW_MINUTES = 15;

export type PendingOperationsQuery = {
  chapterId?: bigint;
  evaluationId?: bigint;
  /** Operations about this account: subject.account, or one of subject.accounts. */
  account?: Address;
  /** The same for several accounts (e.g. every applicant shown on the review queue). */
  accounts?: readonly Address[];
  /**
   * The same for accounts a page's own statement selects: SQL for a text[] of lower-case
   * addresses, as the read model spells them (the chapter page's pending applicants). Matched
   * through app.subject_accounts (db/migrations/0013).
   */
  accountsIn?: SQL;
  /** Operations this account sent. */
  sender?: Address;
};

/** What a page needs to mark a row: the operation, what it is about, who sent it, where it is, and its badge ("approval pending"). */
export type PendingOperation = Pick<OperationRecord, "userOpHash" | "sender" | "operation" | "subject" | "status" | "createdAt"> & { badge: Message };

type PendingRow = Omit<PendingOperation, "createdAt" | "badge"> & { createdAt: Date | string };
const forPage = (row: PendingRow): PendingOperation => ({ ...row, createdAt: toIso(row.createdAt), badge: pendingBadge(row) });

/**
 * For pages: the operations still on their way into the read model that concern ANY of the given
 * chapter, evaluation, account(s) or sender, newest first (at most 100). One query, backed by the
 * partial GIN index on subject and the sender index (db/migrations/0003). "On their way" means
 * status signed or included, registered within the last PENDING_WINDOW_MINUTES (registration
 * proved each of them: app/services/operations/proof.server.ts), and not yet in the read model's
 * user_operations: once the indexer has it, the page's own read-model rows show
 * the change, so it is no longer pending there, whether or not anyone polled its status.
 * No criteria: an empty list and no query.
 *
 *   // review queue loader, next to the queue's own query:
 *   const pending = await pendingOperationsFor({ chapterId, accounts: queue.map((a) => a.account) });
 *   // row of applicant A: pending.find((op) => op.operation === "updateMemberApplicationForChapter" && op.subject.account === A)
 *
 * The browsing pages put the same query inside their one statement (pendingOperationsColumn).
 */
export async function pendingOperationsFor(criteria: PendingOperationsQuery): Promise<PendingOperation[]> {
  if (!pendingOperationsQuery(criteria)) return [];
  const found = await withoutMissingReadModel((readModel, missingTable) => rows<PendingRow>(pendingOperationsQuery(criteria, { readModel })!, { missingTable }));
  return found.map(forPage);
}

/**
 * Runs `read` with the read model's user_operations, and again without them when the views still
 * point at an indexer build that has none (nothing is indexed yet then).
 */
async function withoutMissingReadModel<T>(read: (readModel: boolean, missingTable: "throw" | "503") => Promise<T>): Promise<T> {
  try {
    return await read(true, "throw");
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    return read(false, "503");
  }
}

/** pendingOperationsFor's one query (exported for the EXPLAIN test); undefined without criteria. */
export function pendingOperationsQuery(criteria: PendingOperationsQuery, { readModel = true } = {}): SQL | undefined {
  const accounts = [...(criteria.account ? [criteria.account] : []), ...(criteria.accounts ?? [])].map((a) => getAddress(a));
  const conditions: SQL[] = [];
  if (criteria.chapterId !== undefined) conditions.push(sql`p.subject @> ${JSON.stringify({ chapterId: criteria.chapterId.toString() })}::jsonb`);
  if (criteria.evaluationId !== undefined) conditions.push(sql`p.subject @> ${JSON.stringify({ evaluationId: criteria.evaluationId.toString() })}::jsonb`);
  for (const account of new Set(accounts)) {
    conditions.push(sql`p.subject @> ${JSON.stringify({ account })}::jsonb`, sql`p.subject @> ${JSON.stringify({ accounts: [account] })}::jsonb`);
  }
  if (criteria.accountsIn) conditions.push(sql`app.subject_accounts(p.subject) && (${criteria.accountsIn})`);
  if (criteria.sender) conditions.push(sql`p.sender = ${getAddress(criteria.sender)}`);
  if (conditions.length === 0) return undefined;
  return sql`
    select p.user_op_hash as "userOpHash", p.sender, p.operation, p.subject, p.status, p.created_at as "createdAt"
    from app.pending_operations p
    where p.status in ('signed', 'included')
      and p.created_at > now() - make_interval(mins => ${PENDING_WINDOW_MINUTES})
      and (${sql.join(conditions, sql` or `)})
      ${readModel ? sql`and not exists (select 1 from ${views}.user_operations u where u.user_op_hash = p.user_op_hash)` : sql``}
    order by p.created_at desc
    limit 100`;
}

/**
 * pendingOperationsFor inside a page's own statement: a JSON sub-select (`... as "pending"`), so
 * the page is one round trip (each statement costs a page-cache miss ~8% of its CPU here). Read
 * with `firstRowWithPending`.
 */
export function pendingOperationsColumn(criteria: PendingOperationsQuery, { readModel }: { readModel: boolean }): SQL {
  const query = pendingOperationsQuery(criteria, { readModel });
  return query ? sql`(select coalesce(json_agg(po), '[]') from (${query}) po)` : sql`'[]'::json`;
}

/**
 * The one row of a page statement built by `statement` around `pendingOperationsColumn`, its
 * `pending` list in pendingOperationsFor's shape. As there, views of an indexer build without
 * user_operations are read again without that check.
 */
export async function firstRowWithPending<T extends { pending: PendingOperation[] }>(statement: (options: { readModel: boolean }) => SQL): Promise<T | undefined> {
  const [row] = await withoutMissingReadModel((readModel, missingTable) => rows<T>(statement({ readModel }), { missingTable, prepared: true }));
  return row && { ...row, pending: row.pending.map(forPage) };
}
