-- Identity and services: one Telegram account per member (a new link from another address moves
-- it there), and indexes for purging old command digests and sessions.
create unique index telegram_links_telegram_id_idx on app.telegram_links (telegram_id);
create index used_command_digests_accepted_at_idx on app.used_command_digests (accepted_at);
create index sessions_expires_at_idx on app.sessions (expires_at);
