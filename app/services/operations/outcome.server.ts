/**
 * The analytics event of a registered operation, sent once, when it ends its way into the read
 * model: indexed (or final at once), or failed. advance.server.ts calls `trackOutcome` only with
 * the row its own UPDATE returned, and only for the one transition that leaves signed/included:
 * the UPDATE is conditional on the status it read, so of any number of concurrent pollers exactly
 * one request makes that move and sends the event. An operation replaced by another (register's
 * `replaces`) sends none: the replacement, the same click, sends it.
 *
 * Event names are the operations' own (`event` in app/calls/index.ts): the four member steps that
 * were declared first keep theirs ("applied", "recommended", "approved" — a rejection is
 * `approved: false` — and "voted"), so a funnel reads them by name as before; every other
 * operation (the roles' admin work, leaving, minting) sends "operation ended", one event rather
 * than twenty-odd new names that would each need declaring and a dashboard to find. Every event
 * carries `operation` (the registry name), `outcome` and `durationMs`, so one query can also count
 * them all alike.
 */
import { isOperationName, operations } from "../../calls";
import { STATUS_RANK, type OperationStatus } from "../../ground/operation-statuses";
import type { AnalyticsEvent } from "../../ground/analytics-events";
import { track, type AnalyticsProperties } from "../../utils/analytics.server";
import type { Row } from "./records.server";

/** The browser's click time is trusted this far ahead of the server's clock (clock skew). */
export const CLICK_SKEW_MS = 5_000;
/** ...and this far back: a longer wait for the passkey is not the app's latency. */
export const CLICK_MAX_AGE_MS = 10 * 60_000;

/** When the member clicked: the browser's `clickedAt` (ms epoch) when plausible, else the registration time. */
export function clickTime(clickedAt: number | undefined, registeredAt: number): Date {
  const plausible = clickedAt !== undefined && clickedAt <= registeredAt + CLICK_SKEW_MS && clickedAt >= registeredAt - CLICK_MAX_AGE_MS;
  return new Date(plausible ? clickedAt : registeredAt);
}

/** Whether a move from `from` to `to` is the operation's end for analytics (reached indexed, final or failed). */
export function endsOperation(from: OperationStatus, to: OperationStatus): boolean {
  return STATUS_RANK[from] < STATUS_RANK.indexed && STATUS_RANK[to] >= STATUS_RANK.indexed;
}

/** The event and its properties for an operation that ended with `row` (no address: only names, ids, numbers). */
export function outcomeEvent(row: Row, endedAt: number): { event: AnalyticsEvent; properties: AnalyticsProperties } {
  const { chapterId, evaluationId, approved, accounts } = row.subject;
  const clicked = new Date(row.clickedAt ?? row.createdAt).getTime();
  const properties: AnalyticsProperties = {
    operation: row.operation,
    outcome: row.status === "failed" ? "failed" : "indexed",
    durationMs: Math.max(0, endedAt - clicked),
    ...(chapterId === undefined ? {} : { chapterId }),
    ...(evaluationId === undefined ? {} : { evaluationId }),
    ...(approved === undefined ? {} : { approved }),
    ...(accounts === undefined ? {} : { count: accounts.length }),
  };
  const event = (isOperationName(row.operation) && operations[row.operation].event) || "operation ended";
  return { event, properties };
}

/** Queues the operation's event, the sender as the salted user id (never throws, returns at once). */
export function trackOutcome(row: Row, endedAt = Date.now()): void {
  const { event, properties } = outcomeEvent(row, endedAt);
  track(event, properties, row.sender);
}
