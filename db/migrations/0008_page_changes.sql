-- Which cached pages an app change touches (app/utils/page-tags.ts, server/read-model-changes.ts):
-- every bump of app.page_version now records what the changed rows name, so the web server drops
-- only the pages that show them instead of every page. A pending operation names its subject
-- (chapterId, evaluationId, account, accounts) and its sender; a Telegram link its address.
-- A bump without a row here (a hand-made `update app.page_version`) drops every page.
create table app.page_changes (
  -- The app.page_version this change bumped it to.
  n bigint primary key,
  -- [{chapterId?, evaluationId?, account?, accounts?, sender?}, ...]
  entities jsonb not null
);

create function app.record_page_change(entities jsonb) returns void language plpgsql as $$
declare
  next bigint;
begin
  update app.page_version set n = n + 1 returning n into next;
  insert into app.page_changes (n, entities) values (next, entities);
  -- The server reads the changes since its last poll (250 ms ago); one that fell this far behind
  -- finds a gap and drops every page.
  if next % 1000 = 0 then
    delete from app.page_changes where n <= next - 1000;
  end if;
end
$$;

-- Inserts and deletes of either table, and updates of Telegram links (pages show every column).
create or replace function app.page_version_after_change() returns trigger language plpgsql as $$
declare
  entities jsonb;
begin
  if TG_TABLE_NAME = 'telegram_links' then
    select jsonb_agg(jsonb_build_object('account', address)) into entities from changed_rows;
  else
    select jsonb_agg(subject || jsonb_build_object('sender', sender)) into entities from changed_rows;
  end if;
  if entities is not null then perform app.record_page_change(entities); end if;
  return null;
end
$$;

-- Pending operations: only what pages show or filter on (as in 0004).
create or replace function app.pending_operations_after_update() returns trigger language plpgsql as $$
declare
  entities jsonb;
begin
  select jsonb_agg(n.subject || jsonb_build_object('sender', n.sender)) into entities
  from old_rows o join new_rows n using (user_op_hash)
  where o.status is distinct from n.status or o.verified_at is distinct from n.verified_at;
  if entities is not null then perform app.record_page_change(entities); end if;
  return null;
end
$$;

-- Deletes of rows a page can show (as in 0006).
create or replace function app.pending_operations_after_delete() returns trigger language plpgsql as $$
declare
  entities jsonb;
begin
  select jsonb_agg(subject || jsonb_build_object('sender', sender)) into entities
  from changed_rows where status in ('signed', 'included') and created_at > now() - interval '1 day';
  if entities is not null then perform app.record_page_change(entities); end if;
  return null;
end
$$;

drop function app.bump_page_version();
