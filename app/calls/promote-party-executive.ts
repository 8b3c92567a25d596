/** promotePartyExecutive(account): the party admin promotes a party member. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const promotePartyExecutiveSchema = z.object({ account: address });
export type PromotePartyExecutiveArgs = z.output<typeof promotePartyExecutiveSchema>;

export function promotePartyExecutive(party: Address, { account }: PromotePartyExecutiveArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "promotePartyExecutive", args: [account] }));
}

export const promotePartyExecutiveOperation = defineOperation({
  schema: promotePartyExecutiveSchema,
  build: (party, args) => [promotePartyExecutive(party, args)],
  subject: ({ account }) => ({ account }),
});
