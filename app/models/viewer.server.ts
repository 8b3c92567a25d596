/**
 * Who is looking at the page: the signed-in account (the `__Host-session` cookie) and what the
 * read model says it holds. Pages use it to show each control only to accounts that may use it;
 * that is a hint, not a check (SPEC 5: the contract decides, and a refused preflight still says
 * so). Which controls that is, the viewer carries worked out (`may`: each operation's `who`,
 * app/calls/index.ts), so the browser needs no operation table to ask. A request without a session
 * costs no query, so cached pages stay as they are.
 */
import type { AppLoadContext } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { firstRow, views } from "../../db/query.server";
import { permissionsOf } from "../calls";
import type { ViewerFacts } from "../ground/audience";
import type { Viewer } from "../utils/viewer";
import { readSessionToken } from "../utils/session-cookie.server";
import { sessionId } from "./sessions.server";

/**
 * The viewer of a request, or null when nobody is signed in (or the session cannot be read now):
 * the session and what its account holds, in one statement over the sessions row, the members row
 * and the role holders. A loader passes its `context` too: a render shared by every viewer of one
 * kind (server/viewer-pages.ts) carries its viewer there, and no session.
 */
export async function getViewer(request: Request, context?: AppLoadContext): Promise<Viewer | null> {
  if (context?.viewer) return context.viewer;
  try {
    return await viewerOfSession(readSessionToken(request));
  } catch (error) {
    // The page renders without the hints (its own queries report an unreachable database).
    if (error instanceof Response) return null;
    throw error;
  }
}

/**
 * The viewer of a session token (the web server asks this before it picks a shared render), or
 * null when it names no live session; an unreachable database throws (db/query.server.ts's 503
 * Response), so that no one is taken for signed out while it cannot say.
 */
export async function viewerOfSession(token: string | undefined): Promise<Viewer | null> {
  if (!token) return null;
  const row = await firstRow<ViewerFacts>(sql`
      select s.address,
        m.chapter_id::text as "chapterId", coalesce(m.status::text, 'none') as "status",
        coalesce(m.party_member, false) as "partyMember", coalesce(m.party_executive, false) as "partyExecutive",
        m.executive_of::text as "executiveOf",
        (select coalesce(json_agg(id::text order by id), '[]') from ${views}.chapters where central_committee_member = lower(s.address)) as "centralCommitteeOf",
        (select chapter_id::text from ${views}.applications where id = m.pending_application_id) as "pendingApplicationChapterId",
        (select coalesce(json_agg(role order by role), '[]') from ${views}.role_holders where holder = lower(s.address)) as "holds",
        exists (select 1 from ${views}.role_holders where role = 'partyAdmin' and pending_holder = lower(s.address)) as "proposedPartyAdmin"
      from app.sessions s left join ${views}.members m on m.account = lower(s.address)
      where s.id = ${sessionId(token)} and s.revoked_at is null and s.expires_at > now()`);
  if (!row) return null;
  const facts = { ...row, address: getAddress(row.address) };
  return { ...facts, may: permissionsOf(facts) };
}
