/**
 * updateOwners(add[], remove[]) on the member's own passkey account (contracts/wallet/PartyAccount.sol),
 * not the party: adds and removes passkeys in one call (a replacement is both). The account is the
 * sender itself, so the call goes to `account` (the preflight from any other sender answers the
 * contract's AccountUnauthorized). Owners are `webAuthnVerifier ++ qx ++ qy`; whether one is a
 * valid passkey, present or absent, and the count, the contract decides (InvalidOwner,
 * OwnerDoesNotExist, EmptyOwnersNotAllowed, OwnersLimitExceeded).
 */
import { encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { partyAccountAbi } from "../../abis/party-account";
import { address, field, list } from "./fields";
import { problem } from "./issue";
import type { Call } from "./types";

/** The contract's MAX_OWNERS (tests/contracts/party-account-owners.test.ts checks they agree). */
export const MAX_OWNERS = 10;

/** An owner as bytes: the verifier's address (20) and the public key (64) make 84; the contract checks. */
const owner = field(problem("owner"), (v) =>
  typeof v === "string" && /^0x(?:[0-9a-fA-F]{2}){1,256}$/.test(v.trim()) ? (v.trim().toLowerCase() as Hex) : undefined,
);
const owners = list(owner, "listOfOwners", MAX_OWNERS).default([]);

export const updateOwnersSchema = z
  .object({ account: address, add: owners, remove: owners })
  .refine(({ add, remove }) => add.length + remove.length > 0, { ...problem("addOrRemove"), path: ["add"] });
export type UpdateOwnersArgs = z.output<typeof updateOwnersSchema>;

export function updateOwners(_party: Address, { account, add, remove }: UpdateOwnersArgs): Call {
  return { to: getAddress(account), data: encodeFunctionData({ abi: partyAccountAbi, functionName: "updateOwners", args: [add, remove] }), value: 0n };
}
