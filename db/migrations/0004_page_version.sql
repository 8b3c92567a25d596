-- The app tables' share of the page cache's version (server/read-model-changes.ts): pages show
-- pending operations (app.pending_operations) and linked Telegram usernames (app.telegram_links)
-- next to the on-chain read model, so a change to either must invalidate cached pages too.
-- Statement triggers bump one counter when a statement changed rows the pages read (once per
-- statement, however many rows: a bulk insert costs one bump); the web server polls it together
-- with the read model's party_totals.last_event.
create table app.page_version (
  id boolean primary key default true check (id),
  n bigint not null
);
insert into app.page_version (id, n) values (true, 0);

create function app.bump_page_version() returns void language sql as $$
  update app.page_version set n = n + 1
$$;

-- Any row changed: inserted, deleted, or updated where pages show every column of the table.
-- Each trigger names its transition table changed_rows (the new rows, or the old ones for a delete).
create function app.page_version_after_change() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed_rows) then perform app.bump_page_version(); end if;
  return null;
end
$$;

-- Pending operations: only what pages show or filter on. A status poll that changes nothing a
-- page shows costs no invalidation.
create function app.pending_operations_after_update() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from old_rows o join new_rows n using (user_op_hash)
    where o.status is distinct from n.status or o.verified_at is distinct from n.verified_at
  ) then
    perform app.bump_page_version();
  end if;
  return null;
end
$$;

create trigger page_version_insert after insert on app.pending_operations
  referencing new table as changed_rows for each statement execute function app.page_version_after_change();
create trigger page_version_delete after delete on app.pending_operations
  referencing old table as changed_rows for each statement execute function app.page_version_after_change();
create trigger page_version_update after update on app.pending_operations
  referencing old table as old_rows new table as new_rows for each statement execute function app.pending_operations_after_update();

create trigger page_version_insert after insert on app.telegram_links
  referencing new table as changed_rows for each statement execute function app.page_version_after_change();
create trigger page_version_delete after delete on app.telegram_links
  referencing old table as changed_rows for each statement execute function app.page_version_after_change();
create trigger page_version_update after update on app.telegram_links
  referencing new table as changed_rows for each statement execute function app.page_version_after_change();
