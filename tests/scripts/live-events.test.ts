/**
 * The views bench's live events (scripts/bench/views/live-events.ts) are what the indexer writes.
 * A small party on a real anvil is indexed twice: one indexer keeps following the chain, the other
 * is stopped and its tables take the generator's calls in SQL, each of which is also sent to the
 * chain (by its sender, impersonated) and lands in its own block. Afterwards the two read models
 * are equal, every table and row: counters, activity rows, ids, sort keys and the version.
 */
import { createWalletClient, http, keccak256, parseEther, stringToHex, type Address, type Hex } from "viem";
import pg from "pg";
import { partyAbi } from "../../abis/party.js";
import { LiveEvents } from "../../scripts/bench/views/live-events.js";
import type { Action, ActionKind, Block } from "../../scripts/bench/views/live-handlers.js";
import { ADMIN, ALICE } from "../fixtures/accounts.js";
import { dumpReadModel } from "../setup/read-model.js";
import { digest, loc, useIndexerTest, type TestIndexer } from "../indexer/helpers.js";

const ctx = useIndexerTest();

/** A fixed address without a key (the same on every run, so the generator's choices are too). */
const account = (label: string): Address => keccak256(stringToHex(label)).slice(0, 42) as Address;
const founders = (chapter: number, n: number) => Array.from({ length: n }, (_, i) => account(`founder ${chapter}.${i}`));

/** Sends the call as its sender would (impersonated on anvil); the block it landed in. */
async function send(action: Action): Promise<Block> {
  const { tc } = ctx;
  await tc.testClient.impersonateAccount({ address: action.sender });
  await tc.testClient.setBalance({ address: action.sender, value: parseEther("1") });
  const wallet = createWalletClient({ chain: tc.chain, transport: http(tc.rpcUrl), account: action.sender });
  const call = { address: tc.address, abi: partyAbi } as const;
  let hash: Hex;
  switch (action.kind) {
    case "vote":
    case "revote":
      hash = await wallet.writeContract({ ...call, functionName: "vote", args: [BigInt(action.evaluationId), action.score] });
      break;
    case "apply":
      hash = await wallet.writeContract({ ...call, functionName: "applyForChapterMembership", args: [BigInt(action.chapterId)] });
      break;
    case "recommend":
      hash = await wallet.writeContract({ ...call, functionName: "recommendForChapterMembership", args: [[action.account]] });
      break;
    case "approve":
    case "reject":
      hash = await wallet.writeContract({ ...call, functionName: "updateMemberApplicationForChapter", args: [action.account, action.kind === "approve"] });
      break;
  }
  const receipt = await tc.waitFor(hash);
  const block = await tc.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  return { number: block.number, hash: block.hash, timestamp: block.timestamp, txHash: receipt.transactionHash, logIndex: receipt.logs[0]!.logIndex };
}

/** Every kind, each with a candidate by then: applications before their recommendations and decisions, votes before changes. */
const CALLS: ActionKind[] = [
  "vote", "vote", "vote", "revote", "apply", "apply", "apply", "apply", "recommend", "recommend", "approve", "reject",
  "vote", "revote", "apply", "apply", "recommend", "approve", "approve", "vote", "revote", "apply", "reject", "vote",
];

describe("live events", () => {
  let live: TestIndexer;
  let copy: TestIndexer;
  let client: pg.Client;
  let head: bigint;

  beforeAll(async () => {
    const { tc } = ctx;
    live = await ctx.startIndexer();
    await live.waitReady(90_000);
    const admin = tc.party(ADMIN).write;
    const alice = tc.party(ALICE).write;
    // Three chapters; ALICE a party executive (decides where no chapter executive does), chapter 2
    // with an executive of its own, a party-only member, two evaluations per chapter.
    await tc.waitFor(await admin.addChapterToParty([[[ALICE.address, ...founders(1, 4)], founders(2, 3), founders(3, 3)], [loc("Berlin"), loc("Hamburg"), loc("Köln")], [1, 2, 3], [4, 5, 6]]));
    await tc.waitFor(await admin.promotePartyExecutive([ALICE.address]));
    await tc.waitFor(await alice.promoteChapterExecutive([founders(2, 1)[0]!, 2n]));
    await tc.waitFor(await alice.addMemberToParty([[account("party only")]]));
    for (let i = 0; i < 6; i++) await tc.waitFor(await admin.mintEvaluation([BigInt(1 + (i % 3)), 0x12, 32, digest(i + 1)]));
    head = await tc.publicClient.getBlockNumber({ cacheTime: 0 });
    await live.waitForBlock(head, 60_000);

    // The copy indexes the same history, then stops: the generator writes to its tables.
    copy = await ctx.startIndexer();
    await copy.waitForBlock(head, 90_000);
    await copy.stop();
    client = new pg.Client({ connectionString: ctx.db.url });
    await client.connect();
  });
  afterAll(() => client?.end());

  it("finds no call of a kind that has no candidate yet", async () => {
    const events = await LiveEvents.open(client, copy.schema);
    // No application is pending and no vote was cast by it.
    for (const kind of ["recommend", "approve", "reject", "revote"] as const) expect([kind, await events.choose(kind)]).toEqual([kind, undefined]);
  });

  it("writes what the indexer writes for the same calls", { timeout: 180_000 }, async () => {
    expect(await dumpReadModel(ctx.db.url, copy.schema)).toEqual(await dumpReadModel(ctx.db.url, live.schema));
    const events = await LiveEvents.open(client, copy.schema, { seed: 16 });
    let written = 0;
    for (const kind of CALLS) {
      const action = await events.choose(kind);
      if (!action) throw new Error(`no ${kind} call possible`);
      written += await events.apply(action, await send(action));
    }
    await live.waitForBlock(await ctx.tc.publicClient.getBlockNumber({ cacheTime: 0 }), 60_000);

    const indexed = await dumpReadModel(ctx.db.url, live.schema);
    expect(await dumpReadModel(ctx.db.url, copy.schema)).toEqual(indexed);
    // Every kind of event the live phase writes, one activity row each; some votes were changed.
    const activity = indexed.activity!.filter((row) => BigInt(row.blockNumber as string) > head);
    expect(activity).toHaveLength(written);
    expect(new Set(activity.map((row) => row.kind))).toEqual(
      new Set(["VoteCast", "Applied", "Recommended", "ApplicationApproved", "JoinedChapter", "JoinedParty", "ApplicationRejected"]),
    );
    const votes = activity.filter((row) => row.kind === "VoteCast").length;
    expect(indexed.votes!.length).toBeLessThan(votes);
    expect(indexed.party_totals![0]).toMatchObject({ voteCount: indexed.votes!.length, pendingApplicationCount: 2 });
  });
});
