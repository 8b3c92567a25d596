/**
 * Upgrades, and what a later version may emit. The proxy's Upgraded and Initialized events are in
 * the read model (the upgrades table, which /party shows), and events that break the read model's
 * invariants (a role today's ABI does not name, a recommendation or a decision without a pending
 * application) are logged and recorded as they came, never a crash: the indexer keeps indexing,
 * its counters still agree with the contract, and a clean reindex gives the same read model.
 * PartyV2 (contracts/test) plays those events with its emitRawLog hook.
 */
import {
  encodeAbiParameters,
  getAbiItem,
  getAddress,
  getContract,
  pad,
  toEventSelector,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { partyAbi } from "../../abis/party.js";
import { partyV2Abi, partyV2Bytecode } from "../../abis/party-v2.js";
import { ADMIN, ALICE, DAVE, FRANK, GRACE, IVAN } from "../fixtures/accounts.js";
import { dumpReadModel } from "../setup/read-model.js";
import { lc, loc, useIndexerTest } from "./helpers.js";

const ctx = useIndexerTest();

const topic = (name: "RoleHolderSet" | "Recommended" | "ApplicationDecided") => toEventSelector(getAbiItem({ abi: partyAbi, name }));
const word = (value: Address | bigint): Hex => (typeof value === "bigint" ? pad(toHex(value)) : pad(value));

it("indexes upgrades and records events that break today's invariants instead of crashing", { timeout: 240_000 }, async () => {
  const { tc, db } = ctx;
  const live = await ctx.startIndexer();
  await live.waitReady(90_000);

  await tc.waitFor(await tc.party(ADMIN).write.addChapterToParty([[[ALICE.address]], [loc("Berlin")], [1], [2]]));
  const deployed = await tc.waitFor(await tc.walletFor(ADMIN).deployContract({ abi: partyV2Abi, bytecode: partyV2Bytecode }));
  const v2 = getAddress(deployed.contractAddress!);
  const upgrade = await tc.waitFor(await tc.party(ADMIN).write.upgradeToAndCall([v2, "0x"]));
  const party = getContract({ address: tc.address, abi: partyV2Abi, client: { public: tc.publicClient, wallet: tc.walletFor(ADMIN) } });

  // A role the indexer's ABI does not name (the enum has four), as a later version might add.
  const unknownRole = await tc.waitFor(
    await party.write.emitRawLog([[topic("RoleHolderSet"), word(7n), word(IVAN.address), word(ADMIN.address)], "0x"]),
  );
  // A recommendation of, and a decision on, accounts with no pending application.
  const strayRecommendation = await tc.waitFor(
    await party.write.emitRawLog([[topic("Recommended"), word(FRANK.address), word(1n), word(ALICE.address)], "0x"]),
  );
  const strayDecision = await tc.waitFor(
    await party.write.emitRawLog([
      [topic("ApplicationDecided"), word(GRACE.address), word(1n), word(ALICE.address)],
      encodeAbiParameters([{ type: "bool" }], [true]),
    ]),
  );
  // Ordinary events after them are still indexed.
  const applied = await tc.waitFor(await tc.party(DAVE).write.applyForChapterMembership([1n]));
  const head = applied.blockNumber;
  await live.waitForBlock(head, 90_000);
  expect(live.process.exitCode, live.log().slice(-4000)).toBeNull();

  const model = await dumpReadModel(db.url, live.viewsSchema);
  const b = (receipt: { blockNumber: bigint }) => String(receipt.blockNumber);
  type Receipt = { transactionHash: Hex };

  // The upgrades in chain order: the deployment (upgraded, initialized) and the upgrade to V2.
  const upgrades = [...model.upgrades!].sort((x, y) =>
    BigInt(x.block as string) === BigInt(y.block as string)
      ? (x.logIndex as number) - (y.logIndex as number)
      : BigInt(x.block as string) < BigInt(y.block as string) ? -1 : 1,
  );
  expect(upgrades.map((row) => [row.kind, row.implementation, row.version])).toEqual([
    ["upgraded", lc(tc.implementation), null],
    ["initialized", null, "1"],
    ["upgraded", lc(v2), null],
  ]);
  expect(upgrades.at(-1)).toMatchObject({ block: b(upgrade), txHash: upgrade.transactionHash });

  // The unknown role: a visible row and activity, not a crash.
  expect(model.role_holders!.find((row) => row.role === "unknown(7)")).toMatchObject({
    holder: lc(IVAN),
    by: lc(ADMIN),
    block: b(unknownRole),
  });
  const kinds = (receipt: Receipt) => model.activity!.filter((row) => row.txHash === receipt.transactionHash).map((row) => row.kind);
  expect(kinds(upgrade)).toEqual(["Upgraded"]);
  expect(kinds(unknownRole)).toEqual(["RoleHolderSet:unknown(7)"]);
  expect(kinds(strayRecommendation)).toEqual(["Recommended"]);
  expect(kinds(strayDecision)).toEqual(["ApplicationApproved"]);

  // The stray recommendation is kept without an application; the stray decision changes no counter.
  expect(model.recommendations).toEqual([
    expect.objectContaining({ applicationId: null, account: lc(FRANK), chapterId: "1", by: lc(ALICE), block: b(strayRecommendation) }),
  ]);
  const [chapter] = model.chapters!;
  expect(chapter).toMatchObject({ id: "1", pendingApplicationCount: 1, memberCount: 1 });
  expect(chapter!.pendingApplicationCount).toBe(Number(await tc.read.read.pendingApplicationCount([1n])));
  expect(model.party_totals![0]!.pendingApplicationCount).toBe(Number(await tc.read.read.totalPendingApplicationCount()));
  expect(model.members!.find((row) => row.account === lc(DAVE))).toMatchObject({ pendingApplicationId: `${b(applied)}-${applied.logs[0]!.logIndex}` });

  // Logged, each with what the indexer could not place.
  const log = live.log();
  expect(log).toMatch(/RoleHolderSet with unknown role 7/);
  expect(log).toMatch(new RegExp(`Recommended: ${lc(FRANK)} has no pending application`, "i"));
  expect(log).toMatch(new RegExp(`ApplicationDecided: ${lc(GRACE)} has no pending application`, "i"));

  // What /party shows: the upgrades with their implementation and block, newest first (its
  // statement reads the app's profiles too, for the names: the app's tables first).
  await (await import("../../db/migrate.js")).migrate(db.url);
  process.env.DATABASE_URL = db.url;
  process.env.READ_MODEL_SCHEMA = live.viewsSchema;
  const { getPartyOverview } = await import("../../app/models/party.server.js");
  const { closeDb } = await import("../../db/client.server.js");
  try {
    const overview = await getPartyOverview();
    expect(overview.upgrades.map((u) => [u.kind, u.implementation, u.version, u.block])).toEqual(
      [...upgrades].reverse().map((row) => [row.kind, row.implementation, row.version, row.block]),
    );
    expect(overview.roleHolders.map((r) => r.role)).toContain("unknown(7)");
  } finally {
    await closeDb();
  }

  // A clean reindex (backfill past Ponder's 200-block finality window) gives the same read model.
  await tc.testClient.mine({ blocks: 210 });
  const backfill = await ctx.startIndexer();
  await backfill.waitForBlock(head + 210n, 120_000);
  expect(await dumpReadModel(db.url, backfill.viewsSchema)).toEqual(model);
});
