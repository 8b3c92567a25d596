/**
 * Initialisation, once and through the proxy: every role to the admin at deployment, the proxy
 * at its deterministic address pointing at the implementation, no second initialize, and none on
 * the implementation itself. Upgrades: upgrade.test.ts; role handovers: roles.test.ts.
 */
import { encodeDeployData, encodeFunctionData, getAddress, getContract, BaseError, decodeErrorResult, type Hex } from "viem";
import { CREATE2_DEPLOYER, partyCreate2 } from "../../abis/deployments.js";
import { erc1967ProxyAbi, erc1967ProxyBytecode } from "../../abis/erc1967-proxy.js";
import { partyAbi } from "../../abis/party.js";
import { ADMIN, BOB, FRANK } from "../fixtures/accounts.js";
import { ALL_ADMIN, Role, ZERO, expectEventsAt, expectRevert, implementationSlot, mined, roles, seedWorld, useChain } from "./helpers.js";

const ctx = useChain(seedWorld);

describe("initialisation", () => {
  it("gave every role to ADMIN at deployment (events emitted in the proxy's constructor)", async () => {
    const { tc } = ctx;
    expect(await roles(tc)).toEqual(ALL_ADMIN);
    const events = await tc.publicClient.getContractEvents({ address: tc.address, abi: partyAbi, fromBlock: 0n, toBlock: 2n });
    expect(events.map(({ eventName, args }) => ({ eventName, args }))).toEqual([
      { eventName: "Upgraded", args: { implementation: tc.implementation } },
      // The proxy is created by the CREATE2 deployer, so that is the msg.sender of initialize.
      { eventName: "RoleHolderSet", args: { role: Role.PartyAdmin, holder: ADMIN.address, by: CREATE2_DEPLOYER } },
      { eventName: "RoleHolderSet", args: { role: Role.ChapterAdmin, holder: ADMIN.address, by: CREATE2_DEPLOYER } },
      { eventName: "RoleHolderSet", args: { role: Role.EvaluationMinter, holder: ADMIN.address, by: CREATE2_DEPLOYER } },
      { eventName: "RoleHolderSet", args: { role: Role.InfoSender, holder: ADMIN.address, by: CREATE2_DEPLOYER } },
      { eventName: "Initialized", args: { version: 1n } },
    ]);
  });

  it("the proxy sits at the deterministic address and its ERC-1967 slot points at the implementation", async () => {
    const { tc } = ctx;
    const expected = partyCreate2(ADMIN.address);
    expect(tc.address).toBe(expected.proxy);
    expect(tc.implementation).toBe(expected.implementation);
    expect(await implementationSlot(tc)).toBe(getAddress(tc.implementation));
    expect(await tc.publicClient.getCode({ address: tc.implementation })).toMatch(/^0x[0-9a-f]{100,}$/);
    // The implementation's own storage is untouched: its roles are unset.
    const impl = getContract({ address: tc.implementation, abi: partyAbi, client: tc.publicClient });
    expect(await impl.read.partyAdmin()).toBe(ZERO);
  });

  it("a second initialize through the proxy reverts InvalidInitialization", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.initialize([ADMIN.address]), "InvalidInitialization");
    await expectRevert(tc.party(FRANK).write.initialize([FRANK.address]), "InvalidInitialization");
    expect(await roles(tc)).toEqual(ALL_ADMIN);
  });

  it("initialize on the implementation directly reverts InvalidInitialization (initializers disabled)", async () => {
    const { tc } = ctx;
    const impl = getContract({
      address: tc.implementation,
      abi: partyAbi,
      client: { public: tc.publicClient, wallet: tc.walletFor(FRANK) },
    });
    await expectRevert(impl.write.initialize([FRANK.address]), "InvalidInitialization");
    expect(await impl.read.partyAdmin()).toBe(ZERO);
  });

  it("a fresh proxy initialised for BOB gives BOB every role, with the events in order", async () => {
    const { tc } = ctx;
    const initData = encodeFunctionData({ abi: partyAbi, functionName: "initialize", args: [BOB.address] });
    const receipt = await mined(
      tc,
      tc.walletFor(ADMIN).deployContract({
        abi: erc1967ProxyAbi,
        bytecode: erc1967ProxyBytecode,
        args: [tc.implementation, initData],
      }),
    );
    const proxy = getAddress(receipt.contractAddress ?? ZERO);
    expectEventsAt(proxy, receipt, [
      { eventName: "Upgraded", args: { implementation: tc.implementation } },
      { eventName: "RoleHolderSet", args: { role: Role.PartyAdmin, holder: BOB.address, by: ADMIN.address } },
      { eventName: "RoleHolderSet", args: { role: Role.ChapterAdmin, holder: BOB.address, by: ADMIN.address } },
      { eventName: "RoleHolderSet", args: { role: Role.EvaluationMinter, holder: BOB.address, by: ADMIN.address } },
      { eventName: "RoleHolderSet", args: { role: Role.InfoSender, holder: BOB.address, by: ADMIN.address } },
      { eventName: "Initialized", args: { version: 1n } },
    ]);
    const fresh = getContract({ address: proxy, abi: partyAbi, client: tc.publicClient });
    expect(await fresh.read.partyAdmin()).toBe(BOB.address);
    expect(await fresh.read.chapterAdmin()).toBe(BOB.address);
    expect(await fresh.read.evaluationMinter()).toBe(BOB.address);
    expect(await fresh.read.infoSender()).toBe(BOB.address);
    expect(await fresh.read.chapterCount()).toBe(0n);
  });

  it("a proxy initialised for the zero address cannot be deployed (InvalidInput)", async () => {
    const { tc } = ctx;
    const initData = encodeFunctionData({ abi: partyAbi, functionName: "initialize", args: [ZERO] });
    const data = encodeDeployData({ abi: erc1967ProxyAbi, bytecode: erc1967ProxyBytecode, args: [tc.implementation, initData] });
    let revertData: Hex | undefined;
    try {
      await tc.publicClient.call({ account: ADMIN.address, data });
    } catch (error) {
      if (!(error instanceof BaseError)) throw error;
      const withData = error.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data?: Hex } | null;
      revertData = withData?.data;
    }
    expect(revertData).toBeDefined();
    expect(decodeErrorResult({ abi: partyAbi, data: revertData ?? "0x" }).errorName).toBe("InvalidInput");
  });
});
