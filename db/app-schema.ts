/**
 * The app's own off-chain tables, in the "app" schema (never Ponder's). Created by the SQL
 * migrations in db/migrations (db/migrate.ts); this module is their typed drizzle view.
 */
import { sql } from "drizzle-orm";
import { VISIBILITIES } from "../app/ground/profile-visibility";
import { bigint, boolean, date, index, integer, jsonb, numeric, pgSchema, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const app = pgSchema("app");

/** Server-side sessions behind the `__Host-session` cookie; revocable by deleting the row. */
export const sessions = app.table(
  "sessions",
  {
    id: text("id").primaryKey(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_address_idx").on(t.address)],
);

/** EIP-712 digests of accepted signed commands: a digest is accepted once. */
export const usedCommandDigests = app.table("used_command_digests", {
  digest: text("digest").primaryKey(),
  signer: text("signer").notNull(),
  command: text("command").notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Telegram accounts linked by members; shown on the member page only when `visible`. */
export const telegramLinks = app.table("telegram_links", {
  address: text("address").primaryKey(),
  telegramId: bigint("telegram_id", { mode: "bigint" }).notNull(),
  username: text("username").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  photoUrl: text("photo_url"),
  authDate: integer("auth_date").notNull(),
  visible: boolean("visible").notNull().default(false),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  /** Telegram answered 403 for this chat (bot blocked or never started): nothing more is sent (db/migrations/0010). */
  botBlockedAt: timestamp("bot_blocked_at", { withTimezone: true }),
});

/** User operations sent by members, by hash, until the indexer has them (lifecycle states). */
export const pendingOperations = app.table(
  "pending_operations",
  {
    userOpHash: text("user_op_hash").primaryKey(),
    sender: text("sender").notNull(),
    operation: text("operation").notNull(),
    /** What the operation is about, for "approval pending" on the right row: { chapterId?, account?, evaluationId? }. */
    subject: jsonb("subject").notNull(),
    status: text("status").notNull(),
    transactionHash: text("transaction_hash"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    /** 0017: why it failed, a message { key, values } of app/locales (said in a language only when shown). */
    error: jsonb("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** 0003: the calls the registry built from the registered args, [{ to, data }]: the operation's callData must carry each. */
    calls: jsonb("calls"),
    /** 0003: when the operation was checked against the bundler or its block (sender and calls); null until then. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** 0007: when the member clicked (the browser's time, bounded at registration), for the analytics' time from click to indexed. */
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
  },
  (t) => [
    index("pending_operations_sender_idx").on(t.sender, t.createdAt),
    index("pending_operations_status_idx").on(t.status),
    // 0003: the still-pending rows by subject (containment) and by sender, for pendingOperationsFor.
    index("pending_operations_subject_idx").using("gin", sql`${t.subject} jsonb_path_ops`).where(sql`status in ('signed', 'included')`),
    index("pending_operations_pending_sender_idx").on(t.sender, t.createdAt).where(sql`status in ('signed', 'included')`),
    // 0006: the retention delete walks the oldest rows first.
    index("pending_operations_created_idx").on(t.createdAt),
  ],
);

/** What a member calls each passkey of their account (db/migrations/0009); keyed by account and owner bytes. */
export const passkeyNames = app.table(
  "passkey_names",
  {
    account: text("account").notNull(),
    owner: text("owner").notNull(),
    name: text("name").notNull(),
    namedAt: timestamp("named_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.owner] })],
);

/**
 * The notification kinds each member chose on /me (no row, or null kinds: the defaults) and the
 * language their messages are written in (null: English) (db/migrations/0010, 0014).
 */
export const notificationSettings = app.table("notification_settings", {
  address: text("address").primaryKey(),
  kinds: text("kinds").array(),
  language: text("language"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every Telegram message to send, once per key (event or folded burst, recipient) (db/migrations/0010). */
export const notificationDeliveries = app.table(
  "notification_deliveries",
  {
    key: text("key").primaryKey(),
    address: text("address").notNull(),
    chatId: bigint("chat_id", { mode: "bigint" }).notNull(),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ["queued", "sent", "blocked", "failed"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("notification_deliveries_address_idx").on(t.address, t.createdAt)],
);

/** How far the notifier's follower has read the activity rows (db/migrations/0011): one row, 'activity'. */
export const notifierCursor = app.table("notifier_cursor", {
  name: text("name").primaryKey(),
  sortKey: numeric("sort_key").notNull(),
  /** The block hash of the row at the cursor; null before the first row. */
  blockHash: text("block_hash"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Bursts the follower is folding into one message, one per recipient, kind and chapter (db/migrations/0011). */
export const notificationFolds = app.table(
  "notification_folds",
  {
    address: text("address").notNull(),
    kind: text("kind").notNull(),
    chapterId: numeric("chapter_id").notNull(),
    firstEvent: text("first_event").notNull(),
    count: integer("count").notNull(),
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.kind, t.chapterId] }), index("notification_folds_window_end_idx").on(t.windowEnd)],
);

/**
 * A member's display name and short text, each with its visibility (db/migrations/0018;
 * app/ground/profile-visibility.ts is the rule, docs/decisions/0015 the reasons). Keyed lower case.
 */
export const profiles = app.table(
  "profiles",
  {
    account: text("account").primaryKey(),
    displayName: text("display_name"),
    displayNameVisibility: text("display_name_visibility", { enum: VISIBILITIES }).notNull().default("executives"),
    /** The name folded for the "another member's name" check (app/utils/profile-fields.ts nameSkeleton). */
    displayNameSkeleton: text("display_name_skeleton"),
    about: text("about"),
    aboutVisibility: text("about_visibility", { enum: VISIBILITIES }).notNull().default("self"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("profiles_display_name_skeleton_idx").on(t.displayNameSkeleton).where(sql`display_name_skeleton is not null`)],
);

/** The applicant confirmed what goes on chain for good, once per version of that text (db/migrations/0018). */
export const disclosureConfirmations = app.table("disclosure_confirmations", {
  account: text("account").primaryKey(),
  version: text("version").notNull(),
  language: text("language").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** That an erasure happened, the day, and rows per table; never whose (db/migrations/0018, app/models/my-data.server.ts). */
export const erasures = app.table("erasures", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  erasedOn: date("erased_on").notNull().defaultNow(),
  rows: jsonb("rows").notNull(),
});
