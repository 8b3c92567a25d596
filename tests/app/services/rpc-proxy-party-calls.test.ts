/**
 * Production's rule for user operations (issue #11), in process: the calls are read from the
 * call data the real encoders write (the local PartyAccount's ERC-7821 batch, Account Kit's
 * Modular Account v2 and LightAccount), and every method that takes a user operation forwards it
 * only when each call goes to the party contract without value.
 */
import { Execute } from "ox/erc7821";
import { concat, encodeFunctionData, getAddress, parseAbi, zeroHash, type Hex } from "viem";
import { LOCAL_WALLET } from "../../../abis/deployments";
import { partyAccountFactoryAbi } from "../../../abis/party-account-factory";
import { decodeAccountCalls, EXECUTE_USER_OP_SELECTOR, type AccountCall } from "../../../app/services/rpc-proxy/account-calls";
import { productionRpcConfig } from "../../../app/services/rpc-proxy/config.server";
import { erc1167Code } from "../../../app/services/rpc-proxy/known-accounts.server";
import type { RpcProxyConfig } from "../../../app/services/rpc-proxy/methods";
import { NOT_SPONSORED, NOT_SPONSORED_MESSAGE } from "../../../app/services/rpc-proxy/party-calls-only.server";
import { ALICE, BOB } from "../../fixtures/accounts.js";
import { accountEncoders, type AccountEncoder } from "../../fixtures/account-encoders.js";
import { jsonRpcHandler, startFakeUpstream, type FakeUpstream } from "../../setup/fake-upstream.js";
import { call, recordingLog, rpc } from "./rpc-proxy-requests.js";

const PARTY = getAddress("0x000000000000000000000000000000000000dEaD");
const vote = (n: number): Hex => `0x1234567${n}`;
const toParty = (n: number): AccountCall => ({ to: PARTY, value: 0n, data: vote(n) });
const toAlice: AccountCall = { to: getAddress(ALICE.address), value: 0n, data: "0x" };

let upstream: FakeUpstream;
let encoders: AccountEncoder[];

beforeAll(async () => {
  // Stands in for Alchemy while Account Kit encodes: no code at the account (not deployed).
  upstream = await startFakeUpstream(jsonRpcHandler((method) => (method === "eth_getCode" ? "0x" : "0x1")));
  encoders = await accountEncoders({ rpcUrl: upstream.url, accountAddress: getAddress(BOB.address) });
});
afterAll(() => upstream?.close());

describe("the calls in a user operation's callData", () => {
  it("reads what each wallet's account encodes, one call and a batch", async () => {
    for (const { name, encode } of encoders) {
      for (const calls of [[toParty(1)], [toParty(1), toAlice, { ...toParty(2), value: 5n }]]) {
        expect([name, decodeAccountCalls(await encode(calls))]).toEqual([name, calls]);
      }
    }
  });

  it("reads Modular Account v2's executeUserOp form, ERC-7821 with opData, and LightAccount's batch without values", async () => {
    const modular = await encoders[1]!.encode([toParty(1), toAlice]);
    expect(decodeAccountCalls(concat([EXECUTE_USER_OP_SELECTOR, modular]))).toEqual([toParty(1), toAlice]);
    expect(decodeAccountCalls(Execute.encodeData([{ to: PARTY, data: vote(3) }], { opData: "0xabcd" }))).toEqual([toParty(3)]);
    const lightAbi = parseAbi(["function executeBatch(address[] dest, bytes[] func)"]);
    expect(decodeAccountCalls(encodeFunctionData({ abi: lightAbi, args: [[PARTY, ALICE.address], [vote(4), "0x"]] }))).toEqual([toParty(4), toAlice]);
  });

  it("reads nothing it cannot vouch for: other functions and modes, mismatched arrays, garbage", () => {
    const lightAbi = parseAbi(["function executeBatch(address[] dest, uint256[] value, bytes[] func)", "function updateOwners(bytes[] add, bytes[] remove)"]);
    const singleMode = `0x00${"0".repeat(62)}` as Hex; // ERC-7579 single call: OpenZeppelin's ERC7821 refuses it
    const undecodable: Hex[] = [
      "0x",
      "0xdeadbeef",
      encodeFunctionData({ abi: lightAbi, functionName: "updateOwners", args: [[], []] }),
      encodeFunctionData({ abi: lightAbi, functionName: "executeBatch", args: [[PARTY], [1n, 2n], [vote(1)]] }),
      Execute.encodeBatchOfBatchesData([{ calls: [{ to: PARTY, data: vote(1) }] }]),
      encodeFunctionData({ abi: [Execute.abiFunction], args: [singleMode, concat([PARTY, `0x${"0".repeat(64)}`, vote(1)])] }),
    ];
    for (const data of undecodable) expect([data, decodeAccountCalls(data)]).toEqual([data, undefined]);
  });
});

