/**
 * Pages shared by signed-in viewers of one kind (server/viewer-pages.ts, docs/decisions/0016).
 *
 * A cached page depends on who asks only through what the read model says of the viewer (its
 * facts: app/ground/audience.ts), and of those only through how they stand to what the page shows:
 * a chapter page asks whether the viewer is a member or an executive of that chapter, never which
 * other chapter it belongs to. So a page is rendered once per kind of viewer, for a viewer whose
 * facts are reduced to the page's scope (the chapters it shows, from its page tags) and whose
 * address is a placeholder, and every viewer of that kind is served the same bytes. The browser
 * learns whose page it is from the account cookie (set beside the session cookie, readable by the
 * page's scripts), not from the HTML: nothing in a shared page names its viewer.
 *
 * Reducing takes relations away (a chapter outside the scope becomes OUTSIDE, which is no
 * chapter) and makes alike what no shared page tells apart (`reducedFacts`), so a shared page
 * never shows a viewer more than its own render would.
 */
import type { Address } from "viem";
import type { ViewerFacts } from "./audience";

/** The address a shared render's viewer has: nobody's, digits only so that no spelling changes it (the server never keeps a page that shows it). */
export const SHARED_VIEWER_ADDRESS = "0x5335000000000000000000000000000000005335" as Address;

/** A chapter the page does not show, in a reduced viewer's facts: matches no chapter id. */
export const OUTSIDE = "-1";

/**
 * The cookie that tells a page's scripts which account is signed in (the session cookie is
 * HttpOnly): not a credential, the session is. Set and cleared with the session cookie.
 */
export const ACCOUNT_COOKIE = "account";

const inScope = (scope: ReadonlySet<string>, id: string | null) => (id === null || scope.has(id) ? id : OUTSIDE);

/**
 * The viewer's facts as a page whose scope is `scope` (chapter ids) may depend on them. Besides
 * the chapters, three facts no shared page tells apart are made one, so that fewer kinds share
 * more (each kind is a render after every change of the page):
 * - a chapter member is a party member (names already count it one, decision 0015; leaving the
 *   party is offered on /me only);
 * - an account in no chapter is "none", whether it never joined, left or was removed (only the
 *   member status and a pending application decide a control; /me says which);
 * - the central committee seats outside the page (only /me and the proofs show them).
 * tests/server/viewer-pages.test.ts holds every kind's shared page to its own render.
 */
export function reducedFacts(facts: ViewerFacts, scope: ReadonlySet<string>): ViewerFacts {
  const member = facts.status === "member";
  return {
    address: SHARED_VIEWER_ADDRESS,
    chapterId: member ? inScope(scope, facts.chapterId) : null,
    status: member ? "member" : "none",
    partyMember: member || facts.partyMember,
    partyExecutive: facts.partyExecutive,
    executiveOf: inScope(scope, facts.executiveOf),
    centralCommitteeOf: facts.centralCommitteeOf.filter((id) => scope.has(id)),
    pendingApplicationChapterId: inScope(scope, facts.pendingApplicationChapterId),
    holds: [...facts.holds],
    proposedPartyAdmin: facts.proposedPartyAdmin,
  };
}

/** One key per kind: reduced facts that are equal give equal keys. */
export function kindKey(reduced: ViewerFacts): string {
  const f = reduced;
  return [f.status, f.chapterId, f.executiveOf, f.pendingApplicationChapterId, f.centralCommitteeOf.join("."), f.holds.join("."), +f.partyMember, +f.partyExecutive, +f.proposedPartyAdmin].join(",");
}

/**
 * The chapters a page shows, from its page tags (app/utils/page-tags.ts): `chapter:<id>`, and
 * `standing:<id>` for a chapter whose members' names it shows (a name's visibility asks how the
 * viewer stands to the named member's chapter) without showing the chapter itself.
 */
export function scopeOf(tags: readonly string[]): Set<string> {
  const scope = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith("chapter:")) scope.add(tag.slice("chapter:".length));
    else if (tag.startsWith("standing:")) scope.add(tag.slice("standing:".length));
  }
  return scope;
}

/** The account cookie's value from a Cookie header (the browser reads document.cookie). */
export function accountFromCookies(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === ACCOUNT_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^0x[0-9a-fA-F]{40}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
