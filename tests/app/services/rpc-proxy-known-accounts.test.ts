/**
 * Issue #26, in process: the production proxy sponsors only accounts made by a known factory
 * (app/services/rpc-proxy/known-accounts.server.ts). A first operation is judged by its factory
 * and the function factoryData calls; a deployed sender by its code (and an ERC-1967 proxy's
 * implementation slot), read once per sender however often and however concurrently it is asked.
 * The Modular Account v2 literals are Account Kit's own. Against the production server and real
 * contracts: tests/app/routes/api.alchemy-rpc.known-accounts.test.ts.
 */
import { LocalAccountSigner } from "@aa-sdk/core";
import { createModularAccountV2 } from "@account-kit/smart-contracts";
import { concat, encodeFunctionData, getAddress, http, pad, zeroHash, type Address, type Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { polygon } from "viem/chains";
import { LOCAL_WALLET, MODULAR_ACCOUNT_V2 } from "../../../abis/deployments";
import { partyAccountFactoryAbi } from "../../../abis/party-account-factory";
import {
  erc1167Code,
  KNOWN_ACCOUNTS,
  knownAccountsOnly,
  NOT_KNOWN_ACCOUNT,
  NOT_KNOWN_ACCOUNT_MESSAGE,
  type DeployedAccount,
} from "../../../app/services/rpc-proxy/known-accounts.server";
import { ALICE, BOB, CAROL } from "../../fixtures/accounts.js";
import { semiModularAccountAddress, semiModularAccountInitCode } from "../../fixtures/modular-account-v2.js";
import { jsonRpcHandler, startFakeUpstream } from "../../setup/fake-upstream.js";
import { recordingLog } from "./rpc-proxy-requests.js";

const createAccount = encodeFunctionData({ abi: partyAccountFactoryAbi, functionName: "createAccount", args: [[`0x${"11".repeat(84)}`], zeroHash] });
const slotOf = (address: Address): Hex => pad(address, { size: 32 });
/** The runtime code the init code returns: what follows its 35 bytes of set-up. */
const semiModularRuntime = (owner: Address) => `0x${semiModularAccountInitCode(owner).slice(2 + 2 * 35)}` as Hex;

it("Modular Account v2's factory, creation function and implementation are Account Kit's", async () => {
  const upstream = await startFakeUpstream(jsonRpcHandler((method) => (method === "eth_getCode" ? "0x" : "0x1")));
  try {
    const signer = LocalAccountSigner.privateKeyToAccountSigner(generatePrivateKey());
    const account = await createModularAccountV2({ chain: polygon, transport: http(upstream.url), signer });
    expect(getAddress(await account.getFactoryAddress())).toBe(MODULAR_ACCOUNT_V2.factory);
    const modular = KNOWN_ACCOUNTS.find((a) => a.factory === MODULAR_ACCOUNT_V2.factory)!;
    expect(modular.creates).toContain((await account.getFactoryData()).slice(0, 10));
    // The account lands where our init code (proxy of our implementation literal, owner appended) would put it.
    const owner = await signer.getAddress();
    expect(account.address).toBe(semiModularAccountAddress(owner));
    expect(modular.isCode(semiModularRuntime(owner))).toBe(true);
  } finally {
    await upstream.close();
  }
});

describe("knownAccountsOnly", () => {
  const sender = getAddress(BOB.address);
  const { lines, log } = recordingLog();

  function setup(chain: Record<Address, DeployedAccount | Error>) {
    const reads: Address[] = [];
    const check = knownAccountsOnly({
      log,
      read: async (address) => {
        reads.push(address);
        const found = chain[address] ?? { code: "0x", implementationSlot: zeroHash };
        if (found instanceof Error) throw found;
        return found;
      },
    });
    return { check, reads };
  }
  const refused = (reason: RegExp) => ({ code: NOT_KNOWN_ACCOUNT, message: expect.stringMatching(new RegExp(`^${NOT_KNOWN_ACCOUNT_MESSAGE} \\(${reason.source}`)) });

  it("a first operation passes with a known factory and its creation function, without reading the chain", async () => {
    const { check, reads } = setup({});
    expect(await check({ sender, factory: LOCAL_WALLET.factory, factoryData: createAccount })).toBeUndefined();
    expect(await check({ sender, initCode: concat([LOCAL_WALLET.factory, createAccount]) })).toBeUndefined();
    const semiModular = encodeFunctionData({
      abi: [{ type: "function", name: "createSemiModularAccount", inputs: [{ type: "address" }, { type: "uint256" }], outputs: [], stateMutability: "nonpayable" }],
      args: [ALICE.address, 0n],
    });
    expect(await check({ sender, factory: MODULAR_ACCOUNT_V2.factory, factoryData: semiModular })).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it("refuses another factory, another function of a known factory, and malformed fields, with clear errors", async () => {
    const { check, reads } = setup({});
    expect(await check({ sender, factory: ALICE.address, factoryData: createAccount })).toEqual(refused(new RegExp(`the factory ${getAddress(ALICE.address)} is not a known account factory`)));
    expect(await check({ sender, initCode: concat([ALICE.address, createAccount]) })).toEqual(refused(/the factory .* is not a known account factory/));
    expect(await check({ sender, factory: LOCAL_WALLET.factory, factoryData: "0xdeadbeef" })).toEqual(refused(/the factoryData does not call the PartyAccount factory's account creation/));
    expect(await check({ sender, factory: LOCAL_WALLET.factory })).toEqual(refused(/the factoryData does not call/));
    expect(await check({ sender, factory: "0x7702" })).toMatchObject({ code: -32602, message: expect.stringMatching(/factory must be an address/) });
    expect(await check({ sender: "bob", factory: LOCAL_WALLET.factory, factoryData: createAccount })).toMatchObject({ code: -32602, message: expect.stringMatching(/sender must be an address/) });
    expect(reads).toEqual([]);
  });

  it("a deployed sender passes when its code is a known account's, read once however often and concurrently it is asked", async () => {
    const modular = getAddress(CAROL.address);
    const { check, reads } = setup({
      [sender]: { code: erc1167Code(LOCAL_WALLET.accountImplementation), implementationSlot: zeroHash },
      [modular]: { code: semiModularRuntime(ALICE.address), implementationSlot: slotOf(MODULAR_ACCOUNT_V2.semiModularImplementation) },
    });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => check({ sender: i % 2 ? sender.toLowerCase() : modular })));
    expect(answers.every((a) => a === undefined)).toBe(true);
    expect(await check({ sender, factory: null, factoryData: null })).toBeUndefined();
    expect(reads.sort()).toEqual([sender, modular].sort());
  });

  it("refuses a deployed sender of other code, or a known proxy of another implementation; one with no code is asked about again", async () => {
    const [other, upgraded, empty] = [ALICE.address, CAROL.address, BOB.address].map((a) => getAddress(a));
    const beef = getAddress("0x000000000000000000000000000000000000beef");
    const { check, reads } = setup({
      [other]: { code: erc1167Code(beef), implementationSlot: zeroHash },
      [upgraded]: { code: semiModularRuntime(ALICE.address), implementationSlot: slotOf(beef) },
    });
    for (let i = 0; i < 2; i++) {
      expect(await check({ sender: other })).toEqual(refused(new RegExp(`the sender ${other} is not an account made by a known factory`)));
      expect(await check({ sender: upgraded })).toEqual(refused(new RegExp(`the sender ${upgraded} is a Modular Account v2 proxy of another implementation \\(${beef}\\)`)));
      expect(await check({ sender: empty })).toEqual(refused(/the sender .* has no code and the operation names no factory/));
    }
    expect(reads).toEqual([other, upgraded, empty, empty]);
  });

  it("an upstream that does not answer is a -32603 without the URL, asked again next time", async () => {
    lines.length = 0;
    const { check, reads } = setup({ [sender]: new Error("fetch failed: http://secret.example/key") });
    for (let i = 0; i < 2; i++) {
      expect(await check({ sender })).toEqual({ code: -32603, message: "Could not check the sender's account: the upstream did not answer" });
    }
    expect(reads).toEqual([sender, sender]);
    expect(lines.join("\n")).not.toContain("secret");
  });
});
