/**
 * Pending operations for pages, on the real write path (api.operations.setup.ts): GET
 * /api/operations?sender= and the pages' one query (pendingOperationsFor) show an operation from
 * its registration until the read model has it, and that query stays on its indexes.
 */
import { sql } from "drizzle-orm";
import type { Hex } from "viem";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { loc, useOperationsStack } from "./api.operations.setup.js";

const ops = useOperationsStack();
/** Chapter 1's founder, made a party executive: approves applications. */
let executive: PartyAccount;
let applicant: PartyAccount;
let applicant2: PartyAccount;

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const seqScans = (node: PlanNode): string[] => [
  ...(node["Node Type"] === "Seq Scan" && node["Relation Name"] ? [node["Relation Name"]] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

beforeAll(async () => {
  const { stack } = ops;
  const [bystander] = await ops.newAccounts(1);
  [executive, applicant, applicant2] = await ops.newAccounts(3);
  // Chapter 1 founded by the executive's (not yet deployed) account; the applicant has applied,
  // and so has a bystander: the pending-application counters then never drop to zero below, where
  // a new application costs ~17k gas more than alto estimated it with the approval not yet mined.
  await stack.send(ADMIN, "addChapterToParty", [[[executive.address]], [loc("Berlin")], [1], [3]]);
  await stack.send(ADMIN, "promotePartyExecutive", [executive.address]);
  for (const account of [applicant, bystander]) {
    await stack.wallet.sendAndWait(account, await ops.callsFor(account, "applyForChapterMembership", { chapterId: "1" }));
  }
  await stack.waitForIndexer();
}, 120_000);

describe("pending operations for pages", () => {
  let approval: Hex;
  let application: Hex;

  it("lists a sender's pending operations, narrowed by subject, and survives a reload", async () => {
    await ops.stack.testClient.setAutomine(false);
    const approve = { account: applicant.address, approved: true };
    const sentApproval = await ops.sendOperation(executive, "updateMemberApplicationForChapter", approve);
    // Alto estimates an operation behind the others still in its mempool (the party contract then
    // counts as warm: ~15k gas less) even when they go out in another bundle, and the second one
    // runs out of gas (FailedCall). So the second is sent once the first is in a bundle (alto
    // then holds the second until that bundle is mined: one pending transaction per executor).
    await ops.untilPending(1);
    const sentApplication = await ops.sendOperation(applicant2, "applyForChapterMembership", { chapterId: "1" });
    ({ hash: approval } = sentApproval);
    ({ hash: application } = sentApplication);
    expect((await ops.register(sentApproval, "updateMemberApplicationForChapter", { ...approve, approved: "true" })).status).toBe(201);
    expect((await ops.register(sentApplication, "applyForChapterMembership", { chapterId: "1" })).status).toBe(201);

    const mine = await ops.list(`sender=${executive.address}`);
    expect(mine.status).toBe(200);
    expect(mine.body.operations!.map((o) => [o.userOpHash, o.status])).toEqual([[approval.toLowerCase(), "signed"]]);
    expect(mine.body.operations![0]!.subject).toMatchObject({ account: applicant.address });
    expect((await ops.list(`sender=${executive.address.toLowerCase()}&account=${applicant.address}`)).body.operations).toHaveLength(1);
    expect((await ops.list(`sender=${executive.address}&chapterId=1`)).body.operations).toEqual([]);
    expect((await ops.list(`sender=${applicant2.address}&chapterId=1`)).body.operations!.map((o) => o.userOpHash)).toEqual([application.toLowerCase()]);
    expect(await ops.list("sender=nobody")).toMatchObject({ status: 400, body: { message: expect.stringMatching(/sender must be 0x/) } });
    expect((await ops.list("")).status).toBe(400);
  });

  it("pendingOperationsFor finds them by chapter, account, evaluation or sender in one query", async () => {
    const { pendingOperationsFor } = ops.routes.model;
    const hashes = (found: { userOpHash: Hex }[]) => found.map((o) => o.userOpHash).sort();
    // The chapter page: operations about chapter 1, and about the applicants it lists.
    expect(hashes(await pendingOperationsFor({ chapterId: 1n, accounts: [applicant.address] }))).toEqual([approval, application].map((h) => h.toLowerCase()).sort());
    const [forApplicant] = await pendingOperationsFor({ account: applicant.address });
    expect(forApplicant).toMatchObject({
      userOpHash: approval.toLowerCase(),
      operation: "updateMemberApplicationForChapter",
      subject: { account: applicant.address },
      sender: executive.address,
      status: "signed",
    });
    expect(hashes(await pendingOperationsFor({ sender: applicant2.address }))).toEqual([application.toLowerCase()]);
    // The chapter page's form: its applicants as the read model spells them (lower case), in SQL.
    const lowerCase = (address: string) => sql`array[${address.toLowerCase()}]::text[]`;
    expect(hashes(await pendingOperationsFor({ accountsIn: lowerCase(applicant.address) }))).toEqual([approval.toLowerCase()]);
    expect(await pendingOperationsFor({ accountsIn: lowerCase(applicant2.address) })).toEqual([]);
    expect(await pendingOperationsFor({ chapterId: 2n })).toEqual([]);
    expect(await pendingOperationsFor({ evaluationId: 1n })).toEqual([]);
    expect(await pendingOperationsFor({})).toEqual([]);
  });

  it("stops counting them as pending once the read model has them, even if nobody polled", async () => {
    const { stack, routes } = ops;
    await ops.mineUntilIncluded([approval, application]);
    await stack.testClient.setAutomine(true);
    await stack.waitForIndexer();
    // The page's query sees them in the read model as soon as the indexer has them...
    const deadline = Date.now() + 15_000;
    while ((await routes.model.pendingOperationsFor({ chapterId: 1n, accounts: [applicant.address] })).length > 0) {
      if (Date.now() > deadline) throw new Error("still pending for the page after the indexer reached the head");
      await new Promise((r) => setTimeout(r, 100));
    }
    // ...while nobody asked for their status: the stored rows still say signed.
    const stored = await routes.db.db().execute(sql`select status from app.pending_operations where user_op_hash in (${approval.toLowerCase()}, ${application.toLowerCase()})`);
    expect(stored.rows).toEqual([{ status: "signed" }, { status: "signed" }]);
    // The list brings them up to date (indexed is still listed), and final drops out of it.
    expect((await ops.list(`sender=${executive.address}`)).body.operations!.map((o) => o.status)).toEqual(["indexed"]);
    await stack.testClient.mine({ blocks: 2 });
    // Final (and so out of the list) once the chain head read a second ago is read again.
    const until = Date.now() + 15_000;
    while ((await ops.list(`sender=${executive.address}`)).body.operations!.length > 0) {
      if (Date.now() > until) throw new Error("the approval is still listed 3 blocks deep");
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await ops.get(approval)).body.status).toBe("final");
    expect(await stack.read.read.memberChapter([applicant.address])).toBe(1n);
  });

  it("its query uses the indexes, not a scan, on a large table", async () => {
    const { db } = ops.routes.db;
    // 30,000 finished operations and a few pending ones.
    await db().execute(sql`
      insert into app.pending_operations (user_op_hash, sender, operation, subject, status, created_at)
      select '0x' || lpad(to_hex(i), 64, '0'), '0x' || lpad(to_hex(i % 5000), 40, '0'), 'vote',
             jsonb_build_object('evaluationId', (i % 1000)::text), case when i % 1000 = 0 then 'signed' else 'final' end,
             now() - make_interval(secs => i % 600)
      from generate_series(1, 30000) as i`);
    await db().execute(sql`analyze app.pending_operations`);
    const query = ops.routes.model.pendingOperationsQuery({
      chapterId: 1n,
      evaluationId: 7n,
      accounts: [applicant.address, applicant2.address],
      accountsIn: sql`array[${applicant.address.toLowerCase()}]::text[]`,
      sender: executive.address,
    })!;
    const [{ "QUERY PLAN": [plan] }] = (await db().execute(sql`explain (format json) ${query}`)).rows as { "QUERY PLAN": [{ Plan: PlanNode }] }[];
    expect(seqScans(plan!.Plan), JSON.stringify(plan)).not.toContain("pending_operations");
  });
});
