/** addMemberToParty(accounts[]): a party executive adds several accounts to the party at once. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { addresses } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call } from "./types";

export const addMemberToPartySchema = z.object({ accounts: addresses });
export type AddMemberToPartyArgs = z.output<typeof addMemberToPartySchema>;

/** One batched call, or none for an empty list (the contract would revert it with InvalidInput). */
export function addMemberToParty(party: Address, { accounts }: AddMemberToPartyArgs): Call[] {
  if (accounts.length === 0) return [];
  return [partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "addMemberToParty", args: [accounts] }))];
}

export const addMemberToPartyOperation = defineOperation({
  schema: addMemberToPartySchema,
  build: addMemberToParty,
  subject: ({ accounts }) => ({ accounts }),
});
