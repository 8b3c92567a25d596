/**
 * The signed-in account as pages see it (the root loader's `viewer`, app/models/viewer.server.ts),
 * and the questions role screens ask of it. Hints only: a control is shown to the accounts the
 * read model says may use it, and the contract still decides (SPEC 5).
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { Address } from "viem";
import type { MemberStatus } from "./format";

/** A single-holder role, as the read model's role_holders names it. */
export type HeldRole = "partyAdmin" | "chapterAdmin" | "evaluationMinter" | "infoSender";

/** The single-holder roles; in words: the messages' `roles.held.<role>` (in a sentence) and `roles.heldTitle.<role>`. */
export const HELD_ROLES: readonly HeldRole[] = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"];
export const isHeldRole = (role: string): role is HeldRole => (HELD_ROLES as readonly string[]).includes(role);

export type Viewer = {
  address: Address;
  /** Current chapter (status member), or the last one (left, removed); null when never in one. */
  chapterId: string | null;
  status: MemberStatus;
  partyMember: boolean;
  partyExecutive: boolean;
  executiveOf: string | null;
  centralCommitteeOf: string[];
  /** The chapter of the pending application, if any. */
  pendingApplicationChapterId: string | null;
  /** The single-holder roles this account holds. */
  holds: HeldRole[];
  /** Proposed as the next party admin, waiting to accept. */
  proposedPartyAdmin: boolean;
};

/** The signed-in account with its roles, or null (nobody signed in, or an error page). */
export function useViewer(): Viewer | null {
  return useRouteLoaderData<{ viewer: Viewer | null }>("root")?.viewer ?? null;
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

export const isViewer = (viewer: Viewer | null, account: string | null | undefined) => same(viewer?.address, account);
export const holds = (viewer: Viewer | null, role: HeldRole) => viewer?.holds.includes(role) ?? false;
export const isMemberOf = (viewer: Viewer | null, chapterId: string) => viewer?.status === "member" && viewer.chapterId === chapterId;
/** Decides the chapter's applications and removes its plain members: its executives, and party executives. */
export const canAdministerChapter = (viewer: Viewer | null, chapterId: string) =>
  !!viewer && (viewer.partyExecutive || viewer.executiveOf === chapterId);
