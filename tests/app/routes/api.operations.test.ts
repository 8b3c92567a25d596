/**
 * Pending operations end to end on the real write path: anvil with the party contract and the
 * wallet contracts, alto, Ponder filling the read model, Postgres with the app's migrations, and
 * the app's route modules called as Remix calls them (POST /api/calls/:operation,
 * POST /api/operations, GET /api/operations[/:hash]). Software passkeys sign real user
 * operations. The cases build on each other (one chain per file), in order.
 *
 * To see each status on its own, the test holds the chain (anvil's automine off: nothing is
 * mined until it says so) and the indexer (SIGSTOP/SIGCONT) where needed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { encodeFunctionData, keccak256, stringToHex, toHex, type Address, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { revertMessage } from "../../../app/calls/revert.js";
import type { OperationRecord } from "../../../app/utils/operation-status.js";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import { bumpFee, replaceUserOperation, waitForReceiptOrReplace } from "../../../app/wallet/replace.js";
import { trackOperation } from "../../../app/wallet/track.js";
import { ANVIL_MNEMONIC } from "../../../scripts/lib/accounts.js";
import { callRequestBody } from "../../../app/calls/request.js";
import { ADMIN, BOB } from "../../fixtures/accounts.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { FIXED_GAS, startWalletServices } from "../../setup/wallet-services.js";

type Routes = {
  operations: typeof import("../../../app/routes/api.operations.js");
  operation: typeof import("../../../app/routes/api.operations.$hash.js");
  calls: typeof import("../../../app/routes/api.calls.$operation.js");
  model: typeof import("../../../app/models/pending-operations.server.js");
  db: typeof import("../../../db/client.server.js");
};

let database: TestDatabase;
let stack: Stack;
let routes: Routes;
/** Chapter 1's founder, made a party executive: approves applications. */
let executive: PartyAccount;
let applicant: PartyAccount;
let applicant2: PartyAccount;
let outsider: PartyAccount;

