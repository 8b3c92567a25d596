/**
 * The permission table's cases (docs/permissions.md, row by row) as data: each row a list of
 * steps, each step a caller that does something and the outcome it must get, "ok" or the custom
 * error. The rows: permission-rows-membership.ts and permission-rows-administration.ts; the test
 * that runs them: permissions.test.ts.
 *
 * Every row starts from permissionWorld (seedWorld in helpers.ts, plus evaluation 1 of chapter 1):
 *   ADMIN: every role, no member.  ALICE: party executive, chapter 1.  BOB: executive of chapter 1.
 *   CAROL: executive of chapter 2.  HEIDI: plain member of chapter 2.  ERIN: party member, no chapter.
 *   DAVE: applied to chapter 1.  Chapter 3 is empty.  FRANK, GRACE, IVAN: nobody.
 */
import type { Hex, PrivateKeyAccount } from "viem";
import { ADMIN } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import { SHA256, digest, mined, seedWorld, type PartyContract, type PartyErrorName } from "./helpers.js";

export async function permissionWorld(tc: TestChain) {
  await seedWorld(tc);
  await mined(tc, tc.party(ADMIN).write.mintEvaluation([1n, SHA256, 32, digest(1)]));
}

export type Step = {
  as: PrivateKeyAccount;
  does: string;
  expect: "ok" | PartyErrorName;
  call: (party: PartyContract, tc: TestChain) => Promise<Hex>;
};
export type Row = { fn: string; steps: Step[] };

export const ok = (as: PrivateKeyAccount, does: string, call: Step["call"]): Step => ({ as, does, expect: "ok", call });
export const fails = (as: PrivateKeyAccount, does: string, error: PartyErrorName, call: Step["call"]): Step => ({
  as,
  does,
  expect: error,
  call,
});
