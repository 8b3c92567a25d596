/**
 * The proxy's upstreams per environment: production forwards every allowed method to Alchemy,
 * user operations only when their calls all go to the party contract and their sender is an
 * account made by a known factory (read through Alchemy); locally chain methods go
 * to anvil, bundler methods to alto, and pm_* are answered by the local sponsor (which sponsors
 * every PartyAccount on the dev chain). The upstream URLs and key are secrets: they are listed
 * here so the handler can scrub them.
 */
import { getAddress, type Address } from "viem";
import { LOCAL_WALLET, partyDeployment } from "../../../abis/deployments";
import { alchemyRpcUrl, type Env } from "../../ground/env.server";
import { localPaymaster, type PaymasterMethod } from "./local-paymaster.server";
import { RPC_ALLOWED_METHODS, RPC_DEFAULT_TIMEOUT_MS, type RpcProxyConfig, type RpcUpstream } from "./methods";
import { knownAccountsOnly, upstreamAccountReader } from "./known-accounts.server";
import { partyCallsOnly } from "./party-calls-only.server";

export type ProductionRpcConfigParameters = {
  url: string;
  apiKey?: string;
  /** The party contract: the only target of the user operations the proxy forwards. */
  party: Address;
  timeoutMs?: number;
};

/** Production: one upstream, Alchemy's Polygon endpoint, for every allowed method; user operations with party calls from known accounts only. */
export function productionRpcConfig({ url, apiKey, party, timeoutMs = RPC_DEFAULT_TIMEOUT_MS }: ProductionRpcConfigParameters): RpcProxyConfig {
  const upstream: RpcUpstream = { name: "alchemy", url, batch: true };
  return {
    mode: "production",
    route: (method) => ({ type: "forward", upstream, method }),
    screen: partyCallsOnly(getAddress(party), knownAccountsOnly({ read: upstreamAccountReader({ url, timeoutMs }) })),
    timeoutMs,
    secrets: secretsOf(url, apiKey),
  };
}

export type LocalRpcConfigParameters = {
  chainUrl: string;
  bundlerUrl: string;
  /** The SponsorPaymaster that pm_* answers name; the local deployment's when unset. */
  paymaster?: Address;
  entryPoint?: Address;
  timeoutMs?: number;
};

/** Local development: anvil for chain reads, alto for ERC-4337, the local sponsor for pm_*. */
export function localRpcConfig({
  chainUrl,
  bundlerUrl,
  paymaster = LOCAL_WALLET.paymaster,
  entryPoint = LOCAL_WALLET.entryPoint,
  timeoutMs = RPC_DEFAULT_TIMEOUT_MS,
}: LocalRpcConfigParameters): RpcProxyConfig {
  const chain: RpcUpstream = { name: "chain", url: chainUrl, batch: true };
  const bundler: RpcUpstream = { name: "bundler", url: bundlerUrl, batch: false };
  return {
    mode: "local",
    route(method) {
      switch (RPC_ALLOWED_METHODS[method]) {
        case "chain":
          return { type: "forward", upstream: chain, method };
        case "bundler":
          return { type: "forward", upstream: bundler, method };
        case "paymaster":
          return { type: "answer", answer: (params) => localPaymaster(method as PaymasterMethod, params, { paymaster, entryPoint }) };
        case "alchemy":
          // Rundler's priority fee is the node's suggestion plus a margin; the node's is close enough locally.
          if (method === "rundler_maxPriorityFeePerGas") return { type: "forward", upstream: chain, method: "eth_maxPriorityFeePerGas" };
          return { type: "answer", answer: () => ({ error: { code: -32004, message: `${method} is not available on the local chain` } }) };
      }
    },
    timeoutMs,
    secrets: [...secretsOf(chainUrl), ...secretsOf(bundlerUrl)],
  };
}

export type RpcEnv = Pick<
  Env,
  "PARTY_ENV" | "PARTY_ADDRESS" | "PARTY_START_BLOCK" | "CHAIN_RPC_URL" | "BUNDLER_RPC_URL" | "ALCHEMY_API_KEY" | "ALCHEMY_RPC_URL" | "RPC_PROXY_TIMEOUT_MS"
>;

/** The configuration for the environment, or why there is none (production without a key or a party contract). */
export function rpcConfigFromEnv(env: RpcEnv): RpcProxyConfig | { error: string } {
  const timeoutMs = env.RPC_PROXY_TIMEOUT_MS;
  if (env.PARTY_ENV === "production") {
    const url = alchemyRpcUrl(env);
    if (!url) return { error: "The RPC proxy is not configured (set ALCHEMY_API_KEY or ALCHEMY_RPC_URL)" };
    let party: Address;
    try {
      party = partyDeployment({ PARTY_ENV: env.PARTY_ENV, PARTY_ADDRESS: env.PARTY_ADDRESS, PARTY_START_BLOCK: env.PARTY_START_BLOCK }).address;
    } catch {
      return { error: "The RPC proxy is not configured (set PARTY_ADDRESS and PARTY_START_BLOCK)" };
    }
    return productionRpcConfig({ url, apiKey: env.ALCHEMY_API_KEY, party, timeoutMs });
  }
  return localRpcConfig({ chainUrl: env.CHAIN_RPC_URL, bundlerUrl: env.BUNDLER_RPC_URL, timeoutMs });
}

/** The URL, the key, and the URL's parts that may carry a key (credentials, long path segments, query values). */
function secretsOf(url: string, apiKey?: string): string[] {
  const secrets = new Set<string>([url, url.replace(/\/+$/, "")]);
  if (apiKey) secrets.add(apiKey);
  try {
    const parsed = new URL(url);
    for (const part of [parsed.username, parsed.password, ...parsed.pathname.split("/"), ...parsed.searchParams.values()]) {
      const decoded = safeDecode(part);
      if (decoded.length >= 8) secrets.add(decoded);
      if (part.length >= 8) secrets.add(part);
    }
  } catch {
    // Not a URL: the whole string is already in the list.
  }
  return [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
