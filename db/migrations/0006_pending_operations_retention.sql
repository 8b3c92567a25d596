-- Pending operations are proven at registration and kept for a retention window
-- (app/services/operations/proof.server.ts and retention.server.ts).

-- Rows registered before proofs were required and never checked since: a claim, not a proof.
delete from app.pending_operations where verified_at is null and status not in ('final', 'failed');

-- The retention delete walks the oldest rows first.
create index pending_operations_created_idx on app.pending_operations (created_at);

-- A delete invalidates cached pages only when it removes a row a page can show: signed or
-- included, registered within the page window (pendingOperationsFor shows a row for
-- PENDING_WINDOW_MINUTES = 15; a day bounds that generously). The retention delete removes
-- week-old rows, which no page shows, so it leaves the page cache alone.
create function app.pending_operations_after_delete() returns trigger language plpgsql as $$
begin
  perform app.bump_page_version()
  where exists (select 1 from changed_rows where status in ('signed', 'included') and created_at > now() - interval '1 day');
  return null;
end
$$;

drop trigger page_version_delete on app.pending_operations;
create trigger page_version_delete after delete on app.pending_operations
  referencing old table as changed_rows for each statement execute function app.pending_operations_after_delete();
