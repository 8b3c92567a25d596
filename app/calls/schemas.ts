/**
 * The operations' inputs that are more than a few fields side by side: the new chapters of
 * addChapterToParty and the one decision on several applicants of updateMemberApplicationForChapter.
 */
import { z } from "zod";
import { address, addresses, boolean, coordinate, list, MAX_BATCH } from "./fields";
import { guard, isPlainObject, problem } from "./issue";
import { location } from "./location";

/** Chapters to add, each with its founding applicants. The form and the action speak in one list; the contract's parallel arrays are made from it, so they always match in length. */
const newChapter = guard(isPlainObject, () => problem("chapter")).pipe(z.object({ applicants: addresses, location, x: coordinate, y: coordinate }));
export const newChapters = z.object({ chapters: list(newChapter, "listOfChapters", MAX_BATCH) });

/** `accounts` for several applicants, or `account` for one (its errors then name `account`). */
export const decision = z
  .object({ account: address.optional(), accounts: addresses.optional(), approved: boolean })
  .transform(({ account, accounts, approved }, ctx) => {
    const all = accounts ?? (account ? [account] : []);
    if (all.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [accounts ? "accounts" : "account"], ...problem(accounts ? "atLeastOneApplicant" : "required") });
      return z.NEVER;
    }
    return { accounts: all, approved };
  });
