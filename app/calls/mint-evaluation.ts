/** mintEvaluation(chapterId, hashCode, hashSize, hashDigest): the evaluation minter evaluates a chapter. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { contentIdFields, resolveContentId } from "./content-id";
import { chapterId } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call, type ContentId } from "./types";

/** Takes `cid`, or `hashCode`, `hashSize` and `hashDigest`. */
export const mintEvaluationSchema = z.object({ chapterId, ...contentIdFields }).transform(({ chapterId, ...content }, ctx) => {
  const parts = resolveContentId(content, ctx);
  return parts ? { chapterId, ...parts } : z.NEVER;
});
export type MintEvaluationArgs = { chapterId: bigint } & ContentId;

export function mintEvaluation(party: Address, { chapterId, hashCode, hashSize, hashDigest }: MintEvaluationArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "mintEvaluation", args: [chapterId, hashCode, hashSize, hashDigest] }));
}

export const mintEvaluationOperation = defineOperation({
  schema: mintEvaluationSchema,
  build: (party, args) => [mintEvaluation(party, args)],
  subject: ({ chapterId }) => ({ chapterId }),
});
