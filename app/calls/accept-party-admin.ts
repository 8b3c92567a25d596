/** acceptPartyAdmin(): the proposed party admin takes the role over (second step of setPartyAdmin). */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const acceptPartyAdminSchema = z.object({});
export type AcceptPartyAdminArgs = z.output<typeof acceptPartyAdminSchema>;

export function acceptPartyAdmin(party: Address, _args: AcceptPartyAdminArgs = {}): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "acceptPartyAdmin" }));
}

export const acceptPartyAdminOperation = defineOperation({
  schema: acceptPartyAdminSchema,
  build: (party, args) => [acceptPartyAdmin(party, args)],
  subject: () => ({}),
});