const BASE = "http://app.test";

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const seqScans = (node: PlanNode): string[] => [
  ...(node["Node Type"] === "Seq Scan" && node["Relation Name"] ? [node["Relation Name"]] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];
const loc = (name: string) => stringToHex(name, { size: 32 });

function post(path: string, body: unknown, params: Record<string, string> = {}, route: { action: (args: ActionFunctionArgs) => Promise<Response> } = routes.operations) {
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return route.action({ request, params, context: {} });
}

async function get(hash: string): Promise<{ status: number; body: OperationRecord & { message?: string; field?: string } }> {
  const response = await routes.operation.loader({ request: new Request(`${BASE}/api/operations/${hash}`), params: { hash }, context: {} } as LoaderFunctionArgs);
  return { status: response.status, body: (await response.json()) as OperationRecord & { message?: string } };
}

async function list(query: string): Promise<{ status: number; body: { operations?: OperationRecord[]; message?: string } }> {
  const response = await routes.operations.loader({ request: new Request(`${BASE}/api/operations?${query}`), params: {}, context: {} } as LoaderFunctionArgs);
  return { status: response.status, body: (await response.json()) as { operations?: OperationRecord[] } };
}

/** What the browser does for a click: the calls from the app, then the wallet sends them. */
async function sendOperation(account: PartyAccount, operation: string, args: Record<string, unknown>) {
  const response = await post(`/api/calls/${operation}`, callRequestBody({ from: account.address, args }), { operation }, routes.calls);
  const answer = (await response.json()) as { calls: { to: Address; data: Hex; value: string }[] };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  const calls = answer.calls.map(({ to, data, value }) => ({ to, data, value: BigInt(value) }));
  const hash = await stack.wallet.bundlerClient.sendUserOperation({ account, calls });
  return { hash, calls };
}

const register = (userOpHash: Hex, sender: Address, operation: string, args: Record<string, unknown>, extra: object = {}) =>
  post("/api/operations", { userOpHash, sender, operation, args, ...extra });

async function pollUntil(hash: Hex, status: OperationRecord["status"], timeoutMs = 30_000): Promise<OperationRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await get(hash);
    if (body.status === status) return body;
    if (Date.now() > deadline) throw new Error(`${hash} still ${body.status}, expected ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Automine off: waits until alto has put a bundle into anvil's pool (one transaction per bundle),
 * then mines one block with whatever the pool holds. A bundle alto sends later goes into a later
 * block: callers wait for the receipts they need (mineUntilIncluded).
 */
async function mineBundle() {
  await untilPending(1);
  await stack.testClient.mine({ blocks: 1 });
}

/** Automine off: waits until anvil's pool holds `count` transactions (alto's bundles). */
async function untilPending(count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while ((await stack.testClient.getTxpoolStatus()).pending < count) {
    if (Date.now() > deadline) throw new Error(`anvil's pool never held ${count} transactions in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Automine off: mines what alto sends until every one of the operations has its receipt (alto sends one bundle at a time). */
async function mineUntilIncluded(hashes: Hex[], timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipts = await Promise.all(hashes.map((hash) => stack.wallet.bundlerClient.getUserOperationReceipt({ hash }).catch(() => undefined)));
    if (receipts.every(Boolean)) {
      const failed = await Promise.all(
        receipts
          .filter((r) => !r!.success)
          .map(async (r) => {
            const op = await stack.wallet.bundlerClient.getUserOperation({ hash: r!.userOpHash });
            const who = r!.sender === executive.address ? "executive" : r!.sender === applicant2.address ? "applicant2" : r!.sender;
            return `${r!.userOpHash} from ${who}: ${revertMessage(r!.reason)} (callGasLimit ${op.userOperation.callGasLimit}, verificationGasLimit ${op.userOperation.verificationGasLimit}, actualGasUsed ${r!.actualGasUsed}, tx gas used ${r!.receipt.gasUsed})`;
          }),
      );
      expect(failed, "operations that reverted").toEqual([]);
      return;
    }
    if (Date.now() > deadline) throw new Error(`not all of ${hashes.join(", ")} were included after ${timeoutMs} ms`);
    if ((await stack.testClient.getTxpoolStatus()).pending > 0) await stack.testClient.mine({ blocks: 1 });
    else await new Promise((r) => setTimeout(r, 50));
  }
}

const pauseIndexer = () => process.kill(stack.indexer.process.pid!, "SIGSTOP");
const resumeIndexer = () => process.kill(stack.indexer.process.pid!, "SIGCONT");

beforeAll(async () => {
  database = await setupTestDatabase();
  stack = await startStack({ seed: false, wallet: true, app: false, database: database.url });
  // env() and db/schema read these on first use: set before the app modules load.
  for (const key of ["APP_ORIGIN", "TRUST_PROXY"]) delete process.env[key];
  Object.assign(process.env, stack.appEnv);
  routes = {
    operations: await import("../../../app/routes/api.operations.js"),
    operation: await import("../../../app/routes/api.operations.$hash.js"),
    calls: await import("../../../app/routes/api.calls.$operation.js"),
    model: await import("../../../app/models/pending-operations.server.js"),
    db: await import("../../../db/client.server.js"),
  };
  [executive, applicant, applicant2, outsider] = await Promise.all([0, 1, 2, 3].map(() => stack.wallet.account()));
  // Chapter 1 founded by the executive's (not yet deployed) account, chapter 2 by Bob; one evaluation.
  await stack.send(ADMIN, "addChapterToParty", [[[executive.address], [BOB.address]], [loc("Berlin"), loc("Hamburg")], [1, 2], [3, 4]]);
  await stack.send(ADMIN, "promotePartyExecutive", [executive.address]);
  await stack.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, keccak256("0x01")]);
}, 240_000);

