/**
 * Before the first application, the truth (issue 28 item 5): POST /api/calls builds no
 * application for an account that has not confirmed /before-applying's current text
 * (app/models/disclosures.server.ts). The chapter page's apply form sends such an account there
 * first; this is the server's word for any other client. A hint all the same: the contract takes
 * an application from anyone, and what it needs is that the app never helps one past the page.
 */
import type { Address } from "viem";
import { unavailableResponse } from "../../db/query.server";
import type { OperationName } from "../calls";
import { message } from "../i18n/message";
import { hasConfirmedDisclosure } from "../models/disclosures.server";
import { refused, type Refused } from "../utils/http.server";

/** The page an applicant reads and confirms first. */
export const BEFORE_APPLYING = "/before-applying";

/** Why `from` may not have `operation`'s calls yet, or null. */
export async function applyGate(operation: OperationName, from: Address): Promise<Refused | null> {
  if (operation !== "applyForChapterMembership") return null;
  try {
    if (await hasConfirmedDisclosure(from)) return null;
  } catch (error) {
    if (unavailableResponse(error)) return refused(503, message("errors.status.503"));
    throw error;
  }
  return refused(403, message("refusals.apply.disclosure", { page: BEFORE_APPLYING }));
}
