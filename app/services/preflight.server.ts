/**
 * Preflight: each call simulated with eth_call from the sender's address against the chain, so
 * that a call the contract would reject is answered with its error before anyone signs it.
 * A smart account executes the call itself, so `msg.sender` in the simulation is the same as
 * on chain; the contract, not the client, decides who may act (SPEC 5).
 */
import { BaseError, type Address } from "viem";
import type { Call } from "../calls";
import { revertDataOf, revertMessage } from "../calls/revert";
import { message, type Message } from "../i18n/message";
import { refused, type Refused } from "../utils/http.server";
import { chainClient } from "./chain.server";

export type PreflightResult =
  | { status: "ok" }
  /** `error` is the contract's error name ("Unknown" when the revert data does not decode); `said`, SPEC 8's "Transaction reverted: {name}" as a message. */
  | { status: "reverted"; error: string; said: Message }
  /** `refused`: the 503, its English and its keyed message (the write button says it in the page's language). */
  | { status: "unavailable"; refused: Refused };

const UNAVAILABLE: Message = message("refusals.preflightUnavailable");

function isRevert(error: BaseError): boolean {
  return error.walk((e) => (e as Error).name === "ExecutionRevertedError") !== null || revertDataOf(error) !== undefined;
}

/**
 * Simulates the calls in order, from `from`; the first revert is the answer. Each simulation
 * starts from the chain's current state (every operation builds at most one call today; a
 * sequence that depends on its own earlier calls would need a bundled simulation instead).
 */
export async function preflight({ from, calls }: { from: Address; calls: Call[] }): Promise<PreflightResult> {
  for (const { to, data, value } of calls) {
    try {
      await chainClient().call({ account: from, to, data, value });
    } catch (error) {
      if (!(error instanceof BaseError) || !isRevert(error)) return { status: "unavailable", refused: refused(503, UNAVAILABLE) };
      const said = revertMessage(revertDataOf(error));
      return { status: "reverted", error: String(said.values!.name), said };
    }
  }
  return { status: "ok" };
}
