-- The request guard's rate-limit counters (app/utils/rate-limit-counters.server.ts), shared by
-- every app process on this database: one row per bucket and client address, a fixed window
-- that starts at the client's first request and ends at reset_at. One upsert per request counts
-- it (a window that has ended starts again at 1); ended windows are deleted now and then.
-- Unlogged: counters are worth no WAL and no replica, and a crash that empties them only hands
-- every client a fresh window. The fill factor leaves room for HOT updates of count.
create unlogged table app.rate_limits (
  bucket text not null,
  client text not null,
  count integer not null,
  reset_at timestamptz not null,
  primary key (bucket, client)
) with (fillfactor = 70);

create index rate_limits_reset_at on app.rate_limits (reset_at);
