/** The party page: executives, role holders, totals and the contract's upgrades, in one statement. */
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { firstRow, views } from "../../db/query.server";
import type { ViewerStanding } from "../ground/profile-visibility";
import { withNames, type Named } from "./names.server";

export type PartyOverview = {
  executives: { account: Address; chapterId: string | null; promotedBlock: string; promotedBy: Address }[];
  /** `pendingHolder`: the proposed next party admin, until they accept (else null). */
  roleHolders: { role: string; holder: Address; block: string; pendingHolder: Address | null }[];
  /** The proxy's history, newest first: new implementations and initializer runs. */
  upgrades: { kind: "upgraded" | "initialized"; implementation: Address | null; version: string | null; block: string }[];
  totals: {
    chapterCount: number;
    memberCount: number;
    partyMemberCount: number;
    pendingApplicationCount: number;
    evaluationCount: number;
    voteCount: number;
    infoCount: number;
  } | null;
};

export const PARTY_EXECUTIVE_CAP = 500;
export const UPGRADES_SHOWN = 20;

/** The party page, with the names `viewer` may see of every account it shows (withNames; null: a stranger's). */
export async function getPartyOverview(viewer: ViewerStanding | null = null): Promise<PartyOverview & Named> {
  const row = await firstRow<PartyOverview & Named>(withNames(sql`
    select
      (select coalesce(json_agg(x), '[]') from (
        select p.account, m.chapter_id::text as "chapterId", p.promoted_block::text as "promotedBlock", p.promoted_by as "promotedBy"
        from ${views}.party_executives p left join ${views}.members m on m.account = p.account
        where p.active order by p.account limit ${PARTY_EXECUTIVE_CAP}) x) as "executives",
      (select coalesce(json_agg(x order by x.role), '[]') from (
        select role, holder, block::text as "block", pending_holder as "pendingHolder" from ${views}.role_holders) x) as "roleHolders",
      (select coalesce(json_agg(json_build_object('kind', u.kind, 'implementation', u.implementation,
          'version', u.version::text, 'block', u.block::text) order by u.block desc, u.log_index desc), '[]') from (
        select * from ${views}.upgrades order by block desc, log_index desc limit ${UPGRADES_SHOWN}) u) as "upgrades",
      (select row_to_json(t) from (
        select chapter_count as "chapterCount", member_count as "memberCount", party_member_count as "partyMemberCount",
          pending_application_count as "pendingApplicationCount", evaluation_count as "evaluationCount",
          vote_count as "voteCount", info_count as "infoCount"
        from ${views}.party_totals where id = 1) t) as "totals"`, viewer));
  return row ?? { executives: [], roleHolders: [], upgrades: [], totals: null, names: {}, nameChapters: [] };
}
