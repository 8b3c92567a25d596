/** vote(evaluationId, score): a member of the evaluated chapter votes; a party executive's vote is the party-executive score. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { evaluationId, score } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const voteSchema = z.object({ evaluationId, score });
export type VoteArgs = z.output<typeof voteSchema>;

export function vote(party: Address, { evaluationId, score }: VoteArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "vote", args: [evaluationId, score] }));
}

export const voteOperation = defineOperation({
  schema: voteSchema,
  build: (party, args) => [vote(party, args)],
  subject: ({ evaluationId }) => ({ evaluationId }),
});
