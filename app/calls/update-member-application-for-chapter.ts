/**
 * updateMemberApplicationForChapter(account, approved): an executive of the applied-to chapter, or
 * a party executive, approves or rejects. One decision for several applicants (`accounts`) is one
 * call each, sent as one user operation; `account` alone is the one-applicant form.
 */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address, addresses, boolean } from "./fields";
import { problem } from "./issue";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

/** `accounts` for several applicants, or `account` for one (its errors then name `account`). */
export const updateMemberApplicationForChapterSchema = z
  .object({ account: address.optional(), accounts: addresses.optional(), approved: boolean })
  .transform(({ account, accounts, approved }, ctx) => {
    const all = accounts ?? (account ? [account] : []);
    if (all.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [accounts ? "accounts" : "account"], ...problem(accounts ? "atLeastOneApplicant" : "required") });
      return z.NEVER;
    }
    return { accounts: all, approved };
  });
export type UpdateMemberApplicationForChapterArgs = z.output<typeof updateMemberApplicationForChapterSchema>;

export function updateMemberApplicationForChapter(party: Address, { account, approved }: { account: Address; approved: boolean }): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "updateMemberApplicationForChapter", args: [account, approved] }));
}

export const updateMemberApplicationForChapterOperation = defineOperation({
  schema: updateMemberApplicationForChapterSchema,
  build: (party, { accounts, approved }) => accounts.map((account) => updateMemberApplicationForChapter(party, { account, approved })),
  subject: ({ accounts, approved }) => (accounts.length === 1 ? { account: accounts[0], approved } : { accounts, approved }),
});
