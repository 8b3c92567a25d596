/** leaveChapter(): a chapter member leaves (and gives up its executive role and committee seat). */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const leaveChapterSchema = z.object({});
export type LeaveChapterArgs = z.output<typeof leaveChapterSchema>;

export function leaveChapter(party: Address, _args: LeaveChapterArgs = {}): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "leaveChapter" }));
}

export const leaveChapterOperation = defineOperation({
  schema: leaveChapterSchema,
  build: (party, args) => [leaveChapter(party, args)],
  subject: () => ({}),
});
