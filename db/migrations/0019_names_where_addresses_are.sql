-- Names where addresses are, and the search by name (issue 28, items 3 and 4;
-- docs/decisions/0015-profiles-and-personal-data.md).

-- The search by name (app/models/members-search.server.ts): a case-insensitive prefix of the name,
-- in name order, as a range of this index under the C collation (whatever the database's), with
-- the visibility beside it so the names a viewer may not see are passed over in the index.
create index profiles_name_search_idx on app.profiles ((lower(display_name) collate "C"), account)
  include (display_name_visibility) where display_name is not null;

-- A profile's change drops the pages that show its name (name:<account>, every page that shows the
-- account: app/utils/page-tags.ts nameTags) and the member search's pages (list:members), where a
-- new or changed name may now be found.
create or replace function app.profiles_after_change() returns trigger language plpgsql as $$
declare
  entities jsonb;
begin
  select jsonb_agg(jsonb_build_object('name', account, 'lists', jsonb_build_array('members'))) into entities from changed_rows;
  if entities is not null then perform app.record_page_change(entities); end if;
  return null;
end
$$;
