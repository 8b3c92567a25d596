/**
 * The wallet's JSON-RPC proxy (app/services/rpc-proxy/handler.server.ts), in process: allowed methods
 * reach a real anvil, everything else is refused with JSON-RPC errors, and the body and batch
 * limits hold. Upstream failures and the key: rpc-proxy-upstream.test.ts; production's party-only
 * rule for user operations: rpc-proxy-party-calls.test.ts.
 */
import { getAddress, parseEther, type Hex } from "viem";
import { startAnvil, type Anvil } from "../../../scripts/lib/anvil.js";
import { localRpcConfig } from "../../../app/services/rpc-proxy/config.server";
import { handleRpcProxy } from "../../../app/services/rpc-proxy/handler.server";
import { RPC_ALLOWED_METHODS, RPC_DRAIN_BYTES, RPC_MAX_BATCH, RPC_MAX_BODY_BYTES, type RpcProxyConfig } from "../../../app/services/rpc-proxy/methods";
import { LOCAL_WALLET } from "../../../abis/deployments";
import { ALICE } from "../../fixtures/accounts.js";
import type { FakeUpstream } from "../../setup/fake-upstream.js";
import { call, post, recordingLog, rpc, startFakeBundler, type RpcBody } from "./rpc-proxy-requests.js";

let anvil: Anvil;
let bundler: FakeUpstream;
let local: RpcProxyConfig;
const { log } = recordingLog();

beforeAll(async () => {
  anvil = await startAnvil();
  bundler = await startFakeBundler();
  local = localRpcConfig({ chainUrl: anvil.rpcUrl, bundlerUrl: bundler.url, timeoutMs: 2_000 });
});
afterAll(async () => {
  await bundler?.close();
  await anvil?.stop();
});

describe("forwarding", () => {
  it("forwards an allowed read to the chain and returns its answer", async () => {
    const { status, body } = await call(local, rpc("eth_chainId"), { log });
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: "2.0", id: 1, result: "0x89" });

    const balance = await call(local, rpc("eth_getBalance", [ALICE.address, "latest"], "b"), { log });
    expect(balance.body.id).toBe("b");
    expect(BigInt(balance.body.result as Hex)).toBeGreaterThan(parseEther("1"));
  });

  it("refuses any other method with -32601 'method not allowed' in an HTTP 200, and does not forward it", async () => {
    for (const method of ["anvil_setBalance", "eth_sendRawTransaction", "eth_accounts", "debug_traceCall", "eth_getLogs", "__proto__", "toString"]) {
      const { status, body } = await call(local, rpc(method, [ALICE.address, "0x1"], 7), { log });
      expect([method, status]).toEqual([method, 200]);
      expect(body).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32601, message: "method not allowed", data: { method } } });
    }
    // anvil_setBalance really did not reach anvil.
    const balance = await call(local, rpc("eth_getBalance", [ALICE.address, "latest"]), { log });
    expect(BigInt(balance.body.result as Hex)).not.toBe(1n);
  });

  it("sends bundler methods to the bundler, one request each (alto takes no batches)", async () => {
    const before = bundler.requests.length;
    const { status, body } = await call(local, [rpc("eth_supportedEntryPoints", [], 1), rpc("eth_chainId", [], 2), rpc("eth_getUserOperationReceipt", ["0x01"], 3)], { log });
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
    const stub = await call(local, rpc("pm_getPaymasterStubData", [userOp, LOCAL_WALLET.entryPoint, "0x89", {}]), { log });
    expect(stub.body.result).toEqual({ paymaster: getAddress(LOCAL_WALLET.paymaster), paymasterData: "0x", isFinal: true });
    const data = await call(local, rpc("pm_getPaymasterData", [userOp, LOCAL_WALLET.entryPoint.toLowerCase(), "0x89", {}]), { log });
    expect(data.body.result).toEqual({ paymaster: getAddress(LOCAL_WALLET.paymaster), paymasterData: "0x" });

    const v06 = await call(local, rpc("pm_getPaymasterStubData", [userOp, "0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789", "0x89", {}]), { log });
    expect(v06.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("EntryPoint v0.7") });
    const otherChain = await call(local, rpc("pm_getPaymasterData", [userOp, LOCAL_WALLET.entryPoint, "0x1", {}]), { log });
    expect(otherChain.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("chain 137") });

    const fee = await call(local, rpc("rundler_maxPriorityFeePerGas"), { log });
    expect(fee.body.result).toMatch(/^0x[0-9a-f]+$/);
    const simulate = await call(local, rpc("alchemy_simulateUserOperationAssetChanges", [userOp, LOCAL_WALLET.entryPoint]), { log });
    expect(simulate.body.error).toMatchObject({ code: -32004 });
  });

  it("passes an upstream's JSON-RPC error through", async () => {
    const { status, body } = await call(local, rpc("eth_call", [{ to: ALICE.address, data: "0xzz" }, "latest"]), { log });
    expect(status).toBe(200);
    expect(body.error?.code).toEqual(expect.any(Number));
    expect(body.result).toBeUndefined();
  });

  it("every method in the list is either served or answered, never 'not allowed'", async () => {
    for (const method of Object.keys(RPC_ALLOWED_METHODS)) {
      const { body } = await call(local, rpc(method, []), { log });
      expect([method, body.error?.message]).not.toEqual([method, "method not allowed"]);
    }
  });
});

describe("limits and malformed requests", () => {
  it(`a batch of ${RPC_MAX_BATCH} is answered in order; ${RPC_MAX_BATCH + 1} is refused with 400 and a JSON-RPC error`, async () => {
    const batch = Array.from({ length: RPC_MAX_BATCH }, (_, i) => rpc(i % 2 ? "eth_chainId" : "eth_blockNumber", [], i));
    const ok = await call(local, batch, { log });
    expect(ok.status).toBe(200);
    expect(ok.body.map((b) => b.id)).toEqual(batch.map((b) => b.id));
    expect(ok.body.every((b) => typeof b.result === "string")).toBe(true);

    const tooMany = await call(local, [...batch, rpc("eth_chainId", [], 99)], { log });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining(`at most ${RPC_MAX_BATCH}`) } });
  });

  it("answers each item of a mixed batch on its own, duplicate ids kept by position", async () => {
    const { status, body } = await call(local, [rpc("eth_chainId", [], 1), rpc("eth_sign", [], 1), { id: 3 }, 42, rpc("net_version", [], 1)], { log });
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
