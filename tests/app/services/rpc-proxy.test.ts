/**
 * The wallet's JSON-RPC proxy (app/services/rpc-proxy/handler.server.ts), in process: allowed methods
 * reach a real anvil, everything else is refused with JSON-RPC errors, the body and batch limits
 * hold, an upstream that is down or silent gives a clear error, and the upstream URL and key
 * never reach a response or a log line.
 */
import { getAddress, parseEther, type Hex } from "viem";
import { startAnvil, type Anvil } from "../../../scripts/lib/anvil.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { localRpcConfig, productionRpcConfig, rpcConfigFromEnv } from "../../../app/services/rpc-proxy/config.server";
import { handleRpcProxy } from "../../../app/services/rpc-proxy/handler.server";
import { RPC_ALLOWED_METHODS, RPC_DRAIN_BYTES, RPC_MAX_BATCH, RPC_MAX_BODY_BYTES, type RpcProxyConfig } from "../../../app/services/rpc-proxy/methods";
import { LOCAL_WALLET } from "../../../abis/deployments";
import { ALICE } from "../../fixtures/accounts.js";
import { jsonRpcHandler, startFakeUpstream, type FakeUpstream } from "../../setup/fake-upstream.js";

type RpcBody = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };

let anvil: Anvil;
let bundler: FakeUpstream;
let local: RpcProxyConfig;
const warnings: string[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args.map(String).join(" ")) };

beforeAll(async () => {
  anvil = await startAnvil();
  // Like alto: single requests only, content type exactly application/json.
  bundler = await startFakeUpstream(({ body, headers }) => {
    if (headers["content-type"] !== "application/json" || Array.isArray(body)) return { status: 400, json: { message: "invalid request" } };
    const call = body as { id: number; method: string };
    const result = call.method === "eth_supportedEntryPoints" ? [LOCAL_WALLET.entryPoint] : `bundled ${call.method}`;
    return { json: { jsonrpc: "2.0", id: call.id, result } };
  });
  local = localRpcConfig({ chainUrl: anvil.rpcUrl, bundlerUrl: bundler.url, timeoutMs: 2_000 });
});
afterAll(async () => {
  await bundler?.close();
  await anvil?.stop();
});
beforeEach(() => {
  warnings.length = 0;
});

const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://app.test/api/alchemy-rpc", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    ...(typeof body === "string" ? {} : { duplex: "half" }),
  } as RequestInit);

async function call(config: RpcProxyConfig, payload: unknown, headers: Record<string, string> = {}) {
  const response = await handleRpcProxy(post(JSON.stringify(payload), headers), config, log);
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as RpcBody & RpcBody[] };
}

const rpc = (method: string, params: unknown[] = [], id: number | string | null = 1) => ({ jsonrpc: "2.0", id, method, params });

