-- The notifiers' shared pace (server/notifier/pace.ts): Telegram's limits kept in one place for
-- every replica. `telegram_pace` is one row, the time the next message may leave (each batch moves
-- it on by its messages' spacing in one update); `telegram_chat_pace` the same per chat (one row
-- per chat ever told, as many as linked members at most).
create table app.telegram_pace (
  id boolean primary key default true check (id),
  next_at timestamptz not null default '-infinity'
);
insert into app.telegram_pace default values;

create table app.telegram_chat_pace (
  chat_id bigint primary key,
  next_at timestamptz not null
);