// Every request here comes from the same (unknown) client: the guard's 100 POSTs a minute would
// run out over the file, so each case starts with fresh counters.
beforeEach(async () => {
  const { resetPostGuard } = await import("../../../app/utils/post-guard.server.js");
  resetPostGuard();
});

afterAll(async () => {
  if (stack) {
    try {
      resumeIndexer();
    } catch {
      // Not running.
    }
    await stack.testClient.setAutomine(true).catch(() => undefined);
  }
  await routes?.db.closeDb();
  await stack?.stop();
  await database?.drop();
});

describe("a user operation's lifecycle on the server", () => {
  let hash: Hex;
  let receipt: { transactionHash: Hex; blockNumber: bigint };

  it("POST registers a sent operation as signed (201), idempotently", async () => {
    await stack.testClient.setAutomine(false);
    ({ hash } = await sendOperation(applicant, "applyForChapterMembership", { chapterId: "1" }));

    const response = await register(hash, applicant.address, "applyForChapterMembership", { chapterId: 1 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ userOpHash: hash.toLowerCase(), status: "signed" });

    const again = await register(hash, applicant.address, "applyForChapterMembership", { chapterId: "1" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ userOpHash: hash.toLowerCase(), status: "signed" });

    // A reload: a new request, nothing but the hash.
    const { status, body } = await get(hash);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      userOpHash: hash.toLowerCase(),
      sender: applicant.address,
      operation: "applyForChapterMembership",
      subject: { chapterId: "1" },
      status: "signed",
      transactionHash: null,
      blockNumber: null,
      error: null,
    });
  });

  it("moves to included once the bundle is in a block, before the indexer has it", async () => {
    pauseIndexer();
    try {
      await mineBundle();
      const found = await stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 10_000 });
      receipt = { transactionHash: found.receipt.transactionHash, blockNumber: found.receipt.blockNumber };
      const { body } = await get(hash);
      expect(body).toMatchObject({ status: "included", transactionHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber), error: null });
    } finally {
      resumeIndexer();
    }
  });

  it("moves to indexed when the read model has it, then to final 3 blocks deep", async () => {
    const indexed = await pollUntil(hash, "indexed");
    expect(indexed).toMatchObject({ transactionHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber) });
    // The read model really shows it: the application row exists.
    const [row] = (
      await routes.db.db().execute(sql`select chapter_id::text as "chapterId" from ${sql.identifier(stack.indexer.viewsSchema)}.applications where account = ${applicant.address.toLowerCase()}`)
    ).rows;
    expect(row).toEqual({ chapterId: "1" });

    await stack.testClient.mine({ blocks: 1 }); // 2 confirmations
    expect((await get(hash)).body.status).toBe("indexed");
    await stack.testClient.mine({ blocks: 1 }); // 3
    expect((await get(hash)).body.status).toBe("final");
    await stack.testClient.setAutomine(true);
  });

  it("trackOperation follows the same route to final and reports each status once, in order", async () => {
    const events: LifecycleEvent[] = [];
    const inProcessFetch = (async (url: string) => {
      const hashInUrl = new URL(url).pathname.split("/").pop()!;
      return routes.operation.loader({ request: new Request(url), params: { hash: hashInUrl }, context: {} } as LoaderFunctionArgs);
    }) as typeof globalThis.fetch;
    const record = await trackOperation({ hash, baseUrl: BASE, fetch: inProcessFetch, intervalMs: 20, onStatus: (e) => events.push(e) });
    expect(record.status).toBe("final");
    expect(events.map((e) => e.status)).toEqual(["signed", "included", "indexed", "final"]);
  });

  it("refuses bad input with 400 naming the field, a conflicting registration with 409, and unknown hashes with 404", async () => {
    const valid = { userOpHash: hash, sender: applicant.address, operation: "applyForChapterMembership", args: { chapterId: "1" } };
    const cases: [object | string, string | undefined, RegExp][] = [
      [{ ...valid, userOpHash: undefined }, "userOpHash", /userOpHash: is required/],
      [{ ...valid, userOpHash: "0x1234" }, "userOpHash", /userOpHash: must be a user operation hash/],
      [{ ...valid, sender: "alice" }, "sender", /sender: must be an address/],
      [{ ...valid, operation: "mintMoney" }, "operation", /operation: must be one of applyForChapterMembership, /],
      [{ ...valid, operation: "toString" }, "operation", /operation: must be one of/],
      [{ ...valid, operation: undefined }, "operation", /operation: is required/],
      [{ ...valid, args: [] }, "args", /args: must be an object/],
      [{ ...valid, args: { chapterId: "one" } }, "args.chapterId", /args\.chapterId: must be a whole number/],
      [{ ...valid, args: {} }, "args.chapterId", /args\.chapterId: is required/],
      ["{not json", undefined, /not valid JSON/],
      ["[1]", undefined, /must be a JSON object/],
    ];
    for (const [body, field, message] of cases) {
      const response = await post("/api/operations", body);
      const answer = (await response.json()) as { message: string; field?: string };
      expect({ status: response.status, field: answer.field }, JSON.stringify(body)).toEqual({ status: 400, field });
      expect(answer.message).toMatch(message);
    }

    // Checked against the operation the bundler has: another sender, other args, an unknown hash.
    const fresh = await stack.wallet.account();
    const other = await sendOperation(fresh, "applyForChapterMembership", { chapterId: "2" });
    await stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash: other.hash, pollingInterval: 50 });
    const mismatch: [object, string][] = [
      [{ userOpHash: other.hash, sender: BOB.address, operation: "applyForChapterMembership", args: { chapterId: "2" } }, "sender"],
      [{ userOpHash: other.hash, sender: fresh.address, operation: "applyForChapterMembership", args: { chapterId: "1" } }, "args"],
      [{ userOpHash: other.hash, sender: fresh.address, operation: "leaveChapter", args: {} }, "args"],
    ];
    for (const [body, field] of mismatch) {
      const response = await post("/api/operations", body);
      expect({ status: response.status, field: ((await response.json()) as { field?: string }).field }).toEqual({ status: 400, field });
    }
    // A bundler returns an operation by hash only once it is in a block (alto does): until then a
    // registration cannot be checked, so it is taken, and checked when the operation shows up.
    await stack.testClient.setAutomine(false);
    try {
      const liar = await stack.wallet.account();
      const pending = await sendOperation(liar, "applyForChapterMembership", { chapterId: "2" });
      expect(await stack.wallet.bundlerClient.request({ method: "eth_getUserOperationByHash", params: [pending.hash] })).toBeNull();
      const claimed = await register(pending.hash, liar.address, "applyForChapterMembership", { chapterId: "1" });
      expect(claimed.status).toBe(201);
      await mineBundle();
      expect((await get(pending.hash)).body).toMatchObject({
        status: "failed",
        error: "Not the registered operation: it does not make the applyForChapterMembership call",
      });
    } finally {
      await stack.testClient.setAutomine(true);
    }
    // A hash nobody sent stays signed (until dropped after 10 minutes).
    const nobody = keccak256("0xdead");
    expect((await register(nobody, fresh.address, "applyForChapterMembership", { chapterId: "2" })).status).toBe(201);
    expect((await get(nobody)).body.status).toBe("signed");
    // The same hash for other contents.
    const conflict = await register(hash, applicant.address, "applyForChapterMembership", { chapterId: "2" });
    expect(conflict.status).toBe(409);

    expect((await get(keccak256("0xbeef"))).status).toBe(404);
    expect(await get("0x1234")).toMatchObject({ status: 400, body: { field: "hash" } });
    // Only GET and POST.
    const put = await routes.operations.action({ request: new Request(`${BASE}/api/operations`, { method: "PUT" }), params: {}, context: {} });
    expect(put.status).toBe(405);
  });
});

