/** removeMemberFromParty(account): a party executive removes a party member. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const removeMemberFromPartySchema = z.object({ account: address });
export type RemoveMemberFromPartyArgs = z.output<typeof removeMemberFromPartySchema>;

export function removeMemberFromParty(party: Address, { account }: RemoveMemberFromPartyArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "removeMemberFromParty", args: [account] }));
}

export const removeMemberFromPartyOperation = defineOperation({
  schema: removeMemberFromPartySchema,
  build: (party, args) => [removeMemberFromParty(party, args)],
  subject: ({ account }) => ({ account }),
});
