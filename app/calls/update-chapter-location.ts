/** updateChapterLocation(chapterId, location, x, y): the chapter admin moves or renames a chapter. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { chapterId, coordinate } from "./fields";
import { location } from "./location";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const updateChapterLocationSchema = z.object({ chapterId, location, x: coordinate, y: coordinate });
export type UpdateChapterLocationArgs = z.output<typeof updateChapterLocationSchema>;

export function updateChapterLocation(party: Address, { chapterId, location, x, y }: UpdateChapterLocationArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "updateChapterLocation", args: [chapterId, location, x, y] }));
}

export const updateChapterLocationOperation = defineOperation({
  schema: updateChapterLocationSchema,
  build: (party, args) => [updateChapterLocation(party, args)],
  subject: ({ chapterId }) => ({ chapterId }),
});
