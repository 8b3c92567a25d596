/**
 * /api/alchemy-rpc in the production app server (remix-serve build/index.js):
 * - locally, a passkey smart account sends a sponsored user operation with every request going
 *   through the proxy: chain reads to anvil, ERC-4337 methods to alto, pm_* answered by the app;
 * - the post guard refuses cross-site requests and floods;
 * - with PARTY_ENV=production and an upstream whose URL holds the key, neither the responses nor
 *   the server's output ever contain the key.
 */
import { createPublicClient, getAddress, http, type Hex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { toPartyAccount } from "../../../app/wallet/local/smart-account";
import { localChain } from "../../../scripts/lib/chain-definition.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { ALICE } from "../../fixtures/accounts.js";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { createSoftwarePasskey } from "../../fixtures/software-passkey.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { startFakeUpstream, type FakeUpstream } from "../../setup/fake-upstream.js";
import { LOCAL_WALLET } from "../../../abis/deployments.js";

const rpc = (method: string, params: unknown[] = [], id: number = 1) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
const postTo = (app: AppServer, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/alchemy-rpc`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("local: the wallet works through the proxy alone", () => {
  let stack: Stack;
  let app: AppServer;

  beforeAll(async () => {
    stack = await startStack({ seed: false, indexer: false, app: false, wallet: true });
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startAppServer({
      env: {
        DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`,
        INDEXER_URL: dead,
        CHAIN_RPC_URL: stack.rpcUrl,
        BUNDLER_RPC_URL: stack.wallet.bundler.url,
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await stack?.stop();
  });

  it("sends a sponsored user operation that deploys a passkey account", async () => {
    const proxyUrl = `${app.url}/api/alchemy-rpc`;
    const client = createPublicClient({ chain: localChain(proxyUrl), transport: http(proxyUrl), pollingInterval: 50 });
    const account = await toPartyAccount({ client, owner: createSoftwarePasskey().account, ...LOCAL_WALLET });
    const bundlerClient = createBundlerClient({ client, transport: http(proxyUrl), paymaster: true, pollingInterval: 50 });

    expect(await stack.publicClient.getCode({ address: account.address })).toBeUndefined();
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: ALICE.address, data: "0x" as Hex }] });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    expect(getAddress(receipt.paymaster!)).toBe(getAddress(stack.wallet.infra.paymaster));
    expect(await stack.publicClient.getCode({ address: account.address })).toMatch(/^0x.+/);
  });

  it("a GET is refused with 405", async () => {
    const response = await fetch(`${app.url}/api/alchemy-rpc`);
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: { message: "Only POST is allowed here" } });
  });

  it("refuses cross-site requests with 403 before reaching any upstream", async () => {
    const byOrigin = await postTo(app, rpc("eth_chainId"), { origin: "https://evil.example" });
    expect(byOrigin.status).toBe(403);
    const byFetchSite = await postTo(app, rpc("eth_chainId"), { "sec-fetch-site": "cross-site" });
    expect(byFetchSite.status).toBe(403);
    const sameOrigin = await postTo(app, rpc("eth_chainId"), { origin: app.url, "sec-fetch-site": "same-origin" });
    expect(await sameOrigin.json()).toEqual({ jsonrpc: "2.0", id: 1, result: "0x89" });
  });

  it("refuses a body over 64 KB with 413, with or without Content-Length", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: ["x".repeat(70_000)] });
    const declared = await postTo(app, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { code: -32600, message: "The body must be at most 65536 bytes" } });

    const bytes = new TextEncoder().encode(big);
    const streamed = await fetch(`${app.url}/api/alchemy-rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  // Last in this server's life: it uses up the shared "default" bucket.
  it("rate-limits at 100 requests a minute (429 with Retry-After)", async () => {
    let limited: Response | undefined;
    for (let i = 0; i < 101 && !limited; i++) {
      const response = await postTo(app, rpc("eth_chainId"));
      if (response.status === 429) limited = response;
      else await response.body?.cancel();
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("production: the key never leaves the server", () => {
  const KEY = "alchemyTestKey_9f8e7d6c5b4a3210ZZ";
  let upstream: FakeUpstream;
  let app: AppServer;

  beforeAll(async () => {
    upstream = await startFakeUpstream(({ body }) => {
      const { id, method } = body as { id: number; method: string };
      if (method === "eth_blockNumber") return "hang";
      if (method === "eth_call") return { status: 500, text: `internal error at ${upstream.url} for key ${KEY}` };
      return { json: { jsonrpc: "2.0", id, error: { code: -32000, message: `upstream ${upstream.url} refused key ${KEY}`, data: KEY } } };
    }, `/v2/${KEY}`);
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startAppServer({
      env: {
        DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`,
        INDEXER_URL: dead,
        CHAIN_RPC_URL: dead,
        PARTY_ENV: "production",
        PARTY_ADDRESS: "0x000000000000000000000000000000000000dEaD",
        PARTY_START_BLOCK: "0",
        ALCHEMY_API_KEY: KEY,
        ALCHEMY_RPC_URL: upstream.url,
        RPC_PROXY_TIMEOUT_MS: "500",
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  it("errors from the upstream, its HTTP failures, its timeouts and its absence never show the key", async () => {
    const answers: { status: number; text: string }[] = [];
    for (const body of [rpc("eth_chainId"), rpc("eth_call", [{}, "latest"]), rpc("eth_blockNumber"), `[${rpc("eth_getCode", [], 1)},${rpc("eth_chainId", [], 2)}]`]) {
      const response = await postTo(app, body);
      answers.push({ status: response.status, text: await response.text() });
    }
    await upstream.close();
    const down = await postTo(app, rpc("eth_chainId"));
    answers.push({ status: down.status, text: await down.text() });

    expect(answers.map((a) => a.status)).toEqual([200, 502, 504, 200, 502]);
    expect(JSON.parse(answers[0]!.text)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: "upstream [url] refused key [redacted]", data: "[redacted]" } });
    expect(JSON.parse(answers[2]!.text)).toMatchObject({ error: { message: "Upstream timeout: no answer within 500 ms" } });
    for (const { text } of answers) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(String(upstream.port));
    }
    // The server logged the failures, without the key or the URL.
    expect(app.output()).toContain("rpc-proxy: alchemy upstream failed");
    expect(app.output()).not.toContain(KEY);
    expect(app.output()).not.toContain(String(upstream.port));
  });
});
