/**
 * Issue #26, against the production server (server/index.ts over the build, PARTY_ENV=production)
 * with the local stand-ins: anvil with the party and the wallet contracts, and a stand-in for
 * Alchemy that answers chain reads from anvil and records every user operation it is given. The
 * proxy sponsors (and forwards at all) a user operation only when its sender is an account a known
 * factory made: for a first operation the factory and its creation function, for a deployed one
 * its code (and an ERC-1967 proxy's implementation). An account contract of anyone's making,
 * making the same party call, is refused with a JSON-RPC error and never reaches Alchemy.
 */
import { Execute } from "ox/erc7821";
import { getAddress, type Address, type Hex } from "viem";
import { LOCAL_WALLET } from "../../../abis/deployments.js";
import { toPartyAccount } from "../../../app/wallet/local/smart-account.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { deployWalletInfra } from "../../../scripts/lib/wallet-infra.js";
import { ADMIN, ALICE, CAROL } from "../../fixtures/accounts.js";
import { semiModularAccountInitCode } from "../../fixtures/modular-account-v2.js";
import { createSoftwarePasskey } from "../../fixtures/software-passkey.js";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { startFakeUpstream, type FakeUpstream, type UpstreamRequest } from "../../setup/fake-upstream.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { postRpc, userOperationParams } from "../services/rpc-proxy-requests.js";

type Call = { jsonrpc: "2.0"; id: number; method: string; params?: unknown[] };
const SPONSORING = ["alchemy_requestGasAndPaymasterAndData", "pm_getPaymasterStubData"] as const;

let stack: Stack;
let alchemy: FakeUpstream;
let app: AppServer;

/** Alchemy's stand-in: chain methods from anvil, any other method answered `alchemy <method>`. */
async function answer({ body }: UpstreamRequest) {
  const one = async (call: Call) => {
    if (!call.method.startsWith("eth_get")) return { jsonrpc: "2.0", id: call.id, result: `alchemy ${call.method}` };
    const response = await fetch(stack.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) });
    return response.json();
  };
  return { json: Array.isArray(body) ? await Promise.all((body as Call[]).map(one)) : await one(body as Call) };
}

beforeAll(async () => {
  stack = await startStack({ seed: false, indexer: false, app: false });
  await deployWalletInfra({ rpcUrl: stack.rpcUrl, deployer: ADMIN });
  alchemy = await startFakeUpstream(answer);
  const dead = `http://127.0.0.1:${await freePort()}`;
  app = await startAppServer({
    env: {
      DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`,
      INDEXER_URL: dead,
      CHAIN_RPC_URL: stack.rpcUrl,
      PARTY_ENV: "production",
      PARTY_ADDRESS: stack.address,
      PARTY_START_BLOCK: "0",
      ALCHEMY_API_KEY: "alchemyTestKey_known_accounts",
      ALCHEMY_RPC_URL: alchemy.url,
      RPC_PROXY_TIMEOUT_MS: "5000",
    },
  });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await alchemy?.close();
  await stack?.stop();
});

/** The calls Alchemy received since request number `before` (a batch counts each of its calls). */
const receivedSince = (before: number) => alchemy.requests.slice(before).flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]) as Call[]);

/** A sponsorship request for a user operation from `sender` making one call to the party. */
async function sponsor(method: (typeof SPONSORING)[number], sender: Address, deployment: object = {}) {
  const userOperation = { sender, nonce: "0x0", callData: Execute.encodeData([{ to: stack.address, data: "0x12345678" }]), ...deployment };
  const before = alchemy.requests.length;
  const { status, body } = await postRpc(app.url, method, userOperationParams(method, userOperation));
  const received = receivedSince(before).map((c) => c.method);
  return { status, body, sponsored: received.filter((m) => !m.startsWith("eth_get")), reads: received.filter((m) => m === "eth_getCode") };
}

/** Deploys `initCode` from ADMIN (CREATE): the address of what it made. */
async function deploy(initCode: Hex): Promise<Address> {
  const receipt = await stack.waitFor(await stack.walletFor(ADMIN).sendTransaction({ data: initCode }));
  return getAddress(receipt.contractAddress!);
}

const newPartyAccount = () => toPartyAccount({ client: stack.publicClient, owner: createSoftwarePasskey().account, ...LOCAL_WALLET });

describe("PARTY_ENV=production sponsors only accounts a known factory made", () => {
  it("an account contract of anyone's making, making a party call, is refused with a JSON-RPC error and never reaches Alchemy", async () => {
    const impostors: [string, Address, object, RegExp][] = [
      // A clone of another implementation (it may do anything with the call data it is given).
      ["another clone", await deploy(`0x3d602d80600a3d3981f3363d3d373d3d3d363d73${CAROL.address.slice(2)}5af43d82803e903d91602b57fd5bf3`), {}, /is not an account made by a known factory/],
      // The Modular Account v2 proxy in front of another implementation (as after an upgrade).
      ["a proxy of another implementation", await deploy(semiModularAccountInitCode(getAddress(ALICE.address), getAddress(CAROL.address))), {}, /is a Modular Account v2 proxy of another implementation/],
      // Nothing deployed and no factory named.
      ["no code", getAddress(ALICE.address), {}, /has no code and the operation names no factory/],
      // Deployed by a factory of its own.
      ["another factory", getAddress(CAROL.address), { factory: stack.address, factoryData: "0x12345678" }, /is not a known account factory/],
      // Our factory, but not its account creation.
      ["our factory, another function", getAddress(CAROL.address), { factory: LOCAL_WALLET.factory, factoryData: "0x12345678" }, /does not call the PartyAccount factory's account creation/],
    ];
    for (const [name, sender, deployment, reason] of impostors) {
      for (const method of SPONSORING) {
        const { status, body, sponsored } = await sponsor(method, sender, deployment);
        expect([name, method, status, sponsored]).toEqual([name, method, 200, []]);
        expect(body.error).toMatchObject({ code: -32003, message: expect.stringContaining("Only accounts made by a known account factory are sponsored") });
        expect([name, body.error?.message]).toEqual([name, expect.stringMatching(reason)]);
      }
    }
  });

  it("a PartyAccount is sponsored on its first operation (its factory) and once deployed (its code, read once)", async () => {
    const account = await newPartyAccount();
    const { factory, factoryData } = await account.getFactoryArgs();
    for (const method of SPONSORING) {
      const first = await sponsor(method, account.address, { factory, factoryData });
      expect([method, first.body.result, first.sponsored, first.reads]).toEqual([method, `alchemy ${method}`, [method], []]);
    }
    await stack.waitFor(await stack.walletFor(ADMIN).sendTransaction({ to: factory!, data: factoryData! }));
    const later = [];
    for (let i = 0; i < 3; i++) for (const method of SPONSORING) later.push(await sponsor(method, account.address));
    expect(later.map((l) => l.body.result)).toEqual(later.map((_, i) => `alchemy ${SPONSORING[i % 2]}`));
    // The verdict is kept per sender: one read of its code for all six.
    expect(later.flatMap((l) => l.reads)).toEqual(["eth_getCode"]);
  });

  it("a deployed Modular Account v2 (the proxy of Account Kit's implementation) is sponsored", async () => {
    const sender = await deploy(semiModularAccountInitCode(getAddress(ALICE.address)));
    const { body, sponsored } = await sponsor("alchemy_requestGasAndPaymasterAndData", sender);
    expect([body, sponsored]).toEqual([{ jsonrpc: "2.0", id: 1, result: "alchemy alchemy_requestGasAndPaymasterAndData" }, ["alchemy_requestGasAndPaymasterAndData"]]);
  });
});
