/** updateMemberApplicationForChapter(account, approved): an executive of the applied-to chapter, or a party executive, approves or rejects. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address, boolean } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const updateMemberApplicationForChapterSchema = z.object({ account: address, approved: boolean });
export type UpdateMemberApplicationForChapterArgs = z.output<typeof updateMemberApplicationForChapterSchema>;

export function updateMemberApplicationForChapter(party: Address, { account, approved }: UpdateMemberApplicationForChapterArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "updateMemberApplicationForChapter", args: [account, approved] }));
}

export const updateMemberApplicationForChapterOperation = defineOperation({
  schema: updateMemberApplicationForChapterSchema,
  build: (party, args) => [updateMemberApplicationForChapter(party, args)],
  subject: ({ account, approved }) => ({ account, approved }),
});
