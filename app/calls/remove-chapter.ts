/** removeChapter(chapterId): the chapter admin removes an empty chapter. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { chapterId } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const removeChapterSchema = z.object({ chapterId });
export type RemoveChapterArgs = z.output<typeof removeChapterSchema>;

export function removeChapter(party: Address, { chapterId }: RemoveChapterArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "removeChapter", args: [chapterId] }));
}

export const removeChapterOperation = defineOperation({
  schema: removeChapterSchema,
  build: (party, args) => [removeChapter(party, args)],
  subject: ({ chapterId }) => ({ chapterId }),
});
