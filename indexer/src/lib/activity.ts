/**
 * Every handler of the party contract keeps its counters up to date, writes one activity row and
 * records itself as the read model's last event (party_totals.last_event), so pages never
 * aggregate large tables, the state is rebuilt from logs alone and the web server knows when its
 * cached pages are stale.
 *
 * Handlers keep no state of their own: Ponder may run a block's handlers again after rolling the
 * block back (a retryable database error, a reorg), so everything they remember is in the store.
 */
import type { Context, Event } from "ponder:registry";
import { activity, partyTotals } from "ponder:schema";
import type { Address } from "viem";
import { eventId } from "./event";
import { recordUserOperations } from "./record-user-operations";

/**
 * One activity row per event, and the event as the read model's version (party_totals.last_event,
 * `<block hash>:<log index>`); also the once-per-transaction hook for its user operations. Every
 * handler calls it exactly once.
 */
export async function recordActivity(
  context: Context,
  event: Event,
  kind: string,
  fields: { actor?: Address | null; subject?: Address | null; chapterId?: bigint | null; evaluationId?: bigint | null; infoId?: bigint | null },
) {
  await recordUserOperations(context, event);
  await context.db.insert(activity).values({
    id: eventId(event),
    sortKey: (event.block.number << 20n) + BigInt(event.log.logIndex),
    blockNumber: event.block.number,
    blockHash: event.block.hash,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    kind,
    actor: fields.actor ?? null,
    subject: fields.subject ?? null,
    chapterId: fields.chapterId ?? null,
    evaluationId: fields.evaluationId ?? null,
    infoId: fields.infoId ?? null,
  });
  // An update of a row Ponder keeps in memory: its store flushes the row once per batch of events.
  await context.db.update(partyTotals, { id: 1 }).set({ lastEvent: `${event.block.hash}:${event.log.logIndex}` });
}
