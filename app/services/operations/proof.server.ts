/**
 * Proof that a registration names an operation its sender really sent: a record is stored only
 * when the bundler or the chain vouches for the hash, so nobody can show an "approval pending"
 * badge in another member's name, flush the page cache with inserts, or fail someone else's
 * operation through `replaces`.
 *
 * 1. eth_getUserOperationByHash: the bundler's copy, with its sender and callData. Alto answers
 *    it from the chain's UserOperationEvent (once the operation is in a block); Alchemy's bundler
 *    also from its mempool.
 * 2. Otherwise the request must carry the signed operation (`userOperation`): its hash is
 *    recomputed (user-operation.server.ts), and the bundler must hold that hash, which it only
 *    does after validating the sender's signature (pimlico_getUserOperationStatus, alto's; a
 *    bundler without the method answered step 1 from its mempool already).
 * Either way the sender must be the registered one and the callData must carry the registered
 * calls. A bundler that cannot be reached is a 503: nothing is stored unproven.
 */
import { getAddress, RpcError, RpcRequestError, type Address, type Hex } from "viem";
import { bundledOperation, bundlerClient, type BundledOperation } from "../bundler.server";
import { shortError } from "../chain.server";
import { userOperationHash, type CarriedUserOperation } from "./user-operation.server";

export type ProofFailure = { ok: false; status: 400 | 503; message: string; field?: string };

export type ProveOperationParameters = {
  userOpHash: Hex;
  sender: Address;
  operation: string;
  calls: readonly { to: Address; data: Hex }[];
  userOperation?: CarriedUserOperation;
};

const UNAVAILABLE: ProofFailure = { ok: false, status: 503, message: "The bundler cannot be reached to check the user operation: try again" };

/** Undefined when proven; else why not (400 naming the field), or 503 when the bundler is down. */
export async function proveOperation({ userOpHash, sender, operation, calls, userOperation }: ProveOperationParameters): Promise<ProofFailure | undefined> {
  if (userOperation) {
    const recomputed = userOperationHash(userOperation);
    if (recomputed !== userOpHash) {
      return { ok: false, status: 400, field: "userOperation", message: `userOperation: its hash is ${recomputed}, not the userOpHash` };
    }
    const mismatch = compare(userOperation, sender, operation, calls);
    if (mismatch) return mismatch;
  }
  const bundled = await bundledOperation(userOpHash);
  if (bundled === "unavailable") return UNAVAILABLE;
  if (bundled) return compare(bundled, sender, operation, calls);
  if (!userOperation) {
    return {
      ok: false,
      status: 400,
      field: "userOpHash",
      message: "userOpHash: the bundler has no such user operation in a block; send the signed userOperation with it",
    };
  }
  const held = await bundlerHolds(userOpHash);
  if (held === "unavailable") return UNAVAILABLE;
  if (!held) return { ok: false, status: 400, field: "userOpHash", message: "userOpHash: the bundler does not know this user operation" };
  return undefined;
}

function compare(found: BundledOperation, sender: Address, operation: string, calls: ProveOperationParameters["calls"]): ProofFailure | undefined {
  if (getAddress(found.sender) !== sender) {
    return { ok: false, status: 400, field: "sender", message: `sender: the user operation's sender is ${getAddress(found.sender)}` };
  }
  if (!carriesCalls(found.callData, calls)) {
    return { ok: false, status: 400, field: "args", message: `args: the user operation does not make the ${operation} call these args describe` };
  }
  return undefined;
}

/**
 * Whether the bundler holds the hash (in its mempool, in a bundle, included; alto keeps the status
 * for an hour). A bundler that answers with a JSON-RPC error (no such method) cannot vouch for it;
 * one that does not answer is "unavailable".
 */
async function bundlerHolds(hash: Hex): Promise<boolean | "unavailable"> {
  const bundler = bundlerClient();
  if (!bundler) return "unavailable";
  try {
    const answer = (await bundler.request({ method: "pimlico_getUserOperationStatus", params: [hash] } as never)) as { status?: string } | null;
    return answer?.status !== undefined && answer.status !== "not_found";
  } catch (error) {
    if (error instanceof RpcError || error instanceof RpcRequestError) return false;
    console.warn(`bundler: status of ${hash}: ${shortError(error)}`);
    return "unavailable";
  }
}

/** Whether the operation's callData carries each call: its target (as an ABI word) and its exact data. */
function carriesCalls(callData: Hex, calls: ProveOperationParameters["calls"]): boolean {
  const haystack = callData.toLowerCase();
  return calls.every(
    ({ to, data }) => haystack.includes(to.slice(2).toLowerCase().padStart(64, "0")) && haystack.includes(data.slice(2).toLowerCase()),
  );
}
