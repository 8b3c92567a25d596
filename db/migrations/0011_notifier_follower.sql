-- The notifier's follower (server/notifier/follower.ts): how far it has read the activity rows, and
-- the bursts it is folding into one message. Both change only in the follower's transaction, under
-- the cursor row's lock, together with the deliveries they produce.

-- One row per follower ('activity'): the sort key of the last activity row turned into deliveries,
-- and that row's block hash (null before the first row), which tells the follower when the history
-- it was reading is gone (a new local chain). Created by the follower's first run at the confirmed
-- head, so a new deployment does not retell the history indexed before it.
create table app.notifier_cursor (
  name text primary key,
  sort_key numeric not null,
  block_hash text,
  updated_at timestamptz not null default now()
);

-- A burst being folded: one open fold per recipient, kind and chapter. Events of the burst add to
-- `count` until `window_end` (database time); the first follower run after it turns the fold into
-- one delivery, keyed by its first event, and deletes it.
create table app.notification_folds (
  address text not null,
  kind text not null,
  chapter_id numeric not null,
  first_event text not null,
  count integer not null check (count > 0),
  window_end timestamptz not null,
  primary key (address, kind, chapter_id)
);
create index notification_folds_window_end_idx on app.notification_folds (window_end);

-- Recipients come from the read model in lower case; links are stored checksummed.
create index telegram_links_lower_address_idx on app.telegram_links (lower(address));
