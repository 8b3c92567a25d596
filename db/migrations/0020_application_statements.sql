-- What an applicant says with an application (issue 28 item 1; docs/decisions/0015): why it wants
-- to join and who in the chapter knows it, and a way to reach it. Written by the account alone
-- (POST /me/application-statement) before it signs the application, so a row names no application
-- yet: it belongs to the account's first application to the chapter after `after_application`
-- (the latest one when it was written, null: none). Until then only its author sees it, and it is
-- deleted a day after it was written; once its application is decided it is kept 30 days for the
-- executives, then deleted (app/models/application-statements.server.ts pruneStatements).
create table app.application_statements (
  -- Lower case, as the read model spells accounts.
  account text not null check (account = lower(account)),
  chapter_id numeric(78, 0) not null,
  statement text,
  contact text,
  after_application text,
  written_at timestamptz not null default now(),
  primary key (account, chapter_id),
  check (statement is not null or contact is not null)
);
create index application_statements_written_idx on app.application_statements (written_at);

-- The review queue, the applicant's member page and its chapter's page show it: a change drops them.
create function app.application_statements_after_change() returns trigger language plpgsql as $$
declare
  entities jsonb;
begin
  select jsonb_agg(jsonb_build_object('account', account, 'chapterId', chapter_id::text)) into entities from changed_rows;
  if entities is not null then perform app.record_page_change(entities); end if;
  return null;
end
$$;

create trigger page_version_insert after insert on app.application_statements
  referencing new table as changed_rows for each statement execute function app.application_statements_after_change();
create trigger page_version_delete after delete on app.application_statements
  referencing old table as changed_rows for each statement execute function app.application_statements_after_change();
create trigger page_version_update after update on app.application_statements
  referencing new table as changed_rows for each statement execute function app.application_statements_after_change();
