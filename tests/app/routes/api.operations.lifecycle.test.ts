/**
 * A user operation's lifecycle on the server, on the real write path (api.operations.setup.ts):
 * registered (POST /api/operations), then signed, included, indexed and final as GET
 * /api/operations/:hash reads it; an operation that reverts; the answers to bad input. The cases
 * build on each other (one chain per file), in order.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { encodeFunctionData, keccak256, type Hex } from "viem";
import { callRequestBody } from "../../../app/calls/request.js";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { trackOperation } from "../../../app/wallet/track.js";
import { ADMIN, BOB } from "../../fixtures/accounts.js";
import { FIXED_GAS } from "../../setup/wallet-services.js";
import { BASE, loc, useOperationsStack, type Sent } from "./api.operations.setup.js";

const ops = useOperationsStack();
let applicant: PartyAccount;
let outsider: PartyAccount;

beforeAll(async () => {
  // Chapter 1 (Bob's) with one evaluation; the applicant applies to it, the outsider votes on it.
  await ops.stack.send(ADMIN, "addChapterToParty", [[[BOB.address]], [loc("Berlin")], [1], [3]]);
  await ops.stack.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, keccak256("0x01")]);
  [applicant, outsider] = await ops.newAccounts(2);
}, 120_000);

describe("a user operation's lifecycle on the server", () => {
  let sent: Sent;
  let receipt: { transactionHash: Hex; blockNumber: bigint };

  it("POST registers a sent operation as signed (201), idempotently", async () => {
    await ops.stack.testClient.setAutomine(false);
    sent = await ops.sendOperation(applicant, "applyForChapterMembership", { chapterId: "1" });
    const hash = sent.hash.toLowerCase();

    const response = await ops.register(sent, "applyForChapterMembership", { chapterId: 1 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ userOpHash: hash, status: "signed" });

    const again = await ops.register(sent, "applyForChapterMembership", { chapterId: "1" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ userOpHash: hash, status: "signed" });

    // A reload: a new request, nothing but the hash.
    const { status, body } = await ops.get(sent.hash);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      userOpHash: hash,
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
    ops.pauseIndexer();
    try {
      await ops.mineBundle();
      const found = await ops.stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash: sent.hash, pollingInterval: 50, timeout: 10_000 });
      receipt = { transactionHash: found.receipt.transactionHash, blockNumber: found.receipt.blockNumber };
      const body = await ops.pollUntil(sent.hash, "included");
      expect(body).toMatchObject({ status: "included", transactionHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber), error: null });
    } finally {
      ops.resumeIndexer();
    }
  });

  it("moves to indexed when the read model has it, then to final 3 blocks deep", async () => {
    const { stack, routes } = ops;
    const indexed = await ops.pollUntil(sent.hash, "indexed");
    expect(indexed).toMatchObject({ transactionHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber) });
    // The read model really shows it: the application row exists.
    const [row] = (
      await routes.db.db().execute(sql`select chapter_id::text as "chapterId" from ${sql.identifier(stack.indexer.viewsSchema)}.applications where account = ${applicant.address.toLowerCase()}`)
    ).rows;
    expect(row).toEqual({ chapterId: "1" });

    await stack.testClient.mine({ blocks: 1 }); // 2 confirmations
    expect((await ops.get(sent.hash)).body.status).toBe("indexed");
    await stack.testClient.mine({ blocks: 1 }); // 3: final once the chain head read a second ago is read again
    expect(await ops.pollUntil(sent.hash, "final")).toMatchObject({ status: "final" });
    await stack.testClient.setAutomine(true);
  });

  it("trackOperation follows the same route to final and reports each status once, in order", async () => {
    const events: LifecycleEvent[] = [];
    const inProcessFetch = (async (url: string) => {
      const hashInUrl = new URL(url).pathname.split("/").pop()!;
      return ops.routes.operation.loader({ request: new Request(url), params: { hash: hashInUrl }, context: ops.readerContext() } as LoaderFunctionArgs);
    }) as typeof globalThis.fetch;
    const record = await trackOperation({ hash: sent.hash, baseUrl: BASE, fetch: inProcessFetch, intervalMs: 20, onStatus: (e) => events.push(e) });
    expect(record.status).toBe("final");
    expect(events.map((e) => e.status)).toEqual(["signed", "included", "indexed", "final"]);
  });

  it("refuses bad input with 400 naming the field, a conflicting registration with 409, and unknown hashes with 404", async () => {
    const valid = { userOpHash: sent.hash, sender: applicant.address, operation: "applyForChapterMembership", args: { chapterId: "1" } };
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
      [{ ...valid, userOperation: "0x00" }, "userOperation", /userOperation: must be the signed user operation/],
      [{ ...valid, userOperation: { ...sent.userOperation, nonce: "12" } }, "userOperation.nonce", /userOperation\.nonce: must be a hex quantity/],
      [{ ...valid, userOperation: { ...sent.userOperation, signature: undefined } }, "userOperation.signature", /is required/],
      ["{not json", undefined, /not valid JSON/],
      ["[1]", undefined, /must be a JSON object/],
    ];
    for (const [body, field, message] of cases) {
      const response = await ops.post("/api/operations", body);
      const answer = (await response.json()) as { message: string; field?: string };
      expect({ status: response.status, field: answer.field }, JSON.stringify(body)).toEqual({ status: 400, field });
      expect(answer.message).toMatch(message);
    }
    // The same hash for other contents.
    const conflict = await ops.register(sent, "applyForChapterMembership", { chapterId: "2" });
    expect(conflict.status).toBe(409);

    expect((await ops.get(keccak256("0xbeef"))).status).toBe(404);
    expect(await ops.get("0x1234")).toMatchObject({ status: 400, body: { field: "hash" } });
    // Only GET and POST.
    const put = await ops.routes.operations.action({ request: new Request(`${BASE}/api/operations`, { method: "PUT" }), params: {}, context: {} });
    expect(put.status).toBe(405);
  });
});

describe("an operation that reverts", () => {
  const voteCall = () =>
    encodeFunctionData({
      abi: [{ type: "function", name: "vote", inputs: [{ type: "uint256" }, { type: "int8" }], outputs: [], stateMutability: "nonpayable" }],
      args: [1n, 3],
    });

  it("is refused before signing: the preflight answers 422, the bundler's simulation refuses it", async () => {
    const { stack } = ops;
    const response = await ops.post("/api/calls/vote", callRequestBody({ from: outsider.address, args: { evaluationId: "1", score: "3" } }), { operation: "vote" }, ops.routes.calls);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: "NotAMember", message: "Transaction reverted: NotAMember", key: "wallet.reverted", values: { name: "NotAMember" } });
    await expect(stack.wallet.bundlerClient.sendUserOperation({ account: outsider, calls: [{ to: stack.address, data: voteCall() }] })).rejects.toThrow(
      /reverted during simulation with reason: 0x2818e888/, // NotAMember()'s selector
    );
  });

  it("when it still reaches a block (the state changed after the estimate), it is failed with Transaction reverted: NotAMember", async () => {
    const { stack, routes } = ops;
    // Fixed gas limits skip the estimate: the bundler takes it, the call reverts inside execute.
    const hash = await stack.wallet.send(await stack.wallet.signed(outsider, [{ to: stack.address, data: voteCall() }], FIXED_GAS));
    const found = await stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
    expect(found.success).toBe(false);
    expect(found.receipt.status).toBe("success"); // the bundle transaction itself succeeds

    // In a block: the bundler shows it by hash, so no signed operation is needed to prove it.
    expect((await ops.post("/api/operations", { userOpHash: hash, sender: outsider.address, operation: "vote", args: { evaluationId: "1", score: 3 } })).status).toBe(201);
    const { body } = await ops.get(hash);
    expect(body).toMatchObject({
      status: "failed",
      error: { message: "Transaction reverted: NotAMember", key: "wallet.reverted", values: { name: "NotAMember" } },
      transactionHash: found.receipt.transactionHash,
      blockNumber: Number(found.receipt.blockNumber),
    });
    // Its bundle has no party event, so the indexer does not record it: the bundler's receipt decided.
    await stack.waitForIndexer();
    const rows = await routes.db.db().execute(sql`select 1 from ${sql.identifier(stack.indexer.viewsSchema)}.user_operations where user_op_hash = ${hash.toLowerCase()}`);
    expect(rows.rows).toEqual([]);
    expect((await ops.list(`sender=${outsider.address}`)).body.operations).toEqual([]);
    // Failed is final: later reads do not change it.
    expect((await ops.get(hash)).body.status).toBe("failed");
  });
});
