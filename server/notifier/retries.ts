/**
 * When the sender tries a delivery again after a failure that may pass (a network error, a 5xx, a
 * 429 that auto-retry could not wait out): by the time since the delivery was written, not by a
 * count, so an outage of any length up to a day loses nothing. Each wait doubles from 10 s up to
 * 5 minutes (then every 5 minutes: at most about 300 tries a day), plus up to a quarter more at
 * random so that a backlog does not come back all at once. A day after it was written, the next
 * failure marks the delivery failed: a notice older than that has lost its point.
 */
export const RETRY_RULE = { giveUpAfterSeconds: 86_400, firstDelaySeconds: 10, maxDelaySeconds: 300, jitter: 0.25 } as const;

export type NextRetryParameters = {
  /** The delivery's tries so far, this one included (1 after the first failure). */
  attempts: number;
  /** How long ago the delivery was written, in seconds. */
  ageSeconds: number;
  /** NOTIFY_RETRY_SCALE: how much faster the rule's clock runs (tests only; 1 in production). */
  scale?: number;
  /** A number in [0, 1), for the jitter. */
  random?: number;
};

/** Seconds until the next try, or undefined once the delivery is a day old: give it up. */
export function nextRetrySeconds({ attempts, ageSeconds, scale = 1, random = Math.random() }: NextRetryParameters): number | undefined {
  if (ageSeconds * scale >= RETRY_RULE.giveUpAfterSeconds) return undefined;
  const doubled = RETRY_RULE.firstDelaySeconds * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  return (Math.min(doubled, RETRY_RULE.maxDelaySeconds) * (1 + RETRY_RULE.jitter * random)) / scale;
}
