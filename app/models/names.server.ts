/**
 * Names where addresses are (issue 28 item 3): a page's statement, its rows each carrying `names`,
 * the display name the viewer may see of every account the row shows anywhere (a member, a
 * recommender, an activity's actor, a pending operation's sender), as the one rule of
 * app/models/profile-views.server.ts says. An account is found as any string in the row that is
 * an address, so a list added to a page later has its names too, and no statement grows a second
 * one: names cost no extra query. A name is never identity; pages show it beside the address
 * (app/components/links.tsx AddressLink).
 */
import { sql, type SQL } from "drizzle-orm";
import type { ViewerStanding } from "../ground/profile-visibility";
import { views } from "../../db/query.server";
import { profileJoinsSql, profileNameSql, visibleProfileSql } from "./profile-views.server";

/** Lower-case address → the display name the viewer may see; an account without one is absent. */
export type Names = Record<string, string>;

/** The display name of `account` (lower case) that `viewer` may see, or null: text. */
export const visibleNameSql = (account: SQL, viewer: ViewerStanding | null): SQL => sql`(${visibleProfileSql(account, viewer)} ->> 'displayName')`;

/**
 * Every string in a json value that is an address (any case). Read as an array's elements, which
 * the planner takes for 100 rows where jsonb_path_query's set counts as 1,000: with that estimate
 * a page's statement cost enough to be JIT-compiled, 25 ms for a statement that runs in 0.5.
 */
const ACCOUNTS_PATH = `strict $.** ? (@.type() == "string" && @ like_regex "^0x[0-9a-fA-F]{40}$")`;

/** A name only its chapter's executives or members may see: who sees it depends on how the viewer stands to that chapter. */
const NARROW = sql`p.display_name is not null and p.display_name_visibility in ('executives', 'chapter')`;

/**
 * `statement`'s rows, in its order, each with `names` (Names) of the accounts it shows, and
 * `nameChapters`: the chapters of those whose name only a chapter's executives or members may see
 * (their chapter, or the one they applied to). Who sees such a name depends on how the viewer
 * stands to that chapter, so a page tags them (`pageTag.standing`): a page shared by a kind of
 * viewer (server/viewer-pages.ts) then tells apart the viewers who stand differently there.
 * `statement` runs once, as a materialized CTE: as a subquery, the planner also copied its
 * sub-selects into `to_jsonb(page)` and ran each twice.
 */
export function withNames(statement: SQL, viewer: ViewerStanding | null): SQL {
  return sql`with page as materialized (${statement})
    select page.*, n.names as "names", n.chapters as "nameChapters" from page
    cross join lateral (
      select coalesce(json_object_agg(x.account, x.name) filter (where x.name is not null), '{}') as names,
        coalesce(array_remove(array_agg(distinct x.chapter) || array_agg(distinct x.applied), null), '{}') as chapters
      from (
        select found.account, ${profileNameSql(viewer)} as name,
          case when ${NARROW} and o.status = 'member' then o.chapter_id::text end as chapter,
          case when ${NARROW} then a.chapter_id::text end as applied
        from (select distinct lower(s) as account from jsonb_array_elements_text(jsonb_path_query_array(to_jsonb(page), ${ACCOUNTS_PATH}::jsonpath)) s) found
        ${profileJoinsSql(sql`found.account`)}) x) n`;
}

/** The names of several rows as one map (a list's rows each carry their own). */
export const namesOf = (rows: readonly { names: Names }[]): Names => Object.assign({}, ...rows.map((r) => r.names));

/** What `withNames` adds to a row. */
export type Named = { names: Names; nameChapters: string[] };

/** A row without its names (and their chapters), and the names (a loader returns them once, beside its data). */
export function splitNames<T extends { names: Names; nameChapters?: string[] }>(row: T): [Omit<T, keyof Named>, Names] {
  const { names, nameChapters: _, ...rest } = row;
  return [rest, names];
}

/** The chapters of several rows' names as one list. */
export const nameChaptersOf = (rows: readonly Named[]): string[] => [...new Set(rows.flatMap((r) => r.nameChapters))];
