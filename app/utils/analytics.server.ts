/**
 * Domain analytics through @segment/analytics-node: `track(event, properties, userAddress?)`.
 *
 * - Off cleanly without SEGMENT_WRITE_KEY (or without ANALYTICS_SALT): no client, no timers, no
 *   requests; `track` does nothing.
 * - Batches of 10 events (flushAt), flushed every 5 s (flushInterval), 10 retries with backoff
 *   (the library honours a 429's x-ratelimit-reset), as SPEC 9 describes. SEGMENT_HOST points it
 *   elsewhere (tests use a local recorder).
 * - Never in the way of a request: `track` returns at once (the library queues and sends in the
 *   background), every error is swallowed, and only the first is logged.
 * - No personal data: the user id is HMAC-SHA-256(ANALYTICS_SALT, lowercase address), never the
 *   address; properties keep only keys of {@link ALLOWED_PROPERTIES}, whose values are booleans,
 *   numbers or short plain words (no 0x… values). Telegram ids, names and addresses have no key here.
 */
import { createHmac, randomUUID } from "node:crypto";
import { Analytics } from "@segment/analytics-node";
import type { AnalyticsEvent } from "../ground/analytics-events";
import { env } from "../ground/env.server";

/** Property keys that cannot carry personal data: names of things, public ids, outcomes, counts and durations. */
export const ALLOWED_PROPERTIES = ["command", "operation", "method", "outcome", "chapterId", "evaluationId", "approved", "count", "durationMs"] as const;
export type AnalyticsProperty = (typeof ALLOWED_PROPERTIES)[number];
export type AnalyticsProperties = Partial<Record<AnalyticsProperty, string | number | bigint | boolean>>;

export const ANALYTICS_SETTINGS = { flushAt: 10, flushInterval: 5_000, maxRetries: 10, httpRequestTimeout: 10_000 } as const;

/** The analytics user id of a wallet address: a salted hash (hex), stable per salt. */
export function analyticsUserId(address: string, salt: string): string {
  return createHmac("sha256", salt).update(address.toLowerCase()).digest("hex");
}

const WORD = /^[A-Za-z0-9_ .-]{1,64}$/;

/** Only allowed keys, with values that are booleans, finite numbers, whole-number ids or short words. */
export function sanitizeProperties(properties: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const key of ALLOWED_PROPERTIES) {
    const value = properties[key];
    if (typeof value === "boolean") out[key] = value;
    else if (typeof value === "number" && Number.isFinite(value)) out[key] = value;
    else if (typeof value === "bigint") out[key] = value.toString();
    else if (typeof value === "string" && WORD.test(value) && !/^0x/i.test(value)) out[key] = value;
  }
  return out;
}

type State = { client: Analytics; salt: string } | null;
let state: State | undefined;
let errors = 0;

function logFailure(error: unknown) {
  errors += 1;
  if (errors > 1) return;
  const reason = typeof error === "object" && error !== null && "reason" in error ? (error as { reason: unknown }).reason : error;
  console.warn(`analytics: delivery failed, further failures are not logged: ${reason instanceof Error ? reason.message : String(reason)}`);
}

function current(): State {
  if (state !== undefined) return state;
  const { SEGMENT_WRITE_KEY, SEGMENT_HOST, ANALYTICS_SALT } = env();
  if (!SEGMENT_WRITE_KEY) return (state = null);
  if (!ANALYTICS_SALT) {
    console.warn("analytics: SEGMENT_WRITE_KEY is set but ANALYTICS_SALT is not; analytics stay off (user ids must be salted)");
    return (state = null);
  }
  const client = new Analytics({ writeKey: SEGMENT_WRITE_KEY, ...(SEGMENT_HOST ? { host: SEGMENT_HOST } : {}), ...ANALYTICS_SETTINGS });
  client.on("error", logFailure);
  return (state = { client, salt: ANALYTICS_SALT });
}

/** Whether events are sent (a write key and a salt are configured). */
export function analyticsEnabled(): boolean {
  try {
    return current() !== null;
  } catch {
    return false;
  }
}

/** Queues an event; returns at once and never throws. `userAddress` becomes a salted hash. */
export function track(event: AnalyticsEvent, properties: AnalyticsProperties = {}, userAddress?: string): void {
  try {
    const active = current();
    if (!active) return;
    const identity = userAddress ? { userId: analyticsUserId(userAddress, active.salt) } : { anonymousId: randomUUID() };
    active.client.track({ ...identity, event, properties: sanitizeProperties(properties) });
  } catch (error) {
    logFailure(error);
  }
}

/** Sends what is queued now (tests, and before a planned pause); never throws. */
export async function flushAnalytics(timeoutMs = 10_000): Promise<void> {
  if (!state) return;
  await state.client.flush({ timeout: timeoutMs }).catch(logFailure);
}

/** Flushes and stops the client (process shutdown); later `track` calls do nothing. */
export async function closeAnalytics(timeoutMs = 10_000): Promise<void> {
  const active = state;
  state = null;
  if (!active) return;
  await active.client.closeAndFlush({ timeout: timeoutMs }).catch(logFailure);
}

/** How many analytics errors were swallowed in this process. */
export function analyticsErrorCount(): number {
  return errors;
}
