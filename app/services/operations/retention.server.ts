/**
 * Keeping app.pending_operations bounded: records are deleted once they are older than
 * OPERATION_RETENTION_DAYS. By then every operation has long ended (final, failed, or dropped
 * after DROP_AFTER_MS), and no page shows it (pages show an operation for PENDING_WINDOW_MINUTES
 * after registration); one that nobody followed to its end goes too, as it would otherwise stay
 * forever. Registration runs the delete after each new record, PRUNE_BATCH rows at most, along
 * the created_at index (db/migrations/0006): expired rows go far faster than new ones arrive,
 * and a table with nothing to delete costs one index probe. Migration 0006's delete trigger
 * leaves the page cache alone for rows this old.
 */
import { sql } from "drizzle-orm";
import { rows } from "../../../db/query.server";

/** How long a record stays readable (GET /api/operations/:hash) after registration: a week. */
export const OPERATION_RETENTION_DAYS = 7;
/** At most this many records deleted per registration. */
export const PRUNE_BATCH = 100;

/** Deletes up to PRUNE_BATCH records older than the retention window; how many went. */
export async function pruneOperations(): Promise<number> {
  const deleted = await rows<{ userOpHash: string }>(sql`
    delete from app.pending_operations
    where user_op_hash in (
      select user_op_hash from app.pending_operations
      where created_at < now() - make_interval(days => ${OPERATION_RETENTION_DAYS})
      order by created_at
      limit ${PRUNE_BATCH}
    )
    returning user_op_hash as "userOpHash"`);
  return deleted.length;
}
