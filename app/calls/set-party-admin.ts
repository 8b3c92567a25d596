/** setPartyAdmin(holder): the party admin proposes the next one, who takes over with acceptPartyAdmin. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const setPartyAdminSchema = z.object({ holder: address });
export type SetPartyAdminArgs = z.output<typeof setPartyAdminSchema>;

export function setPartyAdmin(party: Address, { holder }: SetPartyAdminArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "setPartyAdmin", args: [holder] }));
}

export const setPartyAdminOperation = defineOperation({
  schema: setPartyAdminSchema,
  build: (party, args) => [setPartyAdmin(party, args)],
  subject: ({ holder }) => ({ account: holder }),
});
