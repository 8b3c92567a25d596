-- Notifications on Telegram (npm run notifier): what each member wants to hear about, and every
-- message to send, once. The notifier's own bookkeeping (its cursor, bursts being folded, the job
-- queue) comes in later migrations beside the code that uses it.

-- The kinds a member chose on /me; no row means the defaults (app/utils/notification-kinds.ts).
create table app.notification_settings (
  address text primary key,
  kinds text[] not null,
  updated_at timestamptz not null default now()
);

-- One row per message to one chat. The key is unique per (event or folded burst, recipient), so a
-- replayed event or a retried job cannot make a second row, and a row sent once is not sent again.
create table app.notification_deliveries (
  key text primary key,
  address text not null,
  chat_id bigint not null,
  kind text not null,
  text text not null,
  created_at timestamptz not null default now(),
  status text not null default 'queued' check (status in ('queued', 'sent', 'blocked', 'failed')),
  attempts integer not null default 0,
  sent_at timestamptz,
  error text
);
create index notification_deliveries_queued_idx on app.notification_deliveries (created_at) where status = 'queued';
create index notification_deliveries_address_idx on app.notification_deliveries (address, created_at);

-- Set when Telegram answers 403 for the chat (the member blocked the bot or never started it): the
-- notifier sends nothing more there, and /me says so with the link to start the bot. Cleared when
-- the member links Telegram again.
alter table app.telegram_links add column bot_blocked_at timestamptz;
