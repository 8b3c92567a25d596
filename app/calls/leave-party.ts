/** leaveParty(): a party member leaves (and its chapter, and the party executive role). */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const leavePartySchema = z.object({});
export type LeavePartyArgs = z.output<typeof leavePartySchema>;

export function leaveParty(party: Address, _args: LeavePartyArgs = {}): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "leaveParty" }));
}

export const leavePartyOperation = defineOperation({
  schema: leavePartySchema,
  build: (party, args) => [leaveParty(party, args)],
  subject: () => ({}),
});
