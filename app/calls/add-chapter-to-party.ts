/**
 * addChapterToParty(applicants[][], locations[], xs[], ys[]): the chapter admin adds several
 * chapters at once, each with its founding applicants. The form and the action speak in one list
 * of chapters; the contract's parallel arrays are made here, so they always match in length.
 */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { addresses, coordinate, list, MAX_BATCH } from "./fields";
import { location } from "./location";
import { guard, isPlainObject, problem } from "./issue";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

const chapter = guard(isPlainObject, () => problem("chapter")).pipe(z.object({ applicants: addresses, location, x: coordinate, y: coordinate }));

export const addChapterToPartySchema = z.object({ chapters: list(chapter, "listOfChapters", MAX_BATCH) });
export type AddChapterToPartyArgs = z.output<typeof addChapterToPartySchema>;
export type NewChapter = AddChapterToPartyArgs["chapters"][number];

/** One batched call, or none for an empty list: SPEC 5, "adding chapters does nothing when the list is empty". */
export function addChapterToParty(party: Address, { chapters }: AddChapterToPartyArgs): Call[] {
  if (chapters.length === 0) return [];
  const args = [chapters.map((c) => c.applicants), chapters.map((c) => c.location), chapters.map((c) => c.x), chapters.map((c) => c.y)] as const;
  return [partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "addChapterToParty", args }))];
}

export const addChapterToPartyOperation = defineOperation({
  schema: addChapterToPartySchema,
  build: addChapterToParty,
  subject: ({ chapters }) => ({ accounts: chapters.flatMap((c) => c.applicants) }),
});
