/**
 * The one ERC-4337 bundler client of the server (`bundlerRpcUrl()`: alto locally, Alchemy in
 * production), for the operation lifecycle's receipts and lookups. Undefined when production has
 * no Alchemy endpoint configured: operations are then followed through the read model alone.
 */
import { getAddress, http, type Address, type Hex } from "viem";
import { createBundlerClient, UserOperationReceiptNotFoundError, type BundlerClient, type UserOperationReceipt } from "viem/account-abstraction";
import { bundlerRpcUrl } from "../ground/env.server";
import { shortError } from "./chain.server";

let cached: { url: string | undefined; client: BundlerClient | undefined } | undefined;

export function bundlerClient(): BundlerClient | undefined {
  const url = bundlerRpcUrl();
  if (!cached || cached.url !== url) cached = { url, client: url ? createBundlerClient({ transport: http(url, { timeout: 3000, retryCount: 0 }) }) : undefined };
  return cached.client;
}

/** The bundler's receipt, or undefined when it has none (yet) or cannot be reached. */
export async function bundlerReceipt(hash: Hex): Promise<UserOperationReceipt | undefined> {
  const bundler = bundlerClient();
  if (!bundler) return undefined;
  try {
    return await bundler.getUserOperationReceipt({ hash });
  } catch (error) {
    if (!(error instanceof UserOperationReceiptNotFoundError)) console.warn(`bundler: receipt for ${hash}: ${shortError(error)}`);
    return undefined;
  }
}

/** What the bundler says about an operation; undefined when it does not know it (yet). */
export type BundledOperation = { sender: Address; callData: Hex };

export async function bundledOperation(hash: Hex): Promise<BundledOperation | undefined | "unavailable"> {
  const bundler = bundlerClient();
  if (!bundler) return "unavailable";
  try {
    const found = await bundler.request({ method: "eth_getUserOperationByHash", params: [hash] });
    if (!found) return undefined;
    return { sender: getAddress(found.userOperation.sender), callData: found.userOperation.callData };
  } catch (error) {
    console.warn(`bundler: lookup of ${hash}: ${shortError(error)}`);
    return "unavailable";
  }
}
