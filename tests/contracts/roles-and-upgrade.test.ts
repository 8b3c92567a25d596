/**
 * Role holders (set by the party admin), initialisation (once, through the proxy) and UUPS
 * upgrades through the ERC-1967 proxy, which must keep every piece of state.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  hexToBigInt,
  keccak256,
  toHex,
  createPublicClient,
  http,
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
import { partyV2Abi } from "../../abis/party-v2.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import {
  COLOGNE,
  ERC1967_IMPLEMENTATION_SLOT,
  Role,
  SHA256,
  ZERO,
  addChapters,
  deployPartyV2,
  digest,
  expectEventsAt,
  expectRevert,
  handOverPartyAdmin,
  implementationSlot,
  mined,
  readVersion,
  roles,
  seedWorld,
  sendAndExpect,
  useChain,
} from "./helpers.js";

const ctx = useChain(seedWorld);

const ALL_ADMIN = {
  partyAdmin: ADMIN.address,
  chapterAdmin: ADMIN.address,
  evaluationMinter: ADMIN.address,
  infoSender: ADMIN.address,
};

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

const ACCOUNTS = [ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN].map((a) => a.address);
const IDS = [0n, 1n, 2n, 3n, 4n, 5n];

/** Every getter of the contract, over the test accounts and ids, read through the proxy. */
async function dumpState(tc: TestChain) {
  // JSON-RPC batching: several hundred eth_calls in a handful of HTTP requests.
  const client = createPublicClient({ chain: tc.chain, transport: http(tc.rpcUrl, { batch: { batchSize: 500 } }) });
  const r = getContract({ address: tc.address, abi: partyV2Abi, client }).read;
  const perAccount = (account: Address) =>
    Promise.all([
      r.memberChapter([account]),
      r.partyMember([account]),
      r.applicationChapter([account]),
      r.recommendationCount([account]),
      r.chapterExecutiveOf([account]),
      r.partyExecutive([account]),
      r.applicationRound([account]),
      Promise.all(ACCOUNTS.map((by) => r.recommended([account, by]))),
    ]);
  const perId = (id: bigint) =>
    Promise.all([
      r.chapters([id]),
      r.centralCommitteeMember([id]),
      r.evaluations([id]),
      r.partyExecutiveScore([id]),
      r.hasPartyExecutiveScore([id]),
      r.infos([id]),
      r.pendingApplicationCount([id]),
      r.tally([id]),
      Promise.all(ACCOUNTS.map((voter) => Promise.all([r.votes([id, voter]), r.hasVoted([id, voter])]))),
    ]);
  const [roles, counts, accounts, ids] = await Promise.all([
    Promise.all([r.partyAdmin(), r.chapterAdmin(), r.evaluationMinter(), r.infoSender(), r.pendingPartyAdmin()]),
    Promise.all([r.chapterCount(), r.evaluationCount(), r.infoCount(), r.totalPendingApplicationCount()]),
    Promise.all(ACCOUNTS.map(perAccount)),
    Promise.all(IDS.map(perId)),
  ]);
  const [partyAdmin, chapterAdmin, evaluationMinter, infoSender, pendingPartyAdmin] = roles;
  const [chapterCount, evaluationCount, infoCount, totalPendingApplicationCount] = counts;
  return {
    partyAdmin,
    chapterAdmin,
    evaluationMinter,
    infoSender,
    pendingPartyAdmin,
    chapterCount,
    evaluationCount,
    infoCount,
    totalPendingApplicationCount,
    accounts,
    ids,
  };
}

/** Seeds state in every mapping on top of the world. */
async function seedEverything(tc: TestChain) {
  await mined(tc, tc.party(FRANK).write.applyForChapterMembership([2n]));
  await mined(tc, tc.party(ALICE).write.recommendForChapterMembership([[DAVE.address]]));
  await mined(tc, tc.party(HEIDI).write.recommendForChapterMembership([[FRANK.address]]));
  await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([1n, BOB.address]));
  await mined(tc, tc.party(ADMIN).write.setCentralCommitteeMember([2n, HEIDI.address]));
  await mined(tc, tc.party(ADMIN).write.updateChapterLocation([3n, COLOGNE, 99, 98]));
  await mined(tc, tc.party(ADMIN).write.mintEvaluation([1n, SHA256, 32, digest(1)]));
  await mined(tc, tc.party(ADMIN).write.mintEvaluation([2n, 0x1b, 20, digest(2)]));
  await mined(tc, tc.party(BOB).write.vote([1n, -5]));
  await mined(tc, tc.party(CAROL).write.vote([2n, 3]));
  await mined(tc, tc.party(ALICE).write.vote([2n, 9]));
  await mined(tc, tc.party(ADMIN).write.sendInfo(["Congress", 2, SHA256, 32, digest(3)]));
  await mined(tc, tc.party(ADMIN).write.setInfoSender([IVAN.address]));
  await mined(tc, tc.party(ADMIN).write.setPartyAdmin([GRACE.address]));
}

