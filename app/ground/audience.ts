/**
 * Who is who, as the read model says it of a signed-in account, and who is offered each
 * operation's control: every operation's `who` (app/calls/index.ts) is one of the audiences here.
 * Hints only: the contract decides (SPEC 5).
 */
import type { Address } from "viem";
import type { MemberStatus } from "./format";

/** A single-holder role, as the read model's role_holders names it. */
export type HeldRole = "partyAdmin" | "chapterAdmin" | "evaluationMinter" | "infoSender";

/** The single-holder roles; in words: the messages' `roles.held.<role>` (in a sentence) and `roles.heldTitle.<role>`. */
export const HELD_ROLES: readonly HeldRole[] = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"];
export const isHeldRole = (role: string): role is HeldRole => (HELD_ROLES as readonly string[]).includes(role);

/** What the read model says of the signed-in account (app/models/viewer.server.ts). */
export type ViewerFacts = {
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

/** Where an account is offered an operation's control: everywhere (true), in these chapters only, or nowhere (false). */
export type Scope = boolean | readonly string[];

export type Audience = (viewer: ViewerFacts) => Scope;

/** Any signed-in account (signed out, a page may still show the control: pressing it signs in first). */
export const everyone: Audience = () => true;
/** In no chapter and with no application waiting. */
export const applicants: Audience = (v) => v.status !== "member" && !v.pendingApplicationChapterId;
export const chapterMembers: Audience = (v) => (v.status === "member" && v.chapterId ? [v.chapterId] : false);
/** Who decides a chapter's applications and removes its members: its executives, and party executives everywhere. */
export const chapterAdministrators: Audience = (v) => v.partyExecutive || (v.executiveOf ? [v.executiveOf] : false);
export const partyMembers: Audience = (v) => v.partyMember;
export const partyExecutives: Audience = (v) => v.partyExecutive;
export const proposedPartyAdmin: Audience = (v) => v.proposedPartyAdmin;
export const holdersOf = (role: HeldRole): Audience => (v) => v.holds.includes(role);