describe("PARTY_ENV=production forwards only user operations whose calls all go to the party", () => {
  let alchemy: FakeUpstream;
  let config: RpcProxyConfig;
  const { log } = recordingLog();
  const entryPoint = LOCAL_WALLET.entryPoint;

  beforeAll(async () => {
    // BOB's account is a PartyAccount on this chain (known-accounts.server.ts reads its code).
    alchemy = await startFakeUpstream(
      jsonRpcHandler((method) => (method === "eth_getCode" ? erc1167Code(LOCAL_WALLET.accountImplementation) : method === "eth_getStorageAt" ? zeroHash : `alchemy ${method}`)),
    );
    config = productionRpcConfig({ url: alchemy.url, party: PARTY, timeoutMs: 2_000 });
  });
  afterAll(() => alchemy?.close());

  /** Each method that takes a user operation, with the operation where the method has it. */
  const requests = (userOperation: object): [string, unknown[]][] => [
    ["alchemy_requestGasAndPaymasterAndData", [{ policyId: "policy", entryPoint, dummySignature: "0x", userOperation }]],
    ["pm_getPaymasterStubData", [userOperation, entryPoint, "0x89", { policyId: "policy" }]],
    ["pm_getPaymasterData", [userOperation, entryPoint, "0x89", { policyId: "policy" }]],
    ["eth_estimateUserOperationGas", [userOperation, entryPoint]],
    ["eth_sendUserOperation", [userOperation, entryPoint]],
    ["alchemy_simulateUserOperationAssetChanges", [userOperation, entryPoint]],
  ];
  const operation = async (encoder: AccountEncoder, calls: AccountCall[], extra: object = {}) => ({
    sender: BOB.address,
    nonce: "0x0",
    callData: await encoder.encode(calls),
    ...extra,
  });

  /** What reached Alchemy since request `before`, but the proxy's own reads of the sender's account. */
  const sentSince = (before: number) =>
    alchemy.requests
      .slice(before)
      .flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]) as { method: string; params?: [{ callData?: Hex }] }[])
      .filter((r) => r.method !== "eth_getCode" && r.method !== "eth_getStorageAt");

  async function forwarded(method: string, params: unknown[]) {
    const before = alchemy.requests.length;
    const { status, body } = await call(config, rpc(method, params, 7), { log });
    return { status, body, sent: sentSince(before).map((r) => r.method) };
  }

  it("forwards each method's user operation when every call is to the party, deploying the account or not", async () => {
    // Deployed; deploying with EntryPoint v0.7's factory fields; deploying with v0.6's initCode.
    const factoryData = encodeFunctionData({ abi: partyAccountFactoryAbi, functionName: "createAccount", args: [[`0x${"11".repeat(84)}`], zeroHash] });
    const deployments = [{}, { factory: LOCAL_WALLET.factory, factoryData }, { initCode: concat([LOCAL_WALLET.factory, factoryData]) }];
    for (const encoder of encoders) {
      for (const deployment of deployments) {
        for (const [method, params] of requests(await operation(encoder, [toParty(1), toParty(2)], deployment))) {
          const { status, body, sent } = await forwarded(method, params);
          expect([encoder.name, method, status, body]).toEqual([encoder.name, method, 200, { jsonrpc: "2.0", id: 7, result: `alchemy ${method}` }]);
          expect(sent).toEqual([method]);
        }
      }
    }
  });

  it("refuses, without forwarding, a user operation with a call elsewhere or with value", async () => {
    for (const encoder of encoders) {
      const cases: [AccountCall[], RegExp][] = [
        [[toAlice], new RegExp(`the call is to ${toAlice.to}, not the party ${PARTY}`)],
        [[toParty(1), toAlice], /call 2 of 2 is to/],
        [[{ ...toParty(1), value: 1n }], /the call sends 1 wei; the party takes none/],
      ];
      for (const [calls, reason] of cases) {
        for (const [method, params] of requests(await operation(encoder, calls))) {
          const { status, body, sent } = await forwarded(method, params);
          expect([encoder.name, method, status, sent]).toEqual([encoder.name, method, 200, []]);
          expect(body).toEqual({ jsonrpc: "2.0", id: 7, error: { code: NOT_SPONSORED, message: expect.stringContaining(NOT_SPONSORED_MESSAGE) } });
          expect(body.error!.message).toMatch(reason);
        }
      }
    }
  });

  it("refuses call data it cannot read, and a request without a user operation, with clear errors", async () => {
    const unreadable = await forwarded("eth_sendUserOperation", [{ sender: BOB.address, callData: "0xdeadbeef" }, entryPoint]);
    expect(unreadable.body.error).toEqual({ code: NOT_SPONSORED, message: `${NOT_SPONSORED_MESSAGE} (the callData is not an account execute or executeBatch call)` });
    for (const params of [[], [{ sender: BOB.address }], [{ callData: "0xzz" }], [null]]) {
      const { body, sent } = await forwarded("alchemy_requestGasAndPaymasterAndData", params);
      expect([params, body.error?.code, sent]).toEqual([params, -32602, []]);
      expect(body.error?.message).toMatch(/alchemy_requestGasAndPaymasterAndData takes a user operation with its callData/);
    }
    // Named params: these methods take positional ones.
    const named = await call(config, { jsonrpc: "2.0", id: 8, method: "pm_getPaymasterData", params: { userOperation: {} } }, { log });
    expect(named.body.error?.code).toBe(-32602);
  });

  it("answers each item of a batch on its own: the party's operation goes, the other does not", async () => {
    const [party, elsewhere] = [await operation(encoders[0]!, [toParty(1)]), await operation(encoders[0]!, [toAlice])];
    const before = alchemy.requests.length;
    const { status, body } = await call(config, [rpc("eth_chainId", [], 1), rpc("eth_sendUserOperation", [party, entryPoint], 2), rpc("eth_sendUserOperation", [elsewhere, entryPoint], 3)], { log });
    expect(status).toBe(200);
    expect(body.map((b) => [b.id, b.result ?? b.error?.code])).toEqual([
      [1, "alchemy eth_chainId"],
      [2, "alchemy eth_sendUserOperation"],
      [3, NOT_SPONSORED],
    ]);
    expect(sentSince(before).map((r) => r.params?.[0]?.callData ?? r.method)).toEqual(["eth_chainId", party.callData]);
  });

  it("leaves other methods alone (a read of any contract still goes)", async () => {
    const { body, sent } = await forwarded("eth_call", [{ to: ALICE.address, data: "0x" }, "latest"]);
    expect([body.result, sent]).toEqual(["alchemy eth_call", ["eth_call"]]);
  });
});
