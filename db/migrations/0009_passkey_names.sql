-- What a member calls each passkey of their account ("Anna's phone"), shown on /me next to when
-- it was added. Off chain: a name is nobody else's business and costs no operation.
create table app.passkey_names (
  account text not null,
  -- The owner bytes as the account stores them (verifier address ++ public key), lower case.
  owner text not null,
  name text not null,
  named_at timestamptz not null default now(),
  primary key (account, owner)
);
