import { defineChain } from "viem";
import { polygon } from "viem/chains";

/** Polygon's chain definition (id 137) pointed at a local RPC URL. */
export function localChain(rpcUrl: string) {
  return defineChain({ ...polygon, rpcUrls: { default: { http: [rpcUrl] } } });
}
