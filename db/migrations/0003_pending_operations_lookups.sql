-- Pending operations by what they are about: pendingOperationsFor
-- (app/models/pending-operations.server.ts) asks for the operations still on their way (signed or
-- included) whose subject contains a chapter id, an evaluation id or an account
-- (`subject @> '{"chapterId":"7"}'`), in one query. A partial GIN index keeps that to the few
-- pending rows however many operations were ever sent.
create index pending_operations_subject_idx on app.pending_operations using gin (subject jsonb_path_ops)
  where status in ('signed', 'included');
-- The same query by sender, and the lazy status updates' "still pending" check.
create index pending_operations_pending_sender_idx on app.pending_operations (sender, created_at)
  where status in ('signed', 'included');
-- What the registration promised, checked when the operation is found in a block: the calls the
-- operations registry built from the registered args (the user operation's callData must carry
-- each), and when that check (or the same check against the bundler at registration) passed.
alter table app.pending_operations add column calls jsonb;
alter table app.pending_operations add column verified_at timestamptz;
