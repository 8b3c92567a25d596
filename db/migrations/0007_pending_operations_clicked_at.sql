-- When the member clicked, as the browser reported it with the registration and the server
-- accepted it (app/services/operations/outcome.server.ts, clickTime): analytics send the time
-- from click to indexed. Null on rows registered before this column existed.
alter table app.pending_operations add column clicked_at timestamptz;
