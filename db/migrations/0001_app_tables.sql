create schema if not exists app;

create table app.sessions (
  id text primary key,
  address text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_address_idx on app.sessions (address);

create table app.used_command_digests (
  digest text primary key,
  signer text not null,
  command text not null,
  accepted_at timestamptz not null default now()
);

create table app.telegram_links (
  address text primary key,
  telegram_id bigint not null,
  username text not null,
  first_name text,
  last_name text,
  photo_url text,
  auth_date integer not null,
  visible boolean not null default false,
  linked_at timestamptz not null default now()
);

create table app.pending_operations (
  user_op_hash text primary key,
  sender text not null,
  operation text not null,
  subject jsonb not null,
  status text not null,
  transaction_hash text,
  block_number bigint,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index pending_operations_sender_idx on app.pending_operations (sender, created_at);
create index pending_operations_status_idx on app.pending_operations (status);
