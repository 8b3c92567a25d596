/**
 * The wallet's JSON-RPC proxy behind POST /api/alchemy-rpc (SPEC 7): the browser wallet is
 * configured with `rpcUrl: "/api/alchemy-rpc"`, so the provider key stays on the server.
 *
 * - Only the methods in {@link RPC_ALLOWED_METHODS} pass; any other gets a JSON-RPC error
 *   (-32601 "method not allowed") in an HTTP 200, as JSON-RPC over HTTP does. The config's
 *   `screen` may refuse an allowed method's request the same way (production: user operations
 *   whose calls are not all to the party, party-calls-only.server.ts, or whose sender is not an
 *   account made by a known factory, known-accounts.server.ts).
 * - Bodies up to 64 KB (counted while reading, Content-Length is not trusted), else 413; a larger
 *   body is read and dropped up to 1 MB so the client sees the 413, then cut off. Batches up to 20.
 * - Each upstream request times out after `timeoutMs` (10 s): 504 with a JSON-RPC error; an
 *   upstream that cannot be reached, or answers something that is not JSON-RPC: 502.
 * - Upstreams:
 *   production  every method → Alchemy Polygon (ALCHEMY_RPC_URL, or the URL built from
 *               ALCHEMY_API_KEY); Alchemy serves chain, bundler, paymaster and its own methods.
 *   local       chain methods → CHAIN_RPC_URL (anvil); bundler methods → BUNDLER_RPC_URL (alto,
 *               which serves only ERC-4337 methods and no batches); pm_* answered here with the
 *               local SponsorPaymaster; rundler_maxPriorityFeePerGas → the chain's
 *               eth_maxPriorityFeePerGas; alchemy_simulateUserOperationAssetChanges → -32004.
 * - The upstream URL and key never reach a response or a log line: every error text from an
 *   upstream has URLs removed, and every response body and log line is scrubbed of the secrets.
 */
import { readLimited } from "../../ground/read-limited";
import {
  FORWARDED_HEADER,
  MAX_UPSTREAM_BYTES,
  RPC_ALLOWED_METHODS,
  RPC_DRAIN_BYTES,
  RPC_MAX_BATCH,
  RPC_MAX_BODY_BYTES,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcResponse,
  type RpcAllowedMethod,
  type RpcOutcome,
  type RpcProxyConfig,
  type RpcUpstream,
} from "./methods";

export type RpcProxyLogger = Pick<Console, "warn">;

type Failure = { status: 502 | 504; error: JsonRpcError };

type Item =
  | { kind: "done"; response: JsonRpcResponse }
  | { kind: "forward"; id: JsonRpcId; upstream: RpcUpstream; request: { method: string; params?: unknown } };

