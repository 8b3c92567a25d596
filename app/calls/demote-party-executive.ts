/** demotePartyExecutive(account): the party admin demotes a party executive. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const demotePartyExecutiveSchema = z.object({ account: address });
export type DemotePartyExecutiveArgs = z.output<typeof demotePartyExecutiveSchema>;

export function demotePartyExecutive(party: Address, { account }: DemotePartyExecutiveArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "demotePartyExecutive", args: [account] }));
}

export const demotePartyExecutiveOperation = defineOperation({
  schema: demotePartyExecutiveSchema,
  build: (party, args) => [demotePartyExecutive(party, args)],
  subject: ({ account }) => ({ account }),
});
