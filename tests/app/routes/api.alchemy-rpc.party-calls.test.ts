/**
 * Issue #11, against the production server (server/index.ts over the build) with a stand-in for
 * Alchemy:
 * - PARTY_ENV=production forwards user operations (for sponsorship or for the bundler) only when
 *   every call goes to the party contract; any other gets a JSON-RPC error and never reaches
 *   Alchemy. Checked with the call data of each wallet's account (the local PartyAccount, Account
 *   Kit's Modular Account v2 and LightAccount).
 * - PARTY_ENV=production with WALLET_BACKEND=local does not start, and says why.
 */
import { encodeFunctionData, getAddress, zeroHash, type Hex } from "viem";
import type { AccountCall } from "../../../app/services/rpc-proxy/account-calls";
import { LOCAL_WALLET } from "../../../abis/deployments.js";
import { partyAccountFactoryAbi } from "../../../abis/party-account-factory.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { ALICE, BOB } from "../../fixtures/accounts.js";
import { accountEncoders, type AccountEncoder } from "../../fixtures/account-encoders.js";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { jsonRpcHandler, startFakeUpstream, type FakeUpstream } from "../../setup/fake-upstream.js";
import { postRpc, userOperationParams } from "../services/rpc-proxy-requests.js";

const PARTY = getAddress("0x000000000000000000000000000000000000dEaD");
const toParty: AccountCall = { to: PARTY, value: 0n, data: "0x12345678" };
const toAlice: AccountCall = { to: getAddress(ALICE.address), value: 0n, data: "0x" };

let alchemy: FakeUpstream;
/** What Account Kit reads while encoding (no code at the account); kept apart from what the proxy forwards. */
let chain: FakeUpstream;
let encoders: AccountEncoder[];
let productionEnv: Record<string, string>;

beforeAll(async () => {
  alchemy = await startFakeUpstream(jsonRpcHandler((method) => `alchemy ${method}`));
  chain = await startFakeUpstream(jsonRpcHandler((method) => (method === "eth_getCode" ? "0x" : "0x1")));
  encoders = await accountEncoders({ rpcUrl: chain.url, accountAddress: getAddress(BOB.address) });
  const dead = `http://127.0.0.1:${await freePort()}`;
  productionEnv = {
    DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`,
    INDEXER_URL: dead,
    CHAIN_RPC_URL: dead,
    PARTY_ENV: "production",
    PARTY_ADDRESS: PARTY,
    PARTY_START_BLOCK: "0",
    ALCHEMY_API_KEY: "alchemyTestKey_party_calls",
    ALCHEMY_RPC_URL: alchemy.url,
    RPC_PROXY_TIMEOUT_MS: "2000",
  };
});
afterAll(async () => {
  await alchemy?.close();
  await chain?.close();
});

describe("PARTY_ENV=production: only calls to the party are sponsored", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ env: productionEnv });
  });
  afterAll(() => app?.stop());

  /** Sends one request with a user operation making `calls`; the answer and the methods Alchemy received meanwhile. */
  async function send(method: string, callData: Hex) {
    // A first operation of an account the local factory makes (known-accounts.server.ts lets it through).
    const factoryData = encodeFunctionData({ abi: partyAccountFactoryAbi, functionName: "createAccount", args: [[`0x${"11".repeat(84)}`], zeroHash] });
    const userOperation = { sender: BOB.address, nonce: "0x0", callData, factory: LOCAL_WALLET.factory, factoryData };
    const before = alchemy.requests.length;
    const { status, body } = await postRpc(app.url, method, userOperationParams(method, userOperation));
    return { status, body, reached: alchemy.requests.slice(before).map((r) => (r.body as { method: string }).method) };
  }

  for (const method of ["alchemy_requestGasAndPaymasterAndData", "eth_sendUserOperation"]) {
    it(`${method}: a user operation with a call elsewhere gets a JSON-RPC error and never reaches Alchemy`, async () => {
      for (const encoder of encoders) {
        for (const calls of [[toAlice], [toParty, toAlice], [{ ...toParty, value: 1n }]]) {
          const { status, body, reached } = await send(method, await encoder.encode(calls));
          expect([encoder.name, calls.length, status, reached]).toEqual([encoder.name, calls.length, 200, []]);
          expect(body.error).toMatchObject({ code: -32003, message: expect.stringContaining("Only calls to the party contract are sponsored") });
        }
      }
    });

    it(`${method}: a user operation whose calls all go to the party is forwarded`, async () => {
      for (const encoder of encoders) {
        const { status, body, reached } = await send(method, await encoder.encode([toParty, { ...toParty, data: "0xabcdef01" }]));
        expect([encoder.name, status, body.result, reached]).toEqual([encoder.name, 200, `alchemy ${method}`, [method]]);
      }
    });
  }
});

describe("PARTY_ENV=production with WALLET_BACKEND=local", () => {
  it("the server refuses to start, exiting non-zero with a message naming both variables and the fix", async () => {
    const start = startAppServer({ env: { ...productionEnv, WALLET_BACKEND: "local" }, timeoutMs: 20_000 });
    // startAppServer rejects with the exit code and output once the process has exited.
    const error = await start.then(
      (app) => app.stop().then(() => new Error("the server started")),
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toMatch(/the app server exited with [1-9]/);
    expect(error.message).toMatch(/WALLET_BACKEND: local is for development only and cannot run with PARTY_ENV=production/);
    expect(error.message).toMatch(/unset WALLET_BACKEND or set it to alchemy/);
  });

  it("WALLET_BACKEND=alchemy in production starts", async () => {
    const app = await startAppServer({ env: { ...productionEnv, WALLET_BACKEND: "alchemy" } });
    try {
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
