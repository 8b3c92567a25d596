-- The content of evaluations and info messages (docs/decisions/0011-documents.md): every document
-- whose bytes were verified against the CID the chain names, so no page waits on IPFS. Written by
-- the minter's publish (POST /api/documents) and by the fetcher (npm run documents). Content is
-- addressed: a row never changes once written.
create table app.documents (
  -- The CIDv0 as the read model formats the chain's multihash (app/calls/cid.ts formatCid).
  cid text primary key,
  -- 'evaluation' or 'info': what the document says it is (it is shown only as that).
  kind text not null,
  language text not null,
  title text not null,
  body text not null,
  -- { min, zero, max }: what the scores stand for (evaluations only).
  scale jsonb,
  -- The UnixFS file's size in bytes.
  size integer not null,
  stored_at timestamptz not null default now()
);

-- The fetcher's work list: one row per CID the read model names, until its document is stored or
-- refused for good. A waiting row is tried again at next_attempt_at (capped exponential backoff);
-- last_error is the last failure as a message ({ key, values } of documents.refused), which the
-- evaluation page shows its minter.
create table app.document_fetches (
  cid text primary key,
  -- What the chain uses the CID as (a document of another kind is refused).
  kind text not null,
  status text not null default 'waiting' check (status in ('waiting', 'stored', 'refused')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error jsonb,
  first_seen_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index document_fetches_due_idx on app.document_fetches (next_attempt_at) where status = 'waiting';
