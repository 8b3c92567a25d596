/** sendInfo(eventName, infoType, hashCode, hashSize, hashDigest): the info sender publishes a message. */
import { encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { partyAbi } from "../../abis/party";
import { contentIdFields, resolveContentId } from "./content-id";
import { eventName, uint8 } from "./fields";
import { defineOperation } from "./operation";
import { partyCall, type Call, type ContentId } from "./types";

/** Takes `cid`, or `hashCode`, `hashSize` and `hashDigest`. */
export const sendInfoSchema = z.object({ eventName, infoType: uint8, ...contentIdFields }).transform(({ eventName, infoType, ...content }, ctx) => {
  const parts = resolveContentId(content, ctx);
  return parts ? { eventName, infoType, ...parts } : z.NEVER;
});
export type SendInfoArgs = { eventName: string; infoType: number } & ContentId;

export function sendInfo(party: Address, { eventName, infoType, hashCode, hashSize, hashDigest }: SendInfoArgs): Call {
  return partyCall(party, encodeFunctionData({ abi: partyAbi, functionName: "sendInfo", args: [eventName, infoType, hashCode, hashSize, hashDigest] }));
}

export const sendInfoOperation = defineOperation({
  schema: sendInfoSchema,
  build: (party, args) => [sendInfo(party, args)],
  subject: () => ({}),
});
