/**
 * Preflight: each call simulated with eth_call from the sender's address against the chain, so
 * that a call the contract would reject is answered with its error before anyone signs it.
 * A smart account executes the call itself, so `msg.sender` in the simulation is the same as
 * on chain; the contract, not the client, decides who may act (SPEC 5).
 */
import { BaseError, createPublicClient, decodeErrorResult, http, isHex, type Address, type Hex, type PublicClient } from "viem";
import { partyAbi } from "../../abis/party";
import type { Call } from "../calls";
import { env } from "../utils/env.server";

export type PreflightResult =
  | { status: "ok" }
  /** `error` is the contract's error name, or "Unknown" when the revert data does not decode. */
  | { status: "reverted"; error: string; message: string }
  | { status: "unavailable"; message: string };

const UNAVAILABLE = "The chain is not reachable right now, so the call could not be checked. Try again in a few seconds.";

let client: { url: string; client: PublicClient } | undefined;

function publicClient(): PublicClient {
  const url = env().CHAIN_RPC_URL;
  // One retry: a person is waiting on this answer, and a down RPC should say so quickly.
  if (client?.url !== url) client = { url, client: createPublicClient({ transport: http(url, { timeout: 5_000, retryCount: 1 }) }) };
  return client.client;
}

/** The revert data somewhere in the error chain (nodes put it at `data` or `data.data`). */
function revertData(error: BaseError): Hex | undefined {
  let found: Hex | undefined;
  error.walk((e) => {
    const data = (e as { data?: unknown }).data;
    const hex = typeof data === "object" && data !== null ? (data as { data?: unknown }).data : data;
    if (typeof hex === "string" && isHex(hex) && hex.length >= 10) found = hex;
    return found !== undefined;
  });
  return found;
}

/** The custom error's name from the party ABI (its own errors and OpenZeppelin's), else "Unknown". */
export function revertErrorName(data: Hex | undefined): string {
  if (!data) return "Unknown";
  try {
    const { abiItem } = decodeErrorResult({ abi: partyAbi, data });
    // Error(string) and Panic(uint256) decode too, but they are not the contract's own errors.
    return partyAbi.some((item) => item.type === "error" && item.name === abiItem.name) ? abiItem.name : "Unknown";
  } catch {
    return "Unknown";
  }
}

function isRevert(error: BaseError): boolean {
  return error.walk((e) => (e as Error).name === "ExecutionRevertedError") !== null || revertData(error) !== undefined;
}

/**
 * Simulates the calls in order, from `from`; the first revert is the answer. Each simulation
 * starts from the chain's current state (every operation builds at most one call today; a
 * sequence that depends on its own earlier calls would need a bundled simulation instead).
 */
export async function preflight({ from, calls }: { from: Address; calls: Call[] }): Promise<PreflightResult> {
  for (const { to, data, value } of calls) {
    try {
      await publicClient().call({ account: from, to, data, value });
    } catch (error) {
      if (!(error instanceof BaseError) || !isRevert(error)) return { status: "unavailable", message: UNAVAILABLE };
      const name = revertErrorName(revertData(error));
      // SPEC 8: "Transaction reverted: {error name}".
      return { status: "reverted", error: name, message: `Transaction reverted: ${name}` };
    }
  }
  return { status: "ok" };
}
