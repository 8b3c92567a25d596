-- The accounts an operation is about, lower case, as the read model spells them (a subject keeps
-- them checksummed: `account`, or several in `accounts`). The chapter page finds the operations
-- about its pending applicants inside its one statement (app/models/chapters.server.ts), where
-- only the read model's lower-case spelling is at hand; this index keeps that to the pending rows.
create function app.subject_accounts(subject jsonb) returns text[]
  language sql immutable parallel safe
  as $$
    select array(
      select lower(a) from jsonb_array_elements_text(
        case when jsonb_typeof(subject -> 'accounts') = 'array' then subject -> 'accounts' else '[]'::jsonb end
      ) as a
      union all
      select lower(subject ->> 'account') where subject ? 'account'
    )
  $$;
create index pending_operations_subject_accounts_idx on app.pending_operations using gin (app.subject_accounts(subject))
  where status in ('signed', 'included');
