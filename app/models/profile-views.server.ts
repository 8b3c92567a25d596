/**
 * Profiles as others see them, in SQL: the rule of app/ground/profile-visibility.ts for a list, so
 * a page selects each row's visible name in its one statement:
 *
 *   select m.account, ${visibleProfileSql(sql`m.account`, viewer)} as profile from ${views}.members m ...
 *
 * `profile` is json `{ displayName, about }` (a field the viewer may not see is null), or null when
 * the account has no profile. The statement's text is the same for every viewer (the viewer's
 * standing goes in as parameters), so pages may run it prepared. Every join is by primary key.
 */
import { sql, type SQL } from "drizzle-orm";
import { rows, views } from "../../db/query.server";
import { VISIBILITIES, type ViewerStanding, type Visibility } from "../ground/profile-visibility";

/** The rank of a visibility column (0 self … 4 everyone), as VISIBILITIES orders them. */
const rankOf = (column: SQL) => sql`(array_position(${sql.raw(`array[${VISIBILITIES.map((v) => `'${v}'`).join(", ")}]`)}, ${column}) - 1)`;

/** The viewer's standing as the statement's parameters; a stranger's stands in no relation. */
function standing(viewer: ViewerStanding | null) {
  const member = viewer?.status === "member";
  return {
    address: viewer?.address.toLowerCase() ?? null,
    partyExecutive: viewer?.partyExecutive ?? false,
    executiveOf: viewer?.executiveOf ?? null,
    chapterId: member ? viewer.chapterId : null,
    partyMember: !!viewer && (viewer.partyMember || member),
  };
}

/**
 * The viewer's relation to the profile's account `p` (whose member row is `o`, pending
 * application `a`) as its rank: self 0, executives 1, chapter 2, members 3, everyone 4.
 */
function relationRank(viewer: ViewerStanding | null): SQL {
  const v = standing(viewer);
  return sql`case
    when p.account = ${v.address}::text then 0
    when ${v.partyExecutive}::boolean
      or ${v.executiveOf}::numeric = case when o.status = 'member' then o.chapter_id end
      or ${v.executiveOf}::numeric = a.chapter_id then 1
    when o.status = 'member' and o.chapter_id = ${v.chapterId}::numeric then 2
    when ${v.partyMember}::boolean then 3
    else 4 end`;
}

/** The profile row of `account` as `p`, its member row as `o` and pending application as `a` (none when it has no profile). */
export const profileJoinsSql = (account: SQL): SQL => sql`left join app.profiles p on p.account = ${account}
    left join ${views}.members o on o.account = p.account
    left join ${views}.applications a on a.id = o.pending_application_id`;

/** The display name of the profile `p` (joined as profileJoinsSql joins it) that `viewer` may see, or null: text. */
export const profileNameSql = (viewer: ViewerStanding | null): SQL =>
  sql`case when ${relationRank(viewer)} <= ${rankOf(sql`p.display_name_visibility`)} then p.display_name end`;

/** The profile of the account at `account` (lower case, as the read model spells it) as `viewer` may see it: json or null. */
export function visibleProfileSql(account: SQL, viewer: ViewerStanding | null): SQL {
  return sql`(select json_build_object(
      'displayName', ${profileNameSql(viewer)},
      'about', case when ${relationRank(viewer)} <= ${rankOf(sql`p.about_visibility`)} then p.about end)
    from (select) one ${profileJoinsSql(account)}
    where p.account is not null)`;
}

export type VisibleProfileRow = { account: string; profile: { displayName: string | null; about: string | null } | null };

/** The profiles of `accounts` as `viewer` may see them, in their order (a list's names, the CSV's). */
export async function visibleProfilesOf({ accounts, viewer }: { accounts: readonly string[]; viewer: ViewerStanding | null }): Promise<VisibleProfileRow[]> {
  const lower = accounts.map((a) => a.toLowerCase());
  return rows<VisibleProfileRow>(
    sql`select x.account, ${visibleProfileSql(sql`x.account`, viewer)} as profile
      from unnest(${sql.param(lower)}::text[]) with ordinality as x(account, n) order by x.n`,
    { prepared: true },
  );
}

/**
 * Whether a name of this skeleton is already shown by another account where `account`'s name
 * would be seen: a name visible to all members or everyone, or one shown (to its executives or
 * wider) in the chapter `account` is a member of or has applied to. Names only the account sees
 * take no name from anyone.
 */
export async function nameShownNearby({
  account,
  skeleton,
  chapterIds,
}: {
  account: string;
  skeleton: string;
  /** The chapter the account is a member of and the one it has applied to (either may be absent). */
  chapterIds: readonly string[];
}): Promise<boolean> {
  const wide: Visibility[] = ["members", "everyone"];
  const found = await rows<{ one: number }>(sql`
    select 1 as one from app.profiles p
    left join ${views}.members o on o.account = p.account
    left join ${views}.applications a on a.id = o.pending_application_id
    where p.display_name_skeleton = ${skeleton} and p.account <> ${account.toLowerCase()}
      and p.display_name_visibility <> 'self'
      and (p.display_name_visibility = any(${sql.param(wide)}::text[])
        or (o.status = 'member' and o.chapter_id = any(${sql.param(chapterIds)}::numeric[]))
        or a.chapter_id = any(${sql.param(chapterIds)}::numeric[]))
    limit 1`);
  return found.length > 0;
}
