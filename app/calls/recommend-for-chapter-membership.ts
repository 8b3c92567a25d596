/** recommendForChapterMembership(accounts[]): a chapter member recommends applicants to its chapter. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { addresses } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const recommendForChapterMembershipSchema = z.object({ accounts: addresses });
export type RecommendForChapterMembershipArgs = z.output<typeof recommendForChapterMembershipSchema>;

/** One batched call, or none for an empty list (the contract would revert it with InvalidInput). */
export function recommendForChapterMembership(party: Address, { accounts }: RecommendForChapterMembershipArgs): Call[] {
  if (accounts.length === 0) return [];
  return [partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "recommendForChapterMembership", args: [accounts] }))];
}

export const recommendForChapterMembershipOperation = defineOperation({
  schema: recommendForChapterMembershipSchema,
  build: recommendForChapterMembership,
  subject: ({ accounts }) => ({ accounts }),
});
