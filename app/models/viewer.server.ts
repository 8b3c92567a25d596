/**
 * Who is looking at the page: the signed-in account (the `__Host-session` cookie) and what the
 * read model says it holds. Pages use it to show each control only to accounts that may use it;
 * that is a hint, not a check (SPEC 5: the contract decides, and a refused preflight still says
 * so). A request without a session costs no query, so cached pages stay as they are.
 */
import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { firstRow, V } from "../../db/query.server";
import type { Viewer } from "../utils/viewer";
import { readSessionToken } from "../utils/session-cookie.server";
import { findSession } from "./sessions.server";

type Row = Omit<Viewer, "address">;

/** The viewer of a request, or null when nobody is signed in (or the session cannot be read now). */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  try {
    const session = await findSession(token);
    if (!session) return null;
    const roles = await viewerRoles(session.address);
    return { address: getAddress(session.address), ...roles };
  } catch (error) {
    // The page renders without the hints (its own queries report an unreachable database).
    if (error instanceof Response) return null;
    throw error;
  }
}

const NONE: Row = {
  chapterId: null,
  status: "none",
  partyMember: false,
  partyExecutive: false,
  executiveOf: null,
  centralCommitteeOf: [],
  pendingApplicationChapterId: null,
  holds: [],
  proposedPartyAdmin: false,
};

/** What the account holds, in one statement over the members row and the role holders. */
export async function viewerRoles(account: string): Promise<Row> {
  const a = account.toLowerCase();
  const row = await firstRow<Row>(sql`
    select
      m.chapter_id::text as "chapterId", coalesce(m.status::text, 'none') as "status",
      coalesce(m.party_member, false) as "partyMember", coalesce(m.party_executive, false) as "partyExecutive",
      m.executive_of::text as "executiveOf",
      (select coalesce(json_agg(id::text order by id), '[]') from ${V}.chapters where central_committee_member = ${a}) as "centralCommitteeOf",
      (select chapter_id::text from ${V}.applications where id = m.pending_application_id) as "pendingApplicationChapterId",
      (select coalesce(json_agg(role order by role), '[]') from ${V}.role_holders where holder = ${a}) as "holds",
      exists (select 1 from ${V}.role_holders where role = 'partyAdmin' and pending_holder = ${a}) as "proposedPartyAdmin"
    from (select 1) one left join ${V}.members m on m.account = ${a}`);
  return row ?? NONE;
}