describe("upgrade through the proxy", () => {
  it("the party admin upgrades to PartyV2: state is kept, version() appears, writes still work", async () => {
    const { tc } = ctx;
    await seedEverything(tc);
    const before = await dumpState(tc);
    // Sanity: the dump really covers the seeded state.
    expect(before.evaluationCount).toBe(2n);
    expect(before.infoCount).toBe(1n);
    expect(before.infoSender).toBe(IVAN.address);
    expect(before.pendingPartyAdmin).toBe(GRACE.address);
    expect(before.totalPendingApplicationCount).toBe(2n);
    expect(before.ids[1][7]).toEqual([1n, -5n]);
    expect(before.ids[2][1]).toBe(HEIDI.address);
    await expect(readVersion(tc)).rejects.toThrow();

    const v2 = await deployPartyV2(tc);
    expect(v2).not.toBe(getAddress(tc.implementation));
    await sendAndExpect(tc, tc.party(ADMIN).write.upgradeToAndCall([v2, "0x"]), [
      { eventName: "Upgraded", args: { implementation: v2 } },
    ]);

    expect(await implementationSlot(tc)).toBe(v2);
    expect(await readVersion(tc)).toBe("2");
    expect(await dumpState(tc)).toEqual(before);

    // V2's own state (its own ERC-7201 namespace) is written without touching V1's.
    const v2Party = getContract({ address: tc.address, abi: partyV2Abi, client: { public: tc.publicClient, wallet: tc.walletFor(ADMIN) } });
    expect(await v2Party.read.motto()).toBe("");
    await mined(tc, v2Party.write.setMotto(["A motto long enough to take more than one storage slot of thirty-two bytes"]));
    expect(await v2Party.read.motto()).toBe("A motto long enough to take more than one storage slot of thirty-two bytes");
    expect(await dumpState(tc)).toEqual(before);

    // Still initialised, still writable, counters continue.
    await expectRevert(tc.party(ADMIN).write.initialize([ADMIN.address]), "InvalidInitialization");
    await mined(tc, tc.party(CAROL).write.updateMemberApplicationForChapter([FRANK.address, true]));
    expect(await tc.read.read.memberChapter([FRANK.address])).toBe(2n);
    const evaluation = await tc.party(ADMIN).simulate.mintEvaluation([3n, SHA256, 32, digest(4)], { account: ADMIN });
    expect(evaluation.result).toBe(3n);
  });

  it("upgradeToAndCall from anyone but the party admin reverts NotAnAdmin and changes nothing", async () => {
    const { tc } = ctx;
    const v2 = await deployPartyV2(tc);
    for (const caller of [ALICE, BOB, FRANK]) {
      await expectRevert(tc.party(caller).write.upgradeToAndCall([v2, "0x"]), "NotAnAdmin");
    }
    // Holding the other roles does not help either.
    await handOverPartyAdmin(tc, ADMIN, GRACE);
    await expectRevert(tc.party(ADMIN).write.upgradeToAndCall([v2, "0x"]), "NotAnAdmin");
    expect(await implementationSlot(tc)).toBe(getAddress(tc.implementation));
    await expect(readVersion(tc)).rejects.toThrow();

    await mined(tc, tc.party(GRACE).write.upgradeToAndCall([v2, "0x"]));
    expect(await implementationSlot(tc)).toBe(v2);
    expect(await readVersion(tc)).toBe("2");
  });

  it("upgradeToAndCall with call data runs it in the proxy's context", async () => {
    const { tc } = ctx;
    const v2 = await deployPartyV2(tc);
    const data = encodeFunctionData({ abi: partyAbi, functionName: "setInfoSender", args: [IVAN.address] });
    await sendAndExpect(tc, tc.party(ADMIN).write.upgradeToAndCall([v2, data]), [
      { eventName: "Upgraded", args: { implementation: v2 } },
      { eventName: "RoleHolderSet", args: { role: Role.InfoSender, holder: IVAN.address, by: ADMIN.address } },
    ]);
    expect(await tc.read.read.infoSender()).toBe(IVAN.address);
  });

  it("refuses a target that is not a UUPS implementation, and upgrades not made through the proxy", async () => {
    const { tc } = ctx;
    // The proxy itself answers proxiableUUID with a revert (notDelegated), so it is refused.
    await expectRevert(tc.party(ADMIN).write.upgradeToAndCall([tc.address, "0x"]), "ERC1967InvalidImplementation");
    const impl = getContract({
      address: tc.implementation,
      abi: partyAbi,
      client: { public: tc.publicClient, wallet: tc.walletFor(ADMIN) },
    });
    const v2 = await deployPartyV2(tc);
    await expectRevert(impl.write.upgradeToAndCall([v2, "0x"]), "UUPSUnauthorizedCallContext");
    expect(await implementationSlot(tc)).toBe(getAddress(tc.implementation));
  });

  it("the V2 ABI keeps every V1 function and event and adds only version(), its motto and the log hook", () => {
    const signature = (item: (typeof partyAbi)[number] | (typeof partyV2Abi)[number]) => JSON.stringify(item);
    const v1 = new Set(partyAbi.filter((item) => item.type !== "constructor").map(signature));
    const v2 = new Set(partyV2Abi.map(signature));
    expect([...v1].filter((item) => !v2.has(item))).toEqual([]);
    expect([...v2].filter((item) => !v1.has(item)).map((item) => (JSON.parse(item) as { name: string }).name).sort()).toEqual([
      "emitRawLog",
      "motto",
      "setMotto",
      "version",
    ]);
  });

  it("the ERC-1967 slot constant is keccak256('eip1967.proxy.implementation') - 1, and OpenZeppelin's", () => {
    const computed = toHex(hexToBigInt(keccak256(toHex("eip1967.proxy.implementation"))) - 1n, { size: 32 });
    expect(ERC1967_IMPLEMENTATION_SLOT).toBe(computed);
    const utils = readFileSync(
      createRequire(import.meta.url).resolve("@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol"),
      "utf8",
    );
    expect(utils).toContain(`IMPLEMENTATION_SLOT = ${ERC1967_IMPLEMENTATION_SLOT};`);
  });
});
