/**
 * The signed-in account as pages see it (the root loader's `viewer`, app/models/viewer.server.ts),
 * and the questions role screens ask of it. Hints only: a control is shown to the accounts the
 * read model says may use it, and the contract still decides (SPEC 5).
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { Address } from "viem";
import type { OperationName } from "../calls";
import type { HeldRole, Scope, ViewerFacts } from "../ground/audience";
import { accountFromCookies, SHARED_VIEWER_ADDRESS } from "../ground/shared-viewer";

export type Viewer = ViewerFacts & {
  /** The operations this account is offered, and where: each operation's `who`, worked out on the server. */
  may: Partial<Record<OperationName, Scope>>;
};

/**
 * The signed-in account with its roles, or null (nobody signed in, or an error page). A page
 * shared by a kind of viewer (app/ground/shared-viewer.ts) names a placeholder in its data: in the
 * browser, the account cookie says whose page it is (on the server, nothing rendered uses it).
 */
export function useViewer(): Viewer | null {
  const viewer = useRouteLoaderData<{ viewer: Viewer | null }>("root")?.viewer ?? null;
  return useMemo(() => (viewer?.address === SHARED_VIEWER_ADDRESS ? { ...viewer, address: cookieAccount() ?? viewer.address } : viewer), [viewer]);
}

/** The account cookie, as the server wrote it (checksummed: server/viewer-pages.ts); not through viem, which is not in a page's first JS. */
function cookieAccount(): Address | undefined {
  if (typeof document === "undefined") return undefined;
  return accountFromCookies(document.cookie) as Address | undefined;
}

/** Whether the viewer is offered the operation's control: in `chapterId`, or (without one) anywhere at all. */
export function mayUse(viewer: Viewer | null, operation: OperationName, chapterId?: string): boolean {
  const scope = viewer?.may[operation] ?? false;
  if (typeof scope === "boolean") return scope;
  return chapterId === undefined ? scope.length > 0 : scope.includes(chapterId);
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

export const isViewer = (viewer: Viewer | null, account: string | null | undefined) => same(viewer?.address, account);
export const holds = (viewer: ViewerFacts | null, role: HeldRole) => viewer?.holds.includes(role) ?? false;