describe("an operation that reverts", () => {
  const voteCall = () => encodeFunctionData({
    abi: [{ type: "function", name: "vote", inputs: [{ type: "uint256" }, { type: "int8" }], outputs: [], stateMutability: "nonpayable" }],
    args: [1n, 3],
  });

  it("is refused before signing: the preflight answers 422, the bundler's simulation refuses it", async () => {
    const response = await post("/api/calls/vote", callRequestBody({ from: outsider.address, args: { evaluationId: "1", score: "3" } }), { operation: "vote" }, routes.calls);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: "NotAMember", message: "Transaction reverted: NotAMember" });
    await expect(
      stack.wallet.bundlerClient.sendUserOperation({ account: outsider, calls: [{ to: stack.address, data: voteCall() }] }),
    ).rejects.toThrow(/reverted during simulation with reason: 0x2818e888/); // NotAMember()'s selector
  });

  it("when it still reaches a block (the state changed after the estimate), it is failed with Transaction reverted: NotAMember", async () => {
    // Fixed gas limits skip the estimate: the bundler takes it, the call reverts inside execute.
    const hash = await stack.wallet.send(await stack.wallet.signed(outsider, [{ to: stack.address, data: voteCall() }], FIXED_GAS));
    const found = await stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
    expect(found.success).toBe(false);
    expect(found.receipt.status).toBe("success"); // the bundle transaction itself succeeds

    expect((await register(hash, outsider.address, "vote", { evaluationId: "1", score: 3 })).status).toBe(201);
    const { body } = await get(hash);
    expect(body).toMatchObject({
      status: "failed",
      error: "Transaction reverted: NotAMember",
      transactionHash: found.receipt.transactionHash,
      blockNumber: Number(found.receipt.blockNumber),
    });
    // Its bundle has no party event, so the indexer does not record it: the bundler's receipt decided.
    await stack.waitForIndexer();
    const rows = await routes.db.db().execute(sql`select 1 from ${sql.identifier(stack.indexer.viewsSchema)}.user_operations where user_op_hash = ${hash.toLowerCase()}`);
    expect(rows.rows).toEqual([]);
    expect((await list(`sender=${outsider.address}`)).body.operations).toEqual([]);
    // Failed is final: later reads do not change it.
    expect((await get(hash)).body.status).toBe("failed");
  });
});

