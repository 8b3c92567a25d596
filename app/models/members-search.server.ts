/**
 * The member search (GET /members?q=0x…): accounts whose address starts with a hex prefix, in
 * address order, each with its chapter and status. `members.account` is the primary key, stored as
 * lower-case hex text; a `like 'prefix%'` would need a text_pattern_ops index under a non-C
 * collation, so the prefix becomes a range instead, which the primary key's btree answers under
 * any collation: every string that starts with the prefix sorts at or after it and before the
 * prefix followed by "g" (the next character after the hex digits a–f and 0–9).
 *
 * The search by name (GET /members?q=<name>, issue 28 item 4) finds the accounts whose display
 * name, as the viewer may see it, starts with what was typed (any case), in name order: a name
 * the viewer may not see is never matched, so no answer tells that it exists. The index
 * (db/migrations/0019) orders lower-case names under the C collation, carrying each name's
 * visibility, so the names no viewer of this standing could see are passed over in the index
 * and the rule itself (app/models/profile-views.server.ts) decides for the rest.
 */
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { rows, views } from "../../db/query.server";
import type { MemberStatus } from "../ground/format";
import { VISIBILITIES, type ViewerStanding, type Visibility } from "../ground/profile-visibility";
import { visibleNameSql, withNames, type Named, type Names } from "./names.server";

export type MemberMatch = { account: Address; chapterId: string | null; status: MemberStatus };

/** Matches per page: enough to pick from, few enough for a datalist. */
export const MEMBER_SEARCH_LIMIT = 20;

export type SearchMembersParameters = {
  /** "0x" and 0 to 40 lower-case hex digits (the route checks it). */
  prefix: string;
  /** The last account of the previous page (lower case). */
  after?: string;
  limit: number;
};

/** Each match carries `names` (app/models/names.server.ts): its name as `viewer` may see it (null: a stranger's). */
export function searchMembers({ prefix, after, limit, viewer = null }: SearchMembersParameters & { viewer?: ViewerStanding | null }) {
  return rows<MemberMatch & Named>(
    withNames(
      sql`
    select account, chapter_id::text as "chapterId", status
    from ${views}.members
    where account >= ${prefix} and account < ${`${prefix}g`}
      ${after ? sql`and account > ${after}` : sql``}
    order by account
    limit ${limit}`,
      viewer,
    ),
  );
}

/** The visibilities of other accounts' names a viewer of this standing could see anywhere (its own it always sees). */
function reachable(viewer: ViewerStanding | null): readonly Visibility[] {
  const widest = !viewer
    ? "everyone"
    : viewer.partyExecutive || viewer.executiveOf !== null
      ? "executives"
      : viewer.status === "member"
        ? "chapter"
        : viewer.partyMember
          ? "members"
          : "everyone";
  return VISIBILITIES.slice(VISIBILITIES.indexOf(widest));
}

/** `like` reads % _ and \ as patterns: each is matched as itself. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);


export type SearchMembersByNameParameters = {
  /** The start of a name, as typed (1 to 50 characters; the route checks it). */
  name: string;
  /** The last account of the previous page. */
  after?: string;
  limit: number;
  viewer: ViewerStanding | null;
};

/**
 * The accounts whose name `viewer` may see and that starts with `name` (any case), in name order,
 * then address; each with `names` as every page's rows (app/models/names.server.ts).
 */
export function searchMembersByName({ name, after, limit, viewer }: SearchMembersByNameParameters) {
  const key = sql`lower(s.display_name) collate "C"`;
  const cursor = after
    ? sql`and (${key}, s.account) > (select lower(c.display_name) collate "C", c.account from app.profiles c where c.account = ${after.toLowerCase()})`
    : sql``;
  return rows<MemberMatch & Named>(
    withNames(
      sql`
    select s.account, m.chapter_id::text as "chapterId", coalesce(m.status::text, 'none') as "status"
    from app.profiles s
    left join ${views}.members m on m.account = s.account
    where s.display_name is not null and ${key} like ${`${literal(name.toLowerCase())}%`}
      and (s.display_name_visibility = any(${sql.param(reachable(viewer))}::text[]) or s.account = ${viewer?.address.toLowerCase() ?? null}::text)
      and ${visibleNameSql(sql`s.account`, viewer)} is not null
      ${cursor}
    order by ${key}, s.account
    limit ${limit}`,
      viewer,
    ),
  );
}
