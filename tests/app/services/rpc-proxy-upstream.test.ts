/**
 * The wallet's JSON-RPC proxy (app/services/rpc-proxy/handler.server.ts), in process, when an
 * upstream fails: one that is down or silent gives a clear error, and the upstream URL and key
 * never reach a response or a log line.
 */
import { encodeData } from "ox/erc7821/Execute";
import { encodeFunctionData, zeroHash } from "viem";
import { partyAccountFactoryAbi } from "../../../abis/party-account-factory";
import { freePort } from "../../../scripts/lib/free-port.js";
import { localRpcConfig, productionRpcConfig, rpcConfigFromEnv } from "../../../app/services/rpc-proxy/config.server";
import { handleRpcProxy } from "../../../app/services/rpc-proxy/handler.server";
import type { RpcProxyConfig } from "../../../app/services/rpc-proxy/methods";
import { LOCAL_WALLET } from "../../../abis/deployments";
import { jsonRpcHandler, startFakeUpstream, type FakeUpstream } from "../../setup/fake-upstream.js";
import { call, post, recordingLog, rpc, startFakeBundler, type RpcBody } from "./rpc-proxy-requests.js";

/** Never reached: the configurations need a chain URL, these tests call no chain method there. */
const CHAIN_URL = "http://127.0.0.1:9/unused";
const PARTY = { PARTY_ADDRESS: "0x000000000000000000000000000000000000dEaD", PARTY_START_BLOCK: "0" } as const;
/** A user operation production forwards: one call to the party, from an account the local factory makes (its first operation, so no read of its code). */
const partyOperation = {
  sender: "0x00000000000000000000000000000000000000a1",
  nonce: "0x0",
  callData: encodeData([{ to: PARTY.PARTY_ADDRESS, data: "0x12345678" }]),
  factory: LOCAL_WALLET.factory,
  factoryData: encodeFunctionData({ abi: partyAccountFactoryAbi, functionName: "createAccount", args: [[`0x${"11".repeat(84)}`], zeroHash] }),
};

let bundler: FakeUpstream;
const { lines, log } = recordingLog();

beforeAll(async () => {
  bundler = await startFakeBundler();
});
afterAll(() => bundler?.close());
beforeEach(() => {
  lines.length = 0;
});

describe("upstream failures", () => {
  it("an upstream that is down gives 502 with a JSON-RPC error that does not name the upstream", async () => {
    const port = await freePort();
    const config = localRpcConfig({ chainUrl: `http://127.0.0.1:${port}/rpc`, bundlerUrl: bundler.url });
    const { status, text, body } = await call(config, rpc("eth_blockNumber", [], 5), { log });
    expect(status).toBe(502);
    expect(body).toEqual({ jsonrpc: "2.0", id: 5, error: { code: -32603, message: "Upstream not reachable" } });
    expect(text).not.toContain(String(port));
    expect(lines.join("\n")).toContain("ECONNREFUSED");
    expect(lines.join("\n")).not.toContain(String(port));

    // In a batch, what could be answered is answered: HTTP 200, the failed item has the error.
    const mixed = await call(config, [rpc("eth_supportedEntryPoints", [], 1), rpc("eth_chainId", [], 2)], { log });
    expect(mixed.status).toBe(200);
    expect(mixed.body[0]).toMatchObject({ id: 1, result: [LOCAL_WALLET.entryPoint] });
    expect(mixed.body[1]).toMatchObject({ id: 2, error: { code: -32603, message: "Upstream not reachable" } });
  });

  it("an upstream that never answers gives 504 after the timeout", async () => {
    const silent = await startFakeUpstream(() => "hang");
    try {
      const config = localRpcConfig({ chainUrl: silent.url, bundlerUrl: bundler.url, timeoutMs: 300 });
      const started = Date.now();
      const { status, text, body } = await call(config, rpc("eth_blockNumber", [], 9), { log });
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
    const base = { PARTY_ENV: "local" as const, CHAIN_RPC_URL: CHAIN_URL, BUNDLER_RPC_URL: bundler.url };
    expect((rpcConfigFromEnv({ ...base, RPC_PROXY_TIMEOUT_MS: 10_000 }) as RpcProxyConfig).timeoutMs).toBe(10_000);
    const production = { ...base, PARTY_ENV: "production" as const, RPC_PROXY_TIMEOUT_MS: 10_000 };
    expect(rpcConfigFromEnv({ ...production, ...PARTY })).toEqual({ error: expect.stringContaining("ALCHEMY_API_KEY") });
    // Production forwards user operations only to the party contract: without it, no proxy.
    expect(rpcConfigFromEnv({ ...production, ALCHEMY_API_KEY: "key" })).toEqual({ error: expect.stringContaining("PARTY_ADDRESS") });
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
      ...PARTY,
      CHAIN_RPC_URL: CHAIN_URL,
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
      post(JSON.stringify([rpc("eth_chainId", [], 1), rpc("eth_sendUserOperation", [partyOperation, LOCAL_WALLET.entryPoint], 2), rpc("pm_getPaymasterData", [partyOperation], 3)]), {
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
    const built = productionRpcConfig({ url: `https://polygon-mainnet.g.alchemy.com/v2/${KEY}`, apiKey: KEY, party: PARTY.PARTY_ADDRESS });
    expect(built.secrets).toContain(KEY);
    const fromEnv = rpcConfigFromEnv({ PARTY_ENV: "production", ...PARTY, CHAIN_RPC_URL: CHAIN_URL, BUNDLER_RPC_URL: bundler.url, ALCHEMY_API_KEY: KEY, RPC_PROXY_TIMEOUT_MS: 10_000 });
    expect(fromEnv).toMatchObject({ mode: "production", secrets: expect.arrayContaining([`https://polygon-mainnet.g.alchemy.com/v2/${KEY}`, KEY]) });
    const route = (fromEnv as RpcProxyConfig).route("eth_chainId");
    expect(route).toMatchObject({ type: "forward", upstream: { url: `https://polygon-mainnet.g.alchemy.com/v2/${KEY}` } });
  });
});

