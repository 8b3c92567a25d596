/**
 * UUPS upgrades through the ERC-1967 proxy: only the party admin upgrades, every piece of state
 * is kept (every getter read before and after), and the V2 ABI only adds to V1's.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  hexToBigInt,
  keccak256,
  toHex,
  createPublicClient,
  http,
  encodeFunctionData,
  getAddress,
  getContract,
  type Address,
} from "viem";
import { partyAbi } from "../../abis/party.js";
import { partyV2Abi } from "../../abis/party-v2.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../fixtures/accounts.js";
import type { TestChain } from "../setup/chain.js";
import {
  COLOGNE, ERC1967_IMPLEMENTATION_SLOT, Role, SHA256, deployPartyV2, digest, expectRevert, handOverPartyAdmin,
  implementationSlot, mined, readVersion, seedWorld, sendAndExpect, useChain,
} from "./helpers.js";

const ctx = useChain(seedWorld);

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
