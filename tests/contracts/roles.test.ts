/**
 * Who holds the party's roles. Initialisation, once and through the proxy: every role to the
 * admin at deployment, the proxy at its deterministic address pointing at the implementation, no
 * second initialize, none on the implementation itself. Then the party admin sets role holders:
 * the chapter admin, evaluation minter and info sender change hands at once, the party admin in
 * two steps (propose, accept), and each new holder acts while the old one no longer may.
 * Upgrades: upgrade.test.ts.
 */
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContract,
  BaseError,
  decodeErrorResult,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { CREATE2_DEPLOYER, partyCreate2 } from "../../abis/deployments.js";
import { erc1967ProxyAbi, erc1967ProxyBytecode } from "../../abis/erc1967-proxy.js";
import { partyAbi } from "../../abis/party.js";
import { ADMIN, ALICE, BOB, FRANK, GRACE, IVAN } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import {
  ALL_ADMIN, COLOGNE, Role, SHA256, ZERO, addChapters, deployPartyV2, digest, expectEventsAt, expectRevert, handOverPartyAdmin,
  implementationSlot, mined, roles, seedWorld, sendAndExpect, useChain,
} from "./helpers.js";

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

/** The role setters that take effect at once (the party admin's is two-step, below). */
type RoleSetter = {
  fn: "setChapterAdmin" | "setEvaluationMinter" | "setInfoSender";
  role: (typeof Role)[keyof typeof Role];
  key: keyof typeof ALL_ADMIN;
};
const SETTERS: RoleSetter[] = [
  { fn: "setChapterAdmin", role: Role.ChapterAdmin, key: "chapterAdmin" },
  { fn: "setEvaluationMinter", role: Role.EvaluationMinter, key: "evaluationMinter" },
  { fn: "setInfoSender", role: Role.InfoSender, key: "infoSender" },
];

function setRole(tc: TestChain, as: PrivateKeyAccount, fn: RoleSetter["fn"], holder: Address): Promise<Hex> {
  const party = tc.party(as);
  switch (fn) {
    case "setChapterAdmin":
      return party.write.setChapterAdmin([holder]);
    case "setEvaluationMinter":
      return party.write.setEvaluationMinter([holder]);
    case "setInfoSender":
      return party.write.setInfoSender([holder]);
  }
}

