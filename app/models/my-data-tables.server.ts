/**
 * Every table of the app's schema, and what it holds of an account (issue 28 item 6;
 * docs/decisions/0015): each table that holds an account's data says how to export and how to
 * erase it; each that holds none says why. A table added to schema `app` without an entry here
 * fails tests/app/models/my-data.test.ts, which also searches every column after an erasure.
 *
 * `a` is the account's address in lower case. Addresses are compared as lower(column): a table
 * may keep them checksummed, and an erasure is rare enough not to need an index.
 */
import { sql, type SQL } from "drizzle-orm";

export type PersonalTable = {
  /** The table in schema app. */
  table: string;
  /** Its rows' name in the export; none: not exported (whose record it is says why, below). */
  exportAs?: string;
  /** The export holds one row (or null) rather than a list. */
  single?: boolean;
  select?: (a: string) => SQL;
  /** The statements that erase it, run in this order, table after table, in one transaction. */
  erase: ((a: string) => SQL)[];
};

/** In erasure order: what refers to a row goes before it (the Telegram chat's pace before the link). */
export const PERSONAL_TABLES: PersonalTable[] = [
  {
    table: "profiles",
    exportAs: "profile",
    single: true,
    select: (a) => sql`select display_name as "displayName", display_name_visibility as "displayNameVisibility", about,
      about_visibility as "aboutVisibility", updated_at as "updatedAt" from app.profiles where account = ${a}`,
    erase: [(a) => sql`delete from app.profiles where account = ${a}`],
  },
  {
    table: "disclosure_confirmations",
    exportAs: "disclosureConfirmation",
    single: true,
    select: (a) => sql`select version, language, confirmed_at as "confirmedAt" from app.disclosure_confirmations where account = ${a}`,
    erase: [(a) => sql`delete from app.disclosure_confirmations where account = ${a}`],
  },
  {
    // What the account said with its applications, drafts too (db/migrations/0020).
    table: "application_statements",
    exportAs: "applicationStatements",
    select: (a) => sql`select chapter_id::text as "chapterId", statement, contact, after_application as "afterApplication",
      written_at as "writtenAt" from app.application_statements where account = ${a} order by written_at`,
    erase: [(a) => sql`delete from app.application_statements where account = ${a}`],
  },
  {
    // The next time a message may go to the account's Telegram chat (db/migrations/0016).
    table: "telegram_chat_pace",
    exportAs: "telegramPace",
    single: true,
    select: (a) => sql`select next_at as "nextAt" from app.telegram_chat_pace
      where chat_id in (select telegram_id from app.telegram_links where lower(address) = ${a})`,
    erase: [(a) => sql`delete from app.telegram_chat_pace where chat_id in (select telegram_id from app.telegram_links where lower(address) = ${a})`],
  },
  {
    table: "telegram_links",
    exportAs: "telegramLink",
    single: true,
    select: (a) => sql`select telegram_id::text as "telegramId", username, first_name as "firstName", last_name as "lastName",
      photo_url as "photoUrl", auth_date as "authDate", visible, linked_at as "linkedAt", bot_blocked_at as "botBlockedAt"
      from app.telegram_links where lower(address) = ${a}`,
    erase: [(a) => sql`delete from app.telegram_links where lower(address) = ${a}`],
  },
  {
    table: "notification_settings",
    exportAs: "notificationSettings",
    single: true,
    select: (a) => sql`select kinds, language, updated_at as "updatedAt" from app.notification_settings where lower(address) = ${a}`,
    erase: [(a) => sql`delete from app.notification_settings where lower(address) = ${a}`],
  },
  {
    // Each delivery's job in the notifier's queue (pg-boss, schema pgboss) carries its key, which ends in the address.
    table: "notification_deliveries",
    exportAs: "notificationMessages",
    select: (a) => sql`select kind, text, status, attempts, error, created_at as "createdAt", sent_at as "sentAt"
      from app.notification_deliveries where lower(address) = ${a} order by created_at`,
    erase: [
      (a) => sql`delete from pgboss.job where data ? 'key' and lower(data ->> 'key') like ${`%:${a}`}`,
      (a) => sql`delete from pgboss.archive where data ? 'key' and lower(data ->> 'key') like ${`%:${a}`}`,
      (a) => sql`delete from app.notification_deliveries where lower(address) = ${a}`,
    ],
  },
  {
    table: "notification_folds",
    exportAs: "notificationsBeingGathered",
    select: (a) => sql`select kind, chapter_id::text as "chapterId", first_event as "firstEvent", count, window_end as "windowEnd"
      from app.notification_folds where lower(address) = ${a}`,
    erase: [(a) => sql`delete from app.notification_folds where lower(address) = ${a}`],
  },
  {
    table: "passkey_names",
    exportAs: "passkeyNames",
    select: (a) => sql`select owner, name, named_at as "namedAt" from app.passkey_names where lower(account) = ${a} order by named_at`,
    erase: [(a) => sql`delete from app.passkey_names where lower(account) = ${a}`],
  },
  {
    // The row's id is the SHA-256 of the cookie's token: not exported, it is of no use to anyone.
    table: "sessions",
    exportAs: "sessions",
    select: (a) => sql`select created_at as "createdAt", expires_at as "expiresAt", revoked_at as "revokedAt"
      from app.sessions where lower(address) = ${a} order by created_at`,
    erase: [(a) => sql`delete from app.sessions where lower(address) = ${a}`],
  },
  {
    // The account's own operations, and other accounts' settled operations about it (an executive's
    // decision on its application, a recommendation): those are on chain, and the record here is
    // only the sender's until the retention week ends. One still on its way (signed, included) is
    // left to finish: it settles within minutes, and its sender's page follows it.
    table: "pending_operations",
    exportAs: "operations",
    select: (a) => sql`select user_op_hash as "userOpHash", operation, subject, status, transaction_hash as "transactionHash",
      block_number::text as "blockNumber", error, calls, created_at as "createdAt", updated_at as "updatedAt",
      verified_at as "verifiedAt", clicked_at as "clickedAt"
      from app.pending_operations where lower(sender) = ${a} order by created_at`,
    erase: [
      (a) => sql`delete from app.pending_operations where lower(sender) = ${a}`,
      (a) => sql`delete from app.pending_operations where status not in ('signed', 'included') and app.subject_accounts(subject) @> array[${a}::text]`,
    ],
  },
  {
    // A digest must stay until its signed command is past the time window (an hour: purgeDigests),
    // or the command could be sent again; the signer's address goes now.
    table: "used_command_digests",
    exportAs: "signedCommands",
    select: (a) => sql`select digest, command, accepted_at as "acceptedAt" from app.used_command_digests where lower(signer) = ${a} order by accepted_at`,
    erase: [(a) => sql`update app.used_command_digests set signer = '' where lower(signer) = ${a}`],
  },
  {
    // What changed for the page cache (db/migrations/0008), including the erasure's own deletes
    // above; not exported (the cache's bookkeeping, kept for seconds). Last, after those deletes.
    table: "page_changes",
    erase: [(a) => sql`delete from app.page_changes where lower(entities::text) like ${`%${a}%`}`],
  },
];

/** The tables of schema app that hold nothing of any account, and why. */
export const NOT_PERSONAL: Record<string, string> = {
  migrations: "the migrations applied",
  page_version: "one counter",
  rate_limits: "request counts per network address for one minute, never linked to an account",
  notifier_cursor: "how far the notifier has read the chain's activity",
  telegram_pace: "one row: when the next message may go to any chat",
  documents: "the texts of evaluations and info messages, which the chain names by their CID",
  document_fetches: "the fetcher's state per CID",
  erasures: "that an erasure happened and when, never whose",
};
