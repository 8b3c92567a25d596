-- Profiles, the disclosure before the first application, and the record of erasures (issue 28,
-- items 2, 5 and 6; docs/decisions/0015-profiles-and-personal-data.md).

-- A member's display name and short text, each with its own visibility (app/utils/profile-visibility.ts:
-- self < executives < chapter < members < everyone). Defaults are the narrowest the review needs:
-- the name for the chapter's executives, the text for the account alone.
create table app.profiles (
  -- Lower case, as the read model spells accounts: a page joins it to members.account as it is.
  account text primary key check (account = lower(account)),
  display_name text,
  display_name_visibility text not null default 'executives'
    check (display_name_visibility in ('self', 'executives', 'chapter', 'members', 'everyone')),
  -- The name folded for comparison (app/utils/profile-fields.ts nameSkeleton): a name another
  -- member already shows is refused; null without a name.
  display_name_skeleton text,
  about text,
  about_visibility text not null default 'self'
    check (about_visibility in ('self', 'executives', 'chapter', 'members', 'everyone')),
  updated_at timestamptz not null default now()
);
create index profiles_display_name_skeleton_idx on app.profiles (display_name_skeleton) where display_name_skeleton is not null;

-- The applicant read what goes on chain for good before applying (app/models/disclosures.server.ts).
-- `version` is the text's version: a changed text asks again.
create table app.disclosure_confirmations (
  account text primary key check (account = lower(account)),
  version text not null,
  language text not null,
  confirmed_at timestamptz not null default now()
);

-- That an erasure happened and when, and how many rows of each table went; never whose
-- (app/models/my-data.server.ts). The day, not the moment: nothing left to match it against.
create table app.erasures (
  id bigint generated always as identity primary key,
  erased_on date not null default current_date,
  rows jsonb not null
);

-- Pages will show names (issue 28 item 3): a profile's change drops the cached pages of its account.
create function app.profiles_after_change() returns trigger language plpgsql as $$
declare
  entities jsonb;
begin
  select jsonb_agg(jsonb_build_object('account', account)) into entities from changed_rows;
  if entities is not null then perform app.record_page_change(entities); end if;
  return null;
end
$$;

create trigger page_version_insert after insert on app.profiles
  referencing new table as changed_rows for each statement execute function app.profiles_after_change();
create trigger page_version_delete after delete on app.profiles
  referencing old table as changed_rows for each statement execute function app.profiles_after_change();
create trigger page_version_update after update on app.profiles
  referencing new table as changed_rows for each statement execute function app.profiles_after_change();