describe("pending operations for pages", () => {
  let approval: Hex;
  let application: Hex;

  it("lists a sender's pending operations, narrowed by subject, and survives a reload", async () => {
    await stack.testClient.setAutomine(false);
    ({ hash: approval } = await sendOperation(executive, "updateMemberApplicationForChapter", { account: applicant.address, approved: true }));
    // Alto estimates an operation behind the others still in its mempool (the party contract then
    // counts as warm: ~15k gas less) even when they go out in another bundle, and the second one
    // runs out of gas (FailedCall). So the second is sent once the first is in a bundle (alto
    // then holds the second until that bundle is mined: one pending transaction per executor).
    await untilPending(1);
    ({ hash: application } = await sendOperation(applicant2, "applyForChapterMembership", { chapterId: "1" }));
    expect((await register(approval, executive.address, "updateMemberApplicationForChapter", { account: applicant.address, approved: "true" })).status).toBe(201);
    expect((await register(application, applicant2.address, "applyForChapterMembership", { chapterId: "1" })).status).toBe(201);

    const mine = await list(`sender=${executive.address}`);
    expect(mine.status).toBe(200);
    expect(mine.body.operations!.map((o) => [o.userOpHash, o.status])).toEqual([[approval.toLowerCase(), "signed"]]);
    expect(mine.body.operations![0]!.subject).toMatchObject({ account: applicant.address });
    expect((await list(`sender=${executive.address.toLowerCase()}&account=${applicant.address}`)).body.operations).toHaveLength(1);
    expect((await list(`sender=${executive.address}&chapterId=1`)).body.operations).toEqual([]);
    expect((await list(`sender=${applicant2.address}&chapterId=1`)).body.operations!.map((o) => o.userOpHash)).toEqual([application.toLowerCase()]);
    expect(await list("sender=nobody")).toMatchObject({ status: 400, body: { message: expect.stringMatching(/sender must be 0x/) } });
    expect((await list("")).status).toBe(400);
  });

  it("pendingOperationsFor finds them by chapter, account, evaluation or sender in one query", async () => {
    const { pendingOperationsFor } = routes.model;
    const hashes = (ops: { userOpHash: Hex }[]) => ops.map((o) => o.userOpHash).sort();
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
    // The hash nobody sent (registered above, unchecked) shows for at most UNVERIFIED_WINDOW_MINUTES.
    expect(hashes(await pendingOperationsFor({ chapterId: 2n }))).toEqual([keccak256("0xdead")]);
    expect(await pendingOperationsFor({ evaluationId: 1n })).toEqual([]);
    expect(await pendingOperationsFor({})).toEqual([]);
  });

  it("stops counting them as pending once the read model has them, even if nobody polled", async () => {
    await mineUntilIncluded([approval, application]);
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
    expect((await list(`sender=${executive.address}`)).body.operations!.map((o) => o.status)).toEqual(["indexed"]);
    await stack.testClient.mine({ blocks: 2 });
    expect((await list(`sender=${executive.address}`)).body.operations).toEqual([]);
    expect((await get(approval)).body.status).toBe("final");
    expect(await stack.read.read.memberChapter([applicant.address])).toBe(1n);
  });

  it("its query uses the indexes, not a scan, on a large table", async () => {
    const { db } = routes.db;
    // 30,000 finished operations and a few pending ones.
    await db().execute(sql`
      insert into app.pending_operations (user_op_hash, sender, operation, subject, status, created_at)
      select '0x' || lpad(to_hex(i), 64, '0'), '0x' || lpad(to_hex(i % 5000), 40, '0'), 'vote',
             jsonb_build_object('evaluationId', (i % 1000)::text), case when i % 1000 = 0 then 'signed' else 'final' end,
             now() - make_interval(secs => i % 600)
      from generate_series(1, 30000) as i`);
    await db().execute(sql`analyze app.pending_operations`);
    const query = routes.model.pendingOperationsQuery({ chapterId: 1n, evaluationId: 7n, accounts: [applicant.address, applicant2.address], sender: executive.address })!;
    const [{ "QUERY PLAN": [plan] }] = (await db().execute(sql`explain (format json) ${query}`)).rows as { "QUERY PLAN": [{ Plan: PlanNode }] }[];
    expect(seqScans(plan!.Plan), JSON.stringify(plan)).not.toContain("pending_operations");
  });
});

