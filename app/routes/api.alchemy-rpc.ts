/**
 * POST /api/alchemy-rpc — the wallet's JSON-RPC endpoint (SPEC 7). The browser never sees the
 * provider URL or key: this route forwards the allowed methods (app/services/rpc-proxy/handler.server.ts)
 * to Alchemy in production, and to the local chain and bundler in development.
 * Cross-site requests and floods are refused first (post-guard, bucket "default").
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { rpcConfigFromEnv } from "../services/rpc-proxy/config.server";
import { handleRpcProxy } from "../services/rpc-proxy/handler.server";
import type { RpcProxyConfig } from "../services/rpc-proxy/methods";
import { env } from "../ground/env.server";
import { guardPost } from "../utils/post-guard.server";

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message } }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });

/** A GET (a browser tab, a crawler): say plainly that this is a POST endpoint. */
export function loader() {
  return jsonRpcError(405, "Only POST is allowed here", { allow: "POST" });
}

let cached: { source: ReturnType<typeof env>; config: RpcProxyConfig | { error: string } } | undefined;

function config() {
  const current = env();
  if (cached?.source !== current) cached = { source: current, config: rpcConfigFromEnv(current) };
  return cached.config;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const refused = await guardPost(request, { bucket: "default", context });
  if (refused) return refused;
  const proxy = config();
  if ("error" in proxy) return jsonRpcError(503, proxy.error);
  return handleRpcProxy(request, proxy);
}
