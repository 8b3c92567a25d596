/** setCentralCommitteeMember(chapterId, account): the chapter admin seats a member of the chapter (the zero address clears the seat). */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address, chapterId } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const setCentralCommitteeMemberSchema = z.object({ chapterId, account: address });
export type SetCentralCommitteeMemberArgs = z.output<typeof setCentralCommitteeMemberSchema>;

export function setCentralCommitteeMember(party: Address, { chapterId, account }: SetCentralCommitteeMemberArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "setCentralCommitteeMember", args: [chapterId, account] }));
}

export const setCentralCommitteeMemberOperation = defineOperation({
  schema: setCentralCommitteeMemberSchema,
  build: (party, args) => [setCentralCommitteeMember(party, args)],
  subject: ({ chapterId, account }) => ({ chapterId, account }),
});
