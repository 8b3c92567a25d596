/**
 * What a member can be told on Telegram (the notifier, server/notifier/), shared by /me's choices
 * and the notifier. SPEC has no word on notifications; these follow issue 15.
 */
export const NOTIFICATION_KINDS = [
  /** A new application to a chapter the member is an executive of. */
  "application",
  /** A decision on the member's own application. */
  "decision",
  /** A recommendation of the member's own pending application. */
  "recommendation",
  /** A new evaluation of the member's chapter (the vote link). */
  "evaluation",
  /** An info message to the party. */
  "info",
  /** A role given to or taken from the member. */
  "role",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Without a choice on /me: executives hear of applications, applicants of what happens to theirs,
 * everyone of their roles; evaluations and info are opt-in. A kind only reaches those it concerns
 * (applications only a chapter's executives), so a default costs nobody else a message.
 */
export const DEFAULT_NOTIFICATION_KINDS: readonly NotificationKind[] = ["application", "decision", "recommendation", "role"];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
