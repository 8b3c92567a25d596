/**
 * The one revert decoder: names a revert by the custom errors of every contract the product
 * calls (the party contract first, whose errors bubble up through the account's execute, then the
 * passkey account, its factory and the paymaster). Server, browser and scripts all use it, so a
 * wallet error reads the same everywhere.
 */
import { BaseError, decodeErrorResult, isHex, type Abi, type Hex } from "viem";
import { partyAbi } from "../../abis/party";
import { partyAccountAbi } from "../../abis/party-account";
import { partyAccountFactoryAbi } from "../../abis/party-account-factory";
import { sponsorPaymasterAbi } from "../../abis/sponsor-paymaster";
import { message, type Message } from "../i18n/message";
import { REVERTED } from "../i18n/spec-texts";

const ABIS: readonly Abi[] = [partyAbi, partyAccountAbi, partyAccountFactoryAbi, sponsorPaymasterAbi];

/** A decoded revert: the custom error's name ("Unknown" when no product ABI declares it) and its arguments by name. */
export type DecodedRevert = { name: string; args: Record<string, string> };

const UNKNOWN: DecodedRevert = { name: "Unknown", args: {} };

/** The one place revert data is decoded: the custom error and its arguments (as text: addresses, bytes and numbers). */
export function decodeRevert(data: string | null | undefined): DecodedRevert {
  if (!data || !/^0x[0-9a-fA-F]{8}/.test(data)) return UNKNOWN;
  for (const abi of ABIS) {
    try {
      const { abiItem, args } = decodeErrorResult({ abi, data: data as Hex });
      // Error(string) and Panic(uint256) decode against any ABI; they are not the contracts' own.
      if (abiItem.type !== "error" || !abi.some((item) => item.type === "error" && item.name === abiItem.name)) continue;
      const named = abiItem.inputs.flatMap((input, i) => (input.name && input.name !== "name" ? [[input.name, String(args?.[i])] as const] : []));
      return { name: abiItem.name, args: Object.fromEntries(named) };
    } catch {
      // Not one of this ABI's errors.
    }
  }
  return UNKNOWN;
}

/** The custom error's name in revert data; "Unknown" when no product ABI declares it. */
export const revertErrorName = (data: string | null | undefined): string => decodeRevert(data).name;

/**
 * A revert as a message: SPEC 8's "Transaction reverted: {name}" with the error's arguments as
 * further values. It stays data until a page (or the JSON API, in English) says it.
 */
export function revertMessage(data: string | null | undefined): Message {
  const { name, args } = decodeRevert(data);
  return message(REVERTED, { ...args, name });
}

/** The revert data somewhere in a viem error chain (nodes put it at `data` or `data.data`). */
export function revertDataOf(error: BaseError): Hex | undefined {
  let found: Hex | undefined;
  error.walk((e) => {
    const data = (e as { data?: unknown }).data;
    const hex = typeof data === "object" && data !== null ? (data as { data?: unknown }).data : data;
    if (typeof hex === "string" && isHex(hex) && hex.length >= 10) found = hex;
    return found !== undefined;
  });
  return found;
}
