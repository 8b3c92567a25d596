/**
 * updateOwners on the member's own passkey account: the call goes to the account (not the party),
 * decodes back to the owners added and removed, and the registry's input checks name the field.
 */
import { decodeFunctionData, getAddress, slice, toFunctionSelector, type Hex } from "viem";
import { partyAccountAbi } from "../../../abis/party-account.js";
import { operations } from "../../../app/calls/index.js";
import { MAX_OWNERS, updateOwners } from "../../../app/calls/update-owners.js";
import { ALICE } from "../../fixtures/accounts.js";

const PARTY = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ACCOUNT = ALICE.address.toLowerCase();
const owner = (n: number): Hex => `0x${n.toString(16).padStart(2, "0").repeat(84)}`;

it("is one call to the account itself, with no value, that decodes back to the owners", () => {
  const call = updateOwners(PARTY, { account: getAddress(ACCOUNT), add: [owner(1)], remove: [owner(2)] });
  expect(call.to).toBe(ALICE.address);
  expect(call.value).toBe(0n);
  expect(slice(call.data, 0, 4)).toBe(toFunctionSelector("updateOwners(bytes[],bytes[])"));
  expect(decodeFunctionData({ abi: partyAccountAbi, data: call.data }).args).toEqual([[owner(1)], [owner(2)]]);
});

it("prepare() takes form-like input (lists as text, either list absent) and says the account is the subject", () => {
  const prepared = operations.updateOwners.prepare(PARTY, { account: ACCOUNT, add: owner(1) });
  expect(prepared).toEqual({ ok: true, calls: [updateOwners(PARTY, { account: ALICE.address, add: [owner(1)], remove: [] })], subject: { account: ALICE.address } });
});

it("names the field of bad input", () => {
  const issue = (args: object) => {
    const prepared = operations.updateOwners.prepare(PARTY, args);
    return prepared.ok ? prepared : prepared.message;
  };
  expect(issue({ account: ACCOUNT })).toBe("args.add: must add or remove at least one passkey");
  expect(issue({ account: ACCOUNT, add: [], remove: [] })).toBe("args.add: must add or remove at least one passkey");
  expect(issue({ add: [owner(1)] })).toBe("args.account: is required");
  expect(issue({ account: ACCOUNT, remove: ["0x123"] })).toMatch(/^args\.remove\.0: must be a passkey owner/);
  expect(issue({ account: ACCOUNT, add: Array.from({ length: MAX_OWNERS + 1 }, (_, i) => owner(i + 1)) })).toBe(`args.add: must have at most ${MAX_OWNERS} entries`);
});