describe("a stuck operation replaced with fees × 1.1", () => {
  it("while it waits in the bundler's mempool, the bundler takes the replacement (same nonce) and drops it; `replaces` fails the old one", async () => {
    // A second alto on the chain that bundles only when told to: the operation waits in its mempool.
    const key = (index: number) => toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey!);
    const manual = await startWalletServices({ rpcUrl: stack.rpcUrl, publicClient: stack.publicClient }, { bundleMode: "manual", executorKey: key(6), utilityKey: key(7) });
    try {
      const args = { account: applicant2.address, approved: true };
      const response = await post("/api/calls/updateMemberApplicationForChapter", callRequestBody({ from: executive.address, args }), { operation: "updateMemberApplicationForChapter" }, routes.calls);
      const answer = (await response.json()) as { calls: { to: Address; data: Hex; value: string }[] };
      expect(response.status, JSON.stringify(answer)).toBe(200);
      const calls = answer.calls.map(({ to, data, value }) => ({ to, data, value: BigInt(value) }));
      const original = await manual.signed(executive, calls);
      const hash = await manual.send(original);
      expect((await register(hash, executive.address, "updateMemberApplicationForChapter", args)).status).toBe(201);

      const { hash: replacement, sent } = await replaceUserOperation({
        sendUserOperation: (request) => manual.bundlerClient.sendUserOperation({ account: executive, ...request }),
        sent: { calls, nonce: original.nonce, maxFeePerGas: original.maxFeePerGas, maxPriorityFeePerGas: original.maxPriorityFeePerGas },
      });
      expect(replacement).not.toBe(hash);
      expect(sent).toMatchObject({ nonce: original.nonce, maxFeePerGas: bumpFee(original.maxFeePerGas), maxPriorityFeePerGas: bumpFee(original.maxPriorityFeePerGas) });
      expect((await register(replacement, executive.address, "updateMemberApplicationForChapter", args, { replaces: hash })).status).toBe(201);
      expect((await get(hash)).body).toMatchObject({ status: "failed", error: `Replaced by ${replacement.toLowerCase()}` });

      await manual.bundleNow();
      const landed = await manual.bundlerClient.waitForUserOperationReceipt({ hash: replacement, pollingInterval: 50, timeout: 10_000 });
      expect(landed.success).toBe(true);
      // On chain it is the replacement that ran, with the original's nonce and the raised fees.
      const onChain = await manual.bundlerClient.getUserOperation({ hash: replacement });
      expect(onChain.userOperation).toMatchObject({ nonce: original.nonce, maxFeePerGas: bumpFee(original.maxFeePerGas), maxPriorityFeePerGas: bumpFee(original.maxPriorityFeePerGas) });
      await expect(manual.bundlerClient.getUserOperationReceipt({ hash })).rejects.toThrow();
      expect(await pollUntil(replacement, "indexed")).toMatchObject({ error: null });
      expect(await stack.read.read.memberChapter([applicant2.address])).toBe(1n);
    } finally {
      await manual.stop();
    }
  });

  it("once the bundler has sent it in a bundle, it refuses the replacement (AA25): waitForReceiptOrReplace waits on for the original", async () => {
    const account = await stack.wallet.account();
    const response = await post("/api/calls/applyForChapterMembership", callRequestBody({ from: account.address, args: { chapterId: "2" } }), { operation: "applyForChapterMembership" }, routes.calls);
    const calls = ((await response.json()) as { calls: { to: Address; data: Hex; value: string }[] }).calls.map(({ to, data, value }) => ({ to, data, value: BigInt(value) }));
    await stack.testClient.setAutomine(false);
    try {
      const original = await stack.wallet.signed(account, calls);
      const hash = await stack.wallet.send(original);
      await untilPending(1); // alto has sent its bundle; the chain holds it

      const events: LifecycleEvent[] = [];
      const refusals: string[] = [];
      const waiting = waitForReceiptOrReplace({
        bundlerClient: stack.wallet.bundlerClient,
        hash,
        sent: { calls, nonce: original.nonce, maxFeePerGas: original.maxFeePerGas, maxPriorityFeePerGas: original.maxPriorityFeePerGas },
        sendUserOperation: (request) =>
          stack.wallet.bundlerClient.sendUserOperation({ account, ...request }).catch((error: unknown) => {
            refusals.push(error instanceof Error ? error.message : String(error));
            throw error;
          }),
        // A short schedule (the SPEC's is 26 s).
        retries: 2,
        intervalMs: 200,
        onStatus: (e) => events.push(e),
      });
      for (let i = 0; i < 200 && refusals.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(refusals).toHaveLength(1);
      // "AA25 invalid account deployment: Another deployment operation for this sender is already
      // being processed" here (its first operation); "AA25 invalid account nonce: Another
      // UserOperation with same sender and nonce is already being processed" for later ones.
      expect(refusals[0]).toMatch(/AA25 invalid account .*already being processed/);
      await stack.testClient.mine({ blocks: 1 });
      const result = await waiting;
      expect(result.hash).toBe(hash);
      expect(result.receipt.success).toBe(true);
      expect(events.map((e) => e.status)).toEqual(["stuck", "included"]);
    } finally {
      await stack.testClient.setAutomine(true);
    }
  });
});
