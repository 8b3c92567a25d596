/**
 * The signed-in account as pages see it (the root loader's `viewer`, app/models/viewer.server.ts),
 * and the questions role screens ask of it. Hints only: a control is shown to the accounts the
 * read model says may use it, and the contract still decides (SPEC 5).
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { OperationName } from "../calls";
import type { HeldRole, Scope, ViewerFacts } from "../ground/audience";

export type Viewer = ViewerFacts & {
  /** The operations this account is offered, and where: each operation's `who`, worked out on the server. */
  may: Partial<Record<OperationName, Scope>>;
};

/** The signed-in account with its roles, or null (nobody signed in, or an error page). */
export function useViewer(): Viewer | null {
  return useRouteLoaderData<{ viewer: Viewer | null }>("root")?.viewer ?? null;
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