const jsonHeaders = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export async function handleRpcProxy(request: Request, config: RpcProxyConfig, log: RpcProxyLogger = console): Promise<Response> {
  const scrub = scrubber(config.secrets);
  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(scrub(JSON.stringify(body)), { status, headers: { ...jsonHeaders, ...headers } });
  const refuse = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    respond(status, { jsonrpc: "2.0", id: null, error: { code, message } }, headers);

  if (request.method !== "POST") return refuse(405, -32600, "Only POST is allowed here", { allow: "POST" });

  const text = await readLimited(request, RPC_MAX_BODY_BYTES, RPC_DRAIN_BYTES);
  if (text === undefined) return refuse(413, -32600, `The body must be at most ${RPC_MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, -32700, "Parse error: the body is not JSON");
  }

  const isBatch = Array.isArray(body);
  const entries: unknown[] = isBatch ? (body as unknown[]) : [body];
  if (isBatch && entries.length === 0) return refuse(400, -32600, "Invalid Request: the batch is empty");
  if (entries.length > RPC_MAX_BATCH) return refuse(400, -32600, `Invalid Request: a batch may hold at most ${RPC_MAX_BATCH} requests, this one has ${entries.length}`);

  const items = await Promise.all(entries.map((entry) => prepare(entry, config)));
  if (!isBatch && items[0]!.kind === "done" && isInvalidRequest(items[0]!.response)) return respond(400, items[0]!.response);

  const failures: Failure[] = [];
  const responses = await forwardAll(items, config, request, { scrub, log, failures });
  const answered = responses.length - failures.length;
  // Every item failed at the transport: the HTTP status says so (viem retries 502/504).
  const status = answered > 0 ? 200 : failures.some((f) => f.status === 504) ? 504 : 502;
  return respond(status, isBatch ? responses : responses[0]);
}

function isInvalidRequest(response: JsonRpcResponse): boolean {
  return "error" in response && response.error.code === -32600;
}

async function prepare(entry: unknown, config: RpcProxyConfig): Promise<Item> {
  const done = (id: JsonRpcId, outcome: RpcOutcome): Item => ({ kind: "done", response: { jsonrpc: "2.0", id, ...outcome } });
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    return done(null, { error: { code: -32600, message: "Invalid Request: expected an object { jsonrpc, id, method, params }" } });
  }
  const { jsonrpc, id, method, params } = entry as Record<string, unknown>;
  const validId = typeof id === "string" || typeof id === "number" || id === null;
  const replyId = validId ? (id as JsonRpcId) : null;
  if (jsonrpc !== "2.0") return done(replyId, { error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' } });
  if (!validId) return done(null, { error: { code: -32600, message: "Invalid Request: id must be a string, a number or null (notifications are not supported)" } });
  if (typeof method !== "string" || method === "") return done(replyId, { error: { code: -32600, message: "Invalid Request: method must be a string" } });
  if (params !== undefined && (typeof params !== "object" || params === null)) {
    return done(replyId, { error: { code: -32600, message: "Invalid Request: params must be an array or an object" } });
  }
  if (!Object.hasOwn(RPC_ALLOWED_METHODS, method)) {
    return done(replyId, { error: { code: -32601, message: "method not allowed", data: { method: method.slice(0, 100) } } });
  }
  const refused = await config.screen?.(method as RpcAllowedMethod, params);
  if (refused) return done(replyId, { error: refused });
  const route = config.route(method as RpcAllowedMethod);
  if (route.type === "answer") return done(replyId, route.answer(params));
  return { kind: "forward", id: replyId, upstream: route.upstream, request: { method: route.method, ...(params !== undefined ? { params } : {}) } };
}

type ForwardContext = { scrub: (text: string) => string; log: RpcProxyLogger; failures: Failure[] };

/** Sends the forwarded items, batched per upstream where it takes batches, and puts the answers back in order. */
async function forwardAll(items: Item[], config: RpcProxyConfig, request: Request, context: ForwardContext): Promise<JsonRpcResponse[]> {
  const responses: (JsonRpcResponse | undefined)[] = items.map((item) => (item.kind === "done" ? item.response : undefined));
  const groups = new Map<RpcUpstream, number[]>();
  items.forEach((item, index) => {
    if (item.kind !== "forward") return;
    groups.set(item.upstream, [...(groups.get(item.upstream) ?? []), index]);
  });

  const sends: Promise<void>[] = [];
  for (const [upstream, indexes] of groups) {
    const chunks = upstream.batch ? [indexes] : indexes.map((index) => [index]);
    for (const chunk of chunks) {
      sends.push(
        send(upstream, chunk.map((index) => (items[index] as Extract<Item, { kind: "forward" }>).request), config, request, context).then((outcomes) => {
          chunk.forEach((index, i) => {
            const outcome = outcomes[i]!;
            if ("status" in outcome) context.failures.push(outcome);
            responses[index] = { jsonrpc: "2.0", id: (items[index] as Extract<Item, { kind: "forward" }>).id, ...("status" in outcome ? { error: outcome.error } : outcome) };
          });
        }),
      );
    }
  }
  await Promise.all(sends);
  return responses as JsonRpcResponse[];
}

/**
 * One HTTP request upstream: a single JSON-RPC request, or a batch with ids 0..n-1 (the client's
 * ids may repeat or be null; they are put back by position). Resolves with one outcome per
 * request, or the same failure for all of them.
 */
async function send(
  upstream: RpcUpstream,
  requests: { method: string; params?: unknown }[],
  config: RpcProxyConfig,
  incoming: Request,
  { scrub, log }: ForwardContext,
): Promise<(RpcOutcome | Failure)[]> {
  const payload = requests.map((r, i) => ({ jsonrpc: "2.0", id: i, ...r }));
  const fail = (failure: Failure, detail: string) => {
    log.warn(scrub(`rpc-proxy: ${upstream.name} upstream failed for ${requests.map((r) => r.method).join(",")}: ${detail}`));
    return requests.map(() => failure);
  };

  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  for (const [name, value] of incoming.headers) if (FORWARDED_HEADER.test(name)) headers[name] = value.slice(0, 200);

  const timeout = AbortSignal.timeout(config.timeoutMs);
  let text: string | undefined;
  let status: number;
  try {
    const response = await fetch(upstream.url, {
      method: "POST",
      headers,
      body: JSON.stringify(payload.length === 1 ? payload[0] : payload),
      signal: AbortSignal.any([timeout, incoming.signal]),
      redirect: "error",
    });
    status = response.status;
    text = await readLimited(response, MAX_UPSTREAM_BYTES);
  } catch (error) {
    if (timeout.aborted) {
      return fail({ status: 504, error: { code: -32603, message: `Upstream timeout: no answer within ${config.timeoutMs} ms` } }, "timeout");
    }
    return fail({ status: 502, error: { code: -32603, message: "Upstream not reachable" } }, describe(error));
  }
  if (text === undefined) return fail({ status: 502, error: { code: -32603, message: "Upstream answer too large" } }, `answer over ${MAX_UPSTREAM_BYTES} bytes`);

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail({ status: 502, error: { code: -32603, message: `Upstream error (HTTP ${status})` } }, `HTTP ${status}, not JSON`);
  }
  // A single error for the whole batch (e.g. a rate limit): it answers every request.
  const list = Array.isArray(parsed) ? parsed : payload.length === 1 || isErrorObject(parsed) ? payload.map(() => parsed) : [];
  return payload.map(({ id }, i) => {
    const answer = Array.isArray(parsed) ? list.find((a) => isObject(a) && a.id === id) : list[i];
    if (isObject(answer) && "error" in answer && isObject(answer.error)) return { error: cleanError(answer.error, scrub) };
    if (isObject(answer) && "result" in answer) return { result: answer.result };
    log.warn(scrub(`rpc-proxy: ${upstream.name} upstream gave no answer for ${requests[i]!.method} (HTTP ${status})`));
    return { status: 502, error: { code: -32603, message: `Upstream error (HTTP ${status})` } };
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isErrorObject(value: unknown): boolean {
  return isObject(value) && isObject(value.error);
}

/** An upstream's JSON-RPC error with URLs and secrets removed from its texts. */
function cleanError(error: Record<string, unknown>, scrub: (text: string) => string): JsonRpcError {
  const code = typeof error.code === "number" && Number.isInteger(error.code) ? error.code : -32603;
  const message = typeof error.message === "string" ? scrub(withoutUrls(error.message)).slice(0, 2000) : "Upstream error";
  const cleaned: JsonRpcError = { code, message };
  if (error.data !== undefined) {
    try {
      cleaned.data = JSON.parse(scrub(withoutUrls(JSON.stringify(error.data))));
    } catch {
      // Data that does not survive scrubbing is dropped rather than passed on.
    }
  }
  return cleaned;
}

function withoutUrls(text: string): string {
  return text.replace(/\b(?:https?|wss?):\/\/[^\s"'<>\\]+/gi, "[url]");
}

function scrubber(secrets: string[]): (text: string) => string {
  return (text) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join("[redacted]");
    return out;
  };
}

/** A network error's code (ECONNREFUSED, ...) or name: never its message, which may hold the URL. */
function describe(error: unknown): string {
  for (let e = error as { code?: unknown; cause?: unknown; name?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string") return e.code;
    if (!e.cause && typeof e.name === "string") return e.name;
  }
  return "error";
}
