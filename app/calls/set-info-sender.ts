/** setInfoSender(holder): the party admin sets the info sender. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const setInfoSenderSchema = z.object({ holder: address });
export type SetInfoSenderArgs = z.output<typeof setInfoSenderSchema>;

export function setInfoSender(party: Address, { holder }: SetInfoSenderArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "setInfoSender", args: [holder] }));
}

export const setInfoSenderOperation = defineOperation({
  schema: setInfoSenderSchema,
  build: (party, args) => [setInfoSender(party, args)],
  subject: ({ holder }) => ({ account: holder }),
});