describe("forwarding", () => {
  it("forwards an allowed read to the chain and returns its answer", async () => {
    const { status, body } = await call(local, rpc("eth_chainId"));
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: "2.0", id: 1, result: "0x89" });

    const balance = await call(local, rpc("eth_getBalance", [ALICE.address, "latest"], "b"));
    expect(balance.body.id).toBe("b");
    expect(BigInt(balance.body.result as Hex)).toBeGreaterThan(parseEther("1"));
  });

  it("refuses any other method with -32601 'method not allowed' in an HTTP 200, and does not forward it", async () => {
    for (const method of ["anvil_setBalance", "eth_sendRawTransaction", "eth_accounts", "debug_traceCall", "eth_getLogs", "__proto__", "toString"]) {
      const { status, body } = await call(local, rpc(method, [ALICE.address, "0x1"], 7));
      expect([method, status]).toEqual([method, 200]);
      expect(body).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32601, message: "method not allowed", data: { method } } });
    }
    // anvil_setBalance really did not reach anvil.
    const balance = await call(local, rpc("eth_getBalance", [ALICE.address, "latest"]));
    expect(BigInt(balance.body.result as Hex)).not.toBe(1n);
  });

  it("sends bundler methods to the bundler, one request each (alto takes no batches)", async () => {
    const before = bundler.requests.length;
    const { status, body } = await call(local, [rpc("eth_supportedEntryPoints", [], 1), rpc("eth_chainId", [], 2), rpc("eth_getUserOperationReceipt", ["0x01"], 3)]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { jsonrpc: "2.0", id: 1, result: [LOCAL_WALLET.entryPoint] },
      { jsonrpc: "2.0", id: 2, result: "0x89" },
      { jsonrpc: "2.0", id: 3, result: "bundled eth_getUserOperationReceipt" },
    ]);
    const sent = bundler.requests.slice(before).map((r) => r.body as { method: string });
    expect(sent.map((b) => b.method).sort()).toEqual(["eth_getUserOperationReceipt", "eth_supportedEntryPoints"]);
    expect(sent.some(Array.isArray)).toBe(false);
  });

  it("answers pm_* locally with the sponsoring paymaster, and rundler_maxPriorityFeePerGas from the chain", async () => {
    const userOp = { sender: ALICE.address, nonce: "0x0", callData: "0x" };
    const stub = await call(local, rpc("pm_getPaymasterStubData", [userOp, LOCAL_WALLET.entryPoint, "0x89", {}]));
    expect(stub.body.result).toEqual({ paymaster: getAddress(LOCAL_WALLET.paymaster), paymasterData: "0x", isFinal: true });
    const data = await call(local, rpc("pm_getPaymasterData", [userOp, LOCAL_WALLET.entryPoint.toLowerCase(), "0x89", {}]));
    expect(data.body.result).toEqual({ paymaster: getAddress(LOCAL_WALLET.paymaster), paymasterData: "0x" });

    const v06 = await call(local, rpc("pm_getPaymasterStubData", [userOp, "0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789", "0x89", {}]));
    expect(v06.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("EntryPoint v0.7") });
    const otherChain = await call(local, rpc("pm_getPaymasterData", [userOp, LOCAL_WALLET.entryPoint, "0x1", {}]));
    expect(otherChain.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("chain 137") });

    const fee = await call(local, rpc("rundler_maxPriorityFeePerGas"));
    expect(fee.body.result).toMatch(/^0x[0-9a-f]+$/);
    const simulate = await call(local, rpc("alchemy_simulateUserOperationAssetChanges", [userOp, LOCAL_WALLET.entryPoint]));
    expect(simulate.body.error).toMatchObject({ code: -32004 });
  });

  it("passes an upstream's JSON-RPC error through", async () => {
    const { status, body } = await call(local, rpc("eth_call", [{ to: ALICE.address, data: "0xzz" }, "latest"]));
    expect(status).toBe(200);
    expect(body.error?.code).toEqual(expect.any(Number));
    expect(body.result).toBeUndefined();
  });

  it("every method in the list is either served or answered, never 'not allowed'", async () => {
    for (const method of Object.keys(RPC_ALLOWED_METHODS)) {
      const { body } = await call(local, rpc(method, []));
      expect([method, body.error?.message]).not.toEqual([method, "method not allowed"]);
    }
  });
});

