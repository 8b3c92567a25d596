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

const ABIS: readonly Abi[] = [partyAbi, partyAccountAbi, partyAccountFactoryAbi, sponsorPaymasterAbi];

/** The custom error's name in revert data; "Unknown" when no product ABI declares it. */
export function revertErrorName(data: string | null | undefined): string {
  if (!data || !/^0x[0-9a-fA-F]{8}/.test(data)) return "Unknown";
  for (const abi of ABIS) {
    try {
      const { abiItem } = decodeErrorResult({ abi, data: data as Hex });
      // Error(string) and Panic(uint256) decode against any ABI; they are not the contracts' own.
      if (abiItem.type === "error" && abi.some((item) => item.type === "error" && item.name === abiItem.name)) return abiItem.name;
    } catch {
      // Not one of this ABI's errors.
    }
  }
  return "Unknown";
}

/** SPEC 8: "Transaction reverted: {error name}". */
export const revertMessage = (data: string | null | undefined) => `Transaction reverted: ${revertErrorName(data)}`;

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
