/** setChapterAdmin(holder): the party admin sets the chapter admin. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { address } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const setChapterAdminSchema = z.object({ holder: address });
export type SetChapterAdminArgs = z.output<typeof setChapterAdminSchema>;

export function setChapterAdmin(party: Address, { holder }: SetChapterAdminArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "setChapterAdmin", args: [holder] }));
}

export const setChapterAdminOperation = defineOperation({
  schema: setChapterAdminSchema,
  build: (party, args) => [setChapterAdmin(party, args)],
  subject: ({ holder }) => ({ account: holder }),
});
