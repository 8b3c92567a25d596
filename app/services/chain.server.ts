/**
 * The one chain client of the server (CHAIN_RPC_URL): preflight, command signatures, proofs and
 * the operation lifecycle all read the chain through it. A person waits on each of these answers,
 * so it fails fast (one retry) and the next request tries again.
 */
import { createPublicClient, http, type PublicClient } from "viem";
import { env } from "../ground/env.server";

let cached: { url: string; client: PublicClient } | undefined;

export function chainClient(): PublicClient {
  const url = env().CHAIN_RPC_URL;
  if (cached?.url !== url) cached = { url, client: createPublicClient({ transport: http(url, { timeout: 5_000, retryCount: 1 }) }) };
  return cached.client;
}

/** The first line of an error, short enough for a log line. */
export const shortError = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0]! : String(error)).slice(0, 200);
