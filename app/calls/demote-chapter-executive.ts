/** demoteChapterExecutive(account, chapterId): a party executive demotes a chapter executive. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address, chapterId } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const demoteChapterExecutiveSchema = z.object({ account: address, chapterId });
export type DemoteChapterExecutiveArgs = z.output<typeof demoteChapterExecutiveSchema>;

export function demoteChapterExecutive(party: Address, { account, chapterId }: DemoteChapterExecutiveArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "demoteChapterExecutive", args: [account, chapterId] }));
}

export const demoteChapterExecutiveOperation = defineOperation({
  schema: demoteChapterExecutiveSchema,
  build: (party, args) => [demoteChapterExecutive(party, args)],
  subject: ({ account, chapterId }) => ({ account, chapterId }),
});
