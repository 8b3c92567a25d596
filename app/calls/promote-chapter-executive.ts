/** promoteChapterExecutive(account, chapterId): a party executive promotes a member of that chapter. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address, chapterId } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const promoteChapterExecutiveSchema = z.object({ account: address, chapterId });
export type PromoteChapterExecutiveArgs = z.output<typeof promoteChapterExecutiveSchema>;

export function promoteChapterExecutive(party: Address, { account, chapterId }: PromoteChapterExecutiveArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "promoteChapterExecutive", args: [account, chapterId] }));
}

export const promoteChapterExecutiveOperation = defineOperation({
  schema: promoteChapterExecutiveSchema,
  build: (party, args) => [promoteChapterExecutive(party, args)],
  subject: ({ account, chapterId }) => ({ account, chapterId }),
});
