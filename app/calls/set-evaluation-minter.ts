/** setEvaluationMinter(holder): the party admin sets the evaluation minter. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const setEvaluationMinterSchema = z.object({ holder: address });
export type SetEvaluationMinterArgs = z.output<typeof setEvaluationMinterSchema>;

export function setEvaluationMinter(party: Address, { holder }: SetEvaluationMinterArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "setEvaluationMinter", args: [holder] }));
}

export const setEvaluationMinterOperation = defineOperation({
  schema: setEvaluationMinterSchema,
  build: (party, args) => [setEvaluationMinter(party, args)],
  subject: ({ holder }) => ({ account: holder }),
});
