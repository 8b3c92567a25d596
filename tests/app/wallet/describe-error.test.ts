/** What a person reads when a wallet action fails (SPEC 8 texts). */
import { encodeErrorResult } from "viem";
import { partyAbi } from "../../../abis/party";
import "../../../app/i18n/i18n.server";
import { tFor } from "../../../app/i18n/instance";
import { localizeSpecText } from "../../../app/i18n/spec-texts";
import { describeWalletError as describe } from "../../../app/wallet/describe-error";
import { AccountNotAvailableError, WalletActionError } from "../../../app/wallet/errors";

/** What the wallet shows for the error, in English (it travels as a message until then). */
const describeWalletError = (error: unknown) => localizeSpecText(describe(error), tFor("en"));

const notAMember = encodeErrorResult({ abi: partyAbi, errorName: "NotAMember" });

it("names the contract error wherever the SDK put its revert data", () => {
  expect(describeWalletError(new Error("outer", { cause: { data: notAMember } }))).toBe("Transaction reverted: NotAMember");
  expect(describeWalletError({ name: "UserOperationExecutionError", message: "x", cause: { data: { data: notAMember } } })).toBe(
    "Transaction reverted: NotAMember",
  );
  // A bundler that only says it in words.
  expect(describeWalletError(new Error(`UserOperation reverted during simulation with reason: ${notAMember}`))).toBe(
    "Transaction reverted: NotAMember",
  );
});

it("says the passkey prompt was closed, for WebAuthn's NotAllowedError", () => {
  const closed = Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" });
  expect(describeWalletError(new Error("Failed to sign", { cause: closed }))).toBe("The passkey prompt was closed or timed out");
});

it("passes SPEC 8 texts and server messages through, and otherwise gives the short message", () => {
  expect(describeWalletError(new AccountNotAvailableError())).toBe("Account not available");
  expect(describeWalletError(new WalletActionError({ key: "wallet.reverted", values: { name: "NotAnExecutive" } }))).toBe("Transaction reverted: NotAnExecutive");
  expect(describe(new Error("outer", { cause: { data: notAMember } }))).toEqual({ key: "wallet.reverted", values: { name: "NotAMember" } });
  expect(describeWalletError({ shortMessage: "HTTP request failed.", message: "HTTP request failed.\n\nURL: http://x" })).toBe("HTTP request failed.");
  expect(describeWalletError("plain")).toBe("plain");
});
