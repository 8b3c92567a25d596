/**
 * The analytics events the product sends (app/utils/analytics.server.ts sends them): vocabulary an
 * operation's entry (app/calls/operation.ts) names without importing the server's sender.
 */

/** Operations send theirs once they end (app/services/operations/outcome.server.ts says which and why). */
export const ANALYTICS_EVENTS = ["signed in", "applied", "recommended", "approved", "voted", "operation ended", "command sent"] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
