/**
 * What the in-process tests of the wallet's JSON-RPC proxy (rpc-proxy*.test.ts) share: building
 * requests, calling the handler, an alto-like bundler stand-in, and a logger that records.
 */
import { handleRpcProxy } from "../../../app/services/rpc-proxy/handler.server";
import type { RpcProxyConfig } from "../../../app/services/rpc-proxy/methods";
import { LOCAL_WALLET } from "../../../abis/deployments";
import { startFakeUpstream } from "../../setup/fake-upstream.js";

export type RpcBody = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
export type RpcLog = { warn: (...args: unknown[]) => void };

export const rpc = (method: string, params: unknown[] = [], id: number | string | null = 1) => ({ jsonrpc: "2.0", id, method, params });

export const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://app.test/api/alchemy-rpc", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    ...(typeof body === "string" ? {} : { duplex: "half" }),
  } as RequestInit);

/** Calls the handler with `payload` as JSON; the status, the text and the parsed body. */
export async function call(config: RpcProxyConfig, payload: unknown, { headers = {}, log }: { headers?: Record<string, string>; log: RpcLog }) {
  const response = await handleRpcProxy(post(JSON.stringify(payload), headers), config, log);
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as RpcBody & RpcBody[] };
}

/** A logger whose lines are kept in `lines` (cleared by the caller between tests). */
export function recordingLog(): { lines: string[]; log: RpcLog } {
  const lines: string[] = [];
  return { lines, log: { warn: (...args: unknown[]) => void lines.push(args.map(String).join(" ")) } };
}

/** Like alto: single requests only, content type exactly application/json; answers `bundled <method>`. */
export function startFakeBundler() {
  return startFakeUpstream(({ body, headers }) => {
    if (headers["content-type"] !== "application/json" || Array.isArray(body)) return { status: 400, json: { message: "invalid request" } };
    const request = body as { id: number; method: string };
    const result = request.method === "eth_supportedEntryPoints" ? [LOCAL_WALLET.entryPoint] : `bundled ${request.method}`;
    return { json: { jsonrpc: "2.0", id: request.id, result } };
  });
}

/** Where each method takes its user operation: Alchemy's gas manager wraps it, ERC-7677's pm_* add chain id and context. */
export function userOperationParams(method: string, userOperation: object, entryPoint: string = LOCAL_WALLET.entryPoint): unknown[] {
  if (method === "alchemy_requestGasAndPaymasterAndData") return [{ policyId: "policy", entryPoint, dummySignature: "0x", userOperation }];
  if (method.startsWith("pm_")) return [userOperation, entryPoint, "0x89", { policyId: "policy" }];
  return [userOperation, entryPoint];
}

/** One JSON-RPC request to a running app server's proxy (POST /api/alchemy-rpc): its status and body. */
export async function postRpc(appUrl: string, method: string, params: unknown[]) {
  const response = await fetch(`${appUrl}/api/alchemy-rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return { status: response.status, body: (await response.json()) as RpcBody };
}
