/** applyForChapterMembership(chapterId): anyone in no chapter and with no pending application. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { chapterId } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const applyForChapterMembershipSchema = z.object({ chapterId });
export type ApplyForChapterMembershipArgs = z.output<typeof applyForChapterMembershipSchema>;

export function applyForChapterMembership(party: Address, { chapterId }: ApplyForChapterMembershipArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "applyForChapterMembership", args: [chapterId] }));
}

export const applyForChapterMembershipOperation = defineOperation({
  schema: applyForChapterMembershipSchema,
  build: (party, args) => [applyForChapterMembership(party, args)],
  subject: ({ chapterId }) => ({ chapterId }),
});