describe("limits and malformed requests", () => {
  it(`a batch of ${RPC_MAX_BATCH} is answered in order; ${RPC_MAX_BATCH + 1} is refused with 400 and a JSON-RPC error`, async () => {
    const batch = Array.from({ length: RPC_MAX_BATCH }, (_, i) => rpc(i % 2 ? "eth_chainId" : "eth_blockNumber", [], i));
    const ok = await call(local, batch);
    expect(ok.status).toBe(200);
    expect(ok.body.map((b) => b.id)).toEqual(batch.map((b) => b.id));
    expect(ok.body.every((b) => typeof b.result === "string")).toBe(true);

    const tooMany = await call(local, [...batch, rpc("eth_chainId", [], 99)]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining(`at most ${RPC_MAX_BATCH}`) } });
  });

  it("answers each item of a mixed batch on its own, duplicate ids kept by position", async () => {
    const { status, body } = await call(local, [rpc("eth_chainId", [], 1), rpc("eth_sign", [], 1), { id: 3 }, 42, rpc("net_version", [], 1)]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0x89" },
      { jsonrpc: "2.0", id: 1, error: expect.objectContaining({ code: -32601 }) },
      { jsonrpc: "2.0", id: 3, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: "2.0", id: null, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: "2.0", id: 1, result: "137" },
    ]);
  });

  it(`refuses a body over ${RPC_MAX_BODY_BYTES} bytes with 413, counting the bytes rather than trusting Content-Length`, async () => {
    const padded = (size: number) => {
      const json = JSON.stringify(rpc("eth_chainId"));
      return json.slice(0, -1) + " ".repeat(size - json.length) + "}";
    };
    const exact = await handleRpcProxy(post(padded(RPC_MAX_BODY_BYTES)), local, log);
    expect(exact.status).toBe(200);

    const declared = await handleRpcProxy(post(padded(RPC_MAX_BODY_BYTES + 1)), local, log);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining(`${RPC_MAX_BODY_BYTES} bytes`) } });

    // Streamed without Content-Length, and with a Content-Length that lies.
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    expect((await handleRpcProxy(post(endless), local, log)).status).toBe(413);
    // Read (and dropped) up to the drain limit so a client can get its 413, then cut off.
    expect(sent).toBeLessThanOrEqual(RPC_DRAIN_BYTES + 2 * chunk.length);
    expect((await handleRpcProxy(post(padded(RPC_MAX_BODY_BYTES * 2), { "content-length": "10" }), local, log)).status).toBe(413);
  });

  it("answers 400 with a JSON-RPC error for a body that is not JSON-RPC, and 405 for other methods", async () => {
    const cases: [string, number][] = [
      ["not json", -32700],
      ["[]", -32600],
      ["42", -32600],
      ['{"foo":1}', -32600],
      ['{"jsonrpc":"2.0","method":"eth_chainId"}', -32600], // a notification: not supported
      ['{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}', -32600],
      ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"x"}', -32600],
    ];
    for (const [text, code] of cases) {
      const response = await handleRpcProxy(post(text), local, log);
      const body = (await response.json()) as RpcBody;
      expect([text, response.status, body.error?.code]).toEqual([text, 400, code]);
    }
    const get = await handleRpcProxy(new Request("http://app.test/api/alchemy-rpc"), local, log);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("upstream failures", () => {
  it("an upstream that is down gives 502 with a JSON-RPC error that does not name the upstream", async () => {
    const port = await freePort();
    const config = localRpcConfig({ chainUrl: `http://127.0.0.1:${port}/rpc`, bundlerUrl: bundler.url });
    const { status, text, body } = await call(config, rpc("eth_blockNumber", [], 5));
    expect(status).toBe(502);
    expect(body).toEqual({ jsonrpc: "2.0", id: 5, error: { code: -32603, message: "Upstream not reachable" } });
    expect(text).not.toContain(String(port));
    expect(warnings.join("\n")).toContain("ECONNREFUSED");
    expect(warnings.join("\n")).not.toContain(String(port));

    // In a batch, what could be answered is answered: HTTP 200, the failed item has the error.
    const mixed = await call(config, [rpc("eth_supportedEntryPoints", [], 1), rpc("eth_chainId", [], 2)]);
    expect(mixed.status).toBe(200);
    expect(mixed.body[0]).toMatchObject({ id: 1, result: [LOCAL_WALLET.entryPoint] });
    expect(mixed.body[1]).toMatchObject({ id: 2, error: { code: -32603, message: "Upstream not reachable" } });
  });

  it("an upstream that never answers gives 504 after the timeout", async () => {
    const silent = await startFakeUpstream(() => "hang");
    try {
      const config = localRpcConfig({ chainUrl: silent.url, bundlerUrl: bundler.url, timeoutMs: 300 });
      const started = Date.now();
      const { status, text, body } = await call(config, rpc("eth_blockNumber", [], 9));
      const elapsed = Date.now() - started;
      expect(status).toBe(504);
      expect(body).toEqual({ jsonrpc: "2.0", id: 9, error: { code: -32603, message: "Upstream timeout: no answer within 300 ms" } });
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(3_000);
      expect(text).not.toContain(String(silent.port));
      expect(silent.requests).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  it("the default timeout is 10 s, from RPC_PROXY_TIMEOUT_MS when set", () => {
    const base = { PARTY_ENV: "local" as const, CHAIN_RPC_URL: anvil.rpcUrl, BUNDLER_RPC_URL: bundler.url };
    expect((rpcConfigFromEnv({ ...base, RPC_PROXY_TIMEOUT_MS: 10_000 }) as RpcProxyConfig).timeoutMs).toBe(10_000);
    expect(rpcConfigFromEnv({ PARTY_ENV: "production", CHAIN_RPC_URL: anvil.rpcUrl, BUNDLER_RPC_URL: bundler.url, RPC_PROXY_TIMEOUT_MS: 10_000 })).toEqual({
      error: expect.stringContaining("ALCHEMY_API_KEY"),
    });
  });
});

describe("the key never leaks (PARTY_ENV=production)", () => {
  const KEY = "sEcReTaLcHeMyKeY0123456789abcdef";
  let upstream: FakeUpstream;
  let config: RpcProxyConfig;
  const console$ = { lines: [] as string[] };
  const spies: { mockRestore(): void }[] = [];

  beforeAll(async () => {
    upstream = await startFakeUpstream(jsonRpcHandler(() => "0x1"), `/v2/${KEY}`);
    const built = rpcConfigFromEnv({
      PARTY_ENV: "production",
      CHAIN_RPC_URL: anvil.rpcUrl,
      BUNDLER_RPC_URL: bundler.url,
      ALCHEMY_API_KEY: KEY,
      ALCHEMY_RPC_URL: upstream.url,
      RPC_PROXY_TIMEOUT_MS: 300,
    });
    if ("error" in built) throw new Error(built.error);
    config = built;
  });
  afterAll(() => upstream?.close());
  beforeEach(() => {
    console$.lines.length = 0;
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      spies.push(vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void console$.lines.push(args.map(String).join(" "))));
    }
  });
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  /** Calls through the proxy with console as its logger; returns the response text. */
  async function through(payload: unknown) {
    const response = await handleRpcProxy(post(JSON.stringify(payload)), config, console);
    return { status: response.status, text: await response.text() };
  }

  it("sends every method to the one upstream, in batches", async () => {
    const before = upstream.requests.length;
    const response = await handleRpcProxy(
      post(JSON.stringify([rpc("eth_chainId", [], 1), rpc("eth_sendUserOperation", [{}, LOCAL_WALLET.entryPoint], 2), rpc("pm_getPaymasterData", [], 3)]), {
        "alchemy-aa-sdk-signer": "passkey",
        cookie: "session=secret",
        authorization: "Bearer x",
      }),
      config,
      console,
    );
    const { status, text } = { status: response.status, text: await response.text() };
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, result: "0x1" })));
    expect(upstream.requests.slice(before)).toHaveLength(1);
    expect(upstream.requests.at(-1)!.path).toBe(`/v2/${KEY}`);
    // Account Kit's SDK headers go along; nothing else of the browser's request does.
    expect(upstream.requests.at(-1)!.headers["alchemy-aa-sdk-signer"]).toBe("passkey");
    expect(upstream.requests.at(-1)!.headers.cookie).toBeUndefined();
    expect(upstream.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("scrubs the URL and key from upstream errors, HTTP errors, outages and timeouts, in responses and logs", async () => {
    const outcomes: { status: number; text: string }[] = [];
    upstream.setHandler(({ body }) => ({
      json: {
        jsonrpc: "2.0",
        id: (body as { id: number }).id,
        error: { code: -32000, message: `request to ${upstream.url} failed (key ${KEY})`, data: { url: upstream.url, key: KEY, nested: [`see ${upstream.url}?x=1`] } },
      },
    }));
    outcomes.push(await through(rpc("eth_call", [{}, "latest"])));
    upstream.setHandler(() => ({ status: 401, text: `<html>Unauthorized: key ${KEY} at ${upstream.url}</html>`, contentType: "text/html" }));
    outcomes.push(await through(rpc("eth_blockNumber")));
    upstream.setHandler(() => ({ status: 429, json: { jsonrpc: "2.0", id: null, error: { code: 429, message: `Too many requests for ${KEY}` } } }));
    outcomes.push(await through([rpc("eth_blockNumber", [], 1), rpc("eth_chainId", [], 2)]));
    upstream.setHandler(() => "hang");
    outcomes.push(await through(rpc("eth_blockNumber")));
    await upstream.close();
    outcomes.push(await through(rpc("eth_blockNumber")));

    expect(outcomes.map((o) => o.status)).toEqual([200, 502, 200, 504, 502]);
    const first = JSON.parse(outcomes[0]!.text) as RpcBody;
    expect(first.error).toEqual({ code: -32000, message: "request to [url] failed (key [redacted])", data: { url: "[url]", key: "[redacted]", nested: ["see [url]"] } });
    for (const { text } of outcomes) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(String(upstream.port));
    }
    const logged = console$.lines.join("\n");
    expect(logged).toMatch(/rpc-proxy: alchemy upstream failed/);
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain(String(upstream.port));
  });

  it("builds the Alchemy Polygon URL from the key when ALCHEMY_RPC_URL is unset", () => {
    const built = productionRpcConfig({ url: `https://polygon-mainnet.g.alchemy.com/v2/${KEY}`, apiKey: KEY });
    expect(built.secrets).toContain(KEY);
    const fromEnv = rpcConfigFromEnv({ PARTY_ENV: "production", CHAIN_RPC_URL: anvil.rpcUrl, BUNDLER_RPC_URL: bundler.url, ALCHEMY_API_KEY: KEY, RPC_PROXY_TIMEOUT_MS: 10_000 });
    expect(fromEnv).toMatchObject({ mode: "production", secrets: expect.arrayContaining([`https://polygon-mainnet.g.alchemy.com/v2/${KEY}`, KEY]) });
    const route = (fromEnv as RpcProxyConfig).route("eth_chainId");
    expect(route).toMatchObject({ type: "forward", upstream: { url: `https://polygon-mainnet.g.alchemy.com/v2/${KEY}` } });
  });
});