describe("role holders", () => {
  it.each(SETTERS)("$fn: the party admin hands the role over; nothing else changes", async ({ fn, role, key }) => {
    const { tc } = ctx;
    await sendAndExpect(tc, setRole(tc, ADMIN, fn, FRANK.address), [
      { eventName: "RoleHolderSet", args: { role, holder: FRANK.address, by: ADMIN.address } },
    ]);
    expect(await roles(tc)).toEqual({ ...ALL_ADMIN, [key]: FRANK.address });
  });

  it.each(SETTERS)("$fn: NotAnAdmin for anyone but the party admin, InvalidInput for zero", async ({ fn }) => {
    const { tc } = ctx;
    // A party executive, a holder-to-be, and the holder of another role are all refused.
    await mined(tc, tc.party(ADMIN).write.setChapterAdmin([IVAN.address]));
    for (const caller of [ALICE, FRANK, IVAN]) {
      await expectRevert(setRole(tc, caller, fn, caller.address), "NotAnAdmin");
    }
    await expectRevert(setRole(tc, ADMIN, fn, ZERO), "InvalidInput");
    expect(await roles(tc)).toEqual({ ...ALL_ADMIN, chapterAdmin: IVAN.address });
  });

  it("the new chapter admin manages chapters; the old one no longer may", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setChapterAdmin([FRANK.address]));
    await expectRevert(tc.party(ADMIN).write.updateChapterLocation([1n, COLOGNE, 1, 1]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.removeChapter([3n]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.setCentralCommitteeMember([1n, BOB.address]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.addChapterToParty([[[]], [COLOGNE], [1], [1]]), "NotAnAdmin");
    await addChapters(tc, [{ founders: [GRACE], location: COLOGNE, x: 7, y: 8 }], FRANK);
    await mined(tc, tc.party(FRANK).write.setCentralCommitteeMember([4n, GRACE.address]));
    await mined(tc, tc.party(FRANK).write.removeChapter([3n]));
    expect(await tc.read.read.centralCommitteeMember([4n])).toBe(GRACE.address);
    expect(await tc.read.read.memberChapter([GRACE.address])).toBe(4n);
  });

  it("the new evaluation minter and info sender act; the old holder no longer may", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setEvaluationMinter([FRANK.address]));
    await mined(tc, tc.party(ADMIN).write.setInfoSender([GRACE.address]));
    await expectRevert(tc.party(ADMIN).write.mintEvaluation([1n, SHA256, 32, digest(1)]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.sendInfo(["Meeting", 1, SHA256, 32, digest(1)]), "NotAnAdmin");
    await expectRevert(tc.party(FRANK).write.sendInfo(["Meeting", 1, SHA256, 32, digest(1)]), "NotAnAdmin");
    await mined(tc, tc.party(FRANK).write.mintEvaluation([1n, SHA256, 32, digest(1)]));
    await mined(tc, tc.party(GRACE).write.sendInfo(["Meeting", 1, SHA256, 32, digest(1)]));
    expect(await tc.read.read.evaluationCount()).toBe(1n);
    expect(await tc.read.read.infos([1n])).toEqual(["Meeting", 1, SHA256, 32, digest(1), GRACE.address]);
  });

  it("a new party admin sets roles and promotes; the old one no longer may, but keeps the other roles", async () => {
    const { tc } = ctx;
    await handOverPartyAdmin(tc, ADMIN, FRANK);
    await expectRevert(tc.party(ADMIN).write.setInfoSender([ADMIN.address]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.promotePartyExecutive([BOB.address]), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.setPartyAdmin([ADMIN.address]), "NotAnAdmin");
    await sendAndExpect(tc, tc.party(FRANK).write.promotePartyExecutive([BOB.address]), [
      { eventName: "PartyExecutivePromoted", args: { account: BOB.address, by: FRANK.address } },
    ]);
    await handOverPartyAdmin(tc, FRANK, GRACE);
    expect(await roles(tc)).toEqual({ ...ALL_ADMIN, partyAdmin: GRACE.address });
    await mined(tc, tc.party(ADMIN).write.updateChapterLocation([1n, COLOGNE, 1, 1]));
  });
});

describe("party admin handover: propose, then the proposed account accepts", () => {
  it("setPartyAdmin only proposes; the role moves when the proposed account accepts", async () => {
    const { tc } = ctx;
    expect(await tc.read.read.pendingPartyAdmin()).toBe(ZERO);
    await sendAndExpect(tc, tc.party(ADMIN).write.setPartyAdmin([FRANK.address]), [
      { eventName: "PartyAdminProposed", args: { account: FRANK.address, by: ADMIN.address } },
    ]);
    expect(await tc.read.read.pendingPartyAdmin()).toBe(FRANK.address);
    // Nothing has changed yet: ADMIN still acts as party admin, FRANK does not.
    expect(await roles(tc)).toEqual(ALL_ADMIN);
    await expectRevert(tc.party(FRANK).write.promotePartyExecutive([BOB.address]), "NotAnAdmin");
    await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([BOB.address]));

    await sendAndExpect(tc, tc.party(FRANK).write.acceptPartyAdmin(), [
      { eventName: "RoleHolderSet", args: { role: Role.PartyAdmin, holder: FRANK.address, by: FRANK.address } },
    ]);
    expect(await roles(tc)).toEqual({ ...ALL_ADMIN, partyAdmin: FRANK.address });
    expect(await tc.read.read.pendingPartyAdmin()).toBe(ZERO);
    await expectRevert(tc.party(ADMIN).write.demotePartyExecutive([BOB.address]), "NotAnAdmin");
    await mined(tc, tc.party(FRANK).write.demotePartyExecutive([BOB.address]));
  });

  it("a mistyped proposal is replaced by a new one; the first account can no longer accept", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setPartyAdmin([IVAN.address]));
    await sendAndExpect(tc, tc.party(ADMIN).write.setPartyAdmin([FRANK.address]), [
      { eventName: "PartyAdminProposed", args: { account: FRANK.address, by: ADMIN.address } },
    ]);
    await expectRevert(tc.party(IVAN).write.acceptPartyAdmin(), "NotAnAdmin");
    await mined(tc, tc.party(FRANK).write.acceptPartyAdmin());
    expect(await roles(tc)).toEqual({ ...ALL_ADMIN, partyAdmin: FRANK.address });
  });

  it("only the proposed account accepts, once; only the party admin proposes, never the zero address", async () => {
    const { tc } = ctx;
    await expectRevert(tc.party(ADMIN).write.acceptPartyAdmin(), "NotAnAdmin");
    await expectRevert(tc.party(ADMIN).write.setPartyAdmin([ZERO]), "InvalidInput");
    await expectRevert(tc.party(ALICE).write.setPartyAdmin([ALICE.address]), "NotAnAdmin");
    await mined(tc, tc.party(ADMIN).write.setPartyAdmin([FRANK.address]));
    for (const caller of [ADMIN, ALICE, GRACE]) await expectRevert(tc.party(caller).write.acceptPartyAdmin(), "NotAnAdmin");
    await expectRevert(tc.party(FRANK).write.setPartyAdmin([FRANK.address]), "NotAnAdmin");
    await mined(tc, tc.party(FRANK).write.acceptPartyAdmin());
    await expectRevert(tc.party(FRANK).write.acceptPartyAdmin(), "NotAnAdmin");
    expect(await roles(tc)).toEqual({ ...ALL_ADMIN, partyAdmin: FRANK.address });
  });

  it("a pending proposal is not an upgrade right: only the party admin in office upgrades", async () => {
    const { tc } = ctx;
    await mined(tc, tc.party(ADMIN).write.setPartyAdmin([FRANK.address]));
    const v2 = await deployPartyV2(tc);
    await expectRevert(tc.party(FRANK).write.upgradeToAndCall([v2, "0x"]), "NotAnAdmin");
    expect(await implementationSlot(tc)).toBe(getAddress(tc.implementation));
  });
});
