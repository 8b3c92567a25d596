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
import { visibleProfileSql } from "./profile-views.server";

/** Lower-case address → the display name the viewer may see; an account without one is absent. */
export type Names = Record<string, string>;

/** Every string in a json value that is an address (any case), each once. */
const ACCOUNTS_PATH = `strict $.** ? (@.type() == "string" && @ like_regex "^0x[0-9a-fA-F]{40}$")`;

/** The display name of `account` (lower case) that `viewer` may see, or null: text. */
export const visibleNameSql = (account: SQL, viewer: ViewerStanding | null): SQL => sql`(${visibleProfileSql(account, viewer)} ->> 'displayName')`;

/** `statement`'s rows, in its order, each with `names` (Names) of the accounts it shows. */
export function withNames(statement: SQL, viewer: ViewerStanding | null): SQL {
  return sql`select page.*, (select coalesce(json_object_agg(n.account, n.name), '{}') from (
      select x.account, ${visibleNameSql(sql`x.account`, viewer)} as name
      from (select distinct lower(s #>> '{}') as account from jsonb_path_query(to_jsonb(page), ${ACCOUNTS_PATH}::jsonpath) s) x) n
      where n.name is not null) as "names"
    from (${statement}) page`;
}

/** The names of several rows as one map (a list's rows each carry their own). */
export const namesOf = (rows: readonly { names: Names }[]): Names => Object.assign({}, ...rows.map((r) => r.names));

/** A row without its names, and the names (a loader returns them once, beside its data). */
export function splitNames<T extends { names: Names }>(row: T): [Omit<T, "names">, Names] {
  const { names, ...rest } = row;
  return [rest, names];
}
