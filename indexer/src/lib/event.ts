/**
 * What every handler knows of the event it handles: its id in the read model, and how it reports
 * an event the read model cannot place (a role number the ABI does not name, a recommendation
 * without a pending application, as a later contract version might emit): logged with where it
 * is, then recorded as it came, never a crash.
 */
import type { Context, Event } from "ponder:registry";

export type Db = Context["db"];

/** `<block number>-<log index>`: the id of the rows one event writes. */
export function eventId(event: Event): string {
  return `${event.block.number}-${event.log.logIndex}`;
}

/** An event the read model cannot place: logged with where it is, then recorded as it came. */
export function warn(event: Event, message: string) {
  console.warn(`[party indexer] block ${event.block.number} log ${event.log.logIndex}: ${message}`);
}
