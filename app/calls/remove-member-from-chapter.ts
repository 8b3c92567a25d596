/** removeMemberFromChapter(account): an executive of the member's chapter, or a party executive. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const removeMemberFromChapterSchema = z.object({ account: address });
export type RemoveMemberFromChapterArgs = z.output<typeof removeMemberFromChapterSchema>;

export function removeMemberFromChapter(party: Address, { account }: RemoveMemberFromChapterArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "removeMemberFromChapter", args: [account] }));
}

export const removeMemberFromChapterOperation = defineOperation({
  schema: removeMemberFromChapterSchema,
  build: (party, args) => [removeMemberFromChapter(party, args)],
  subject: ({ account }) => ({ account }),
});
