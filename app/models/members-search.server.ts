/**
 * The member search (GET /members?q=0x…): accounts whose address starts with a hex prefix, in
 * address order, each with its chapter and status. `members.account` is the primary key, stored as
 * lower-case hex text; a `like 'prefix%'` would need a text_pattern_ops index under a non-C
 * collation, so the prefix becomes a range instead, which the primary key's btree answers under
 * any collation: every string that starts with the prefix sorts at or after it and before the
 * prefix followed by "g" (the next character after the hex digits a–f and 0–9).
 */
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { rows, views } from "../../db/query.server";
import type { MemberStatus } from "../ground/format";

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

export function searchMembers({ prefix, after, limit }: SearchMembersParameters) {
  return rows<MemberMatch>(sql`
    select account, chapter_id::text as "chapterId", status
    from ${views}.members
    where account >= ${prefix} and account < ${`${prefix}g`}
      ${after ? sql`and account > ${after}` : sql``}
    order by account
    limit ${limit}`);
}
