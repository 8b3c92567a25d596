import type { Event } from "ponder:registry";
import { warn } from "./event";

/** The contract's role numbers, in order. */
const ROLES = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"] as const;

/** The role's name, or `unknown(<n>)` for a number the ABI does not name (logged). */
export function roleName(role: number, event: Event): string {
  const name = ROLES[role];
  if (name !== undefined) return name;
  warn(event, `RoleHolderSet with unknown role ${role}: recorded as unknown(${role})`);
  return `unknown(${role})`;
}
