/**
 * The passkey account's errors (SPEC 6: InvalidOwner, OwnerDoesNotExist, EmptyOwnersNotAllowed,
 * OwnersLimitExceeded, and the others updateOwners can meet) read as every contract error does:
 * the one revert decoder names them from their revert data, and each has its plain sentence.
 */
import { encodeErrorResult, type Hex } from "viem";
import { partyAccountAbi } from "../../../abis/party-account.js";
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";
import { explainError as explainIn, localizeSpecText, type SpecText } from "../../../app/i18n/spec-texts.js";
import { revertMessage } from "../../../app/calls/revert.js";
import { MAX_OWNERS } from "../../../app/calls/update-owners.js";
import { ALICE } from "../../fixtures/accounts.js";

const explainError = (shown: SpecText) => explainIn(shown, tFor("en"));
const OWNER: Hex = `0x${"4a".repeat(84)}`;
const cases = [
  encodeErrorResult({ abi: partyAccountAbi, errorName: "InvalidOwner", args: [OWNER] }),
  encodeErrorResult({ abi: partyAccountAbi, errorName: "OwnerDoesNotExist", args: [OWNER] }),
  encodeErrorResult({ abi: partyAccountAbi, errorName: "EmptyOwnersNotAllowed" }),
  encodeErrorResult({ abi: partyAccountAbi, errorName: "OwnersLimitExceeded" }),
  encodeErrorResult({ abi: partyAccountAbi, errorName: "MultiSignerERC7913AlreadyExists", args: [OWNER] }),
  encodeErrorResult({ abi: partyAccountAbi, errorName: "AccountUnauthorized", args: [ALICE.address] }),
];

it.each(cases)("%s: SPEC 8's text with its sentence", (data) => {
  const said = revertMessage(data);
  expect(localizeSpecText(said, tFor("en"))).toMatch(
    /^Transaction reverted: (InvalidOwner|OwnerDoesNotExist|EmptyOwnersNotAllowed|OwnersLimitExceeded|MultiSignerERC7913AlreadyExists|AccountUnauthorized)$/,
  );
  expect(explainError(said)).toMatch(/passkey/);
});

it("the error's arguments travel beside its name", () => {
  const said = revertMessage(encodeErrorResult({ abi: partyAccountAbi, errorName: "AccountUnauthorized", args: [ALICE.address] }));
  expect(said).toEqual({ key: "wallet.reverted", values: { name: "AccountUnauthorized", sender: ALICE.address } });
});

it("the limit's sentence names the account's limit", () => {
  const reverted = (name: string) => ({ key: "wallet.reverted", values: { name } });
  expect(explainError(reverted("OwnersLimitExceeded"))).toContain(`at most ${MAX_OWNERS} passkeys`);
  expect(explainError(reverted("EmptyOwnersNotAllowed"))).toBe("An account needs at least one passkey: add another device before removing this one.");
});
