/**
 * Each registered operation sends one analytics event when it ends (indexed or failed), on the
 * real write path (api.operations.setup.ts) with a local endpoint standing in for Segment's API
 * that records the batches: the event's name and properties, the time from the click, the salted
 * user id, one event however many requests advance it at once, and no address in what is sent.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { operations } from "../../../app/calls/index.js";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { ADMIN, BOB } from "../../fixtures/accounts.js";
import { startRecorder, waitFor } from "../../setup/identity.js";
import { FIXED_GAS } from "../../setup/wallet-services.js";
import { loc, useOperationsStack } from "../routes/api.operations.setup.js";

const SALT = "operations-analytics-test-salt";
const recorder = await startRecorder();
// Read by env() on first use, after this file's stack is up; the stack's own settings leave these alone.
Object.assign(process.env, { SEGMENT_WRITE_KEY: "test-write-key", SEGMENT_HOST: recorder.url, ANALYTICS_SALT: SALT });
const ops = useOperationsStack();
let analytics: typeof import("../../../app/utils/analytics.server.js");
let first: PartyAccount, second: PartyAccount, outsider: PartyAccount;

beforeAll(async () => {
  analytics = await import("../../../app/utils/analytics.server.js");
  await ops.stack.send(ADMIN, "addChapterToParty", [[[BOB.address]], [loc("Berlin")], [1], [3]]);
  [first, second, outsider] = await ops.newAccounts(3);
}, 120_000);
afterAll(() => recorder.close());

type SegmentEvent = { type: string; event: string; userId?: string; anonymousId?: string; properties: Record<string, unknown> };
const events = () => recorder.requests.flatMap((r) => (r.body as { batch: SegmentEvent[] }).batch);
const userId = (address: Address) => createHmac("sha256", SALT).update(address.toLowerCase()).digest("hex");
const eventsOf = (address: Address) => events().filter((e) => e.userId === userId(address));

/** Reads the operation until it has ended (indexed, final or failed), as the browser polls. */
async function untilEnded(hash: Hex, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await ops.get(hash);
    if (body.status !== "signed" && body.status !== "included") return body;
    if (Date.now() > deadline) throw new Error(`${hash} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends what is queued and waits until the recorder holds `count` events of `address`. */
async function sentFor(address: Address, count: number) {
  await analytics.flushAnalytics();
  await waitFor(() => eventsOf(address).length >= count, 10_000, `${count} event(s) of ${address}`);
  return eventsOf(address);
}

it("an operation registered and indexed sends one event: its name, chapter, outcome and the time since the click", async () => {
  const clickedAt = Date.now() - 3_000;
  const sent = await ops.sendOperation(first, "applyForChapterMembership", { chapterId: "1" });
  expect((await ops.register(sent, "applyForChapterMembership", { chapterId: "1" }, { clickedAt })).status).toBe(201);
  expect((await untilEnded(sent.hash)).status).toMatch(/^(indexed|final)$/);

  const [event] = await sentFor(first.address, 1);
  expect(event).toMatchObject({ type: "track", event: "applied", userId: userId(first.address) });
  expect(event!.anonymousId).toBeUndefined();
  expect(event!.properties).toEqual({ operation: "applyForChapterMembership", outcome: "indexed", chapterId: "1", durationMs: expect.any(Number) });
  const duration = event!.properties.durationMs as number;
  expect(duration).toBeGreaterThanOrEqual(3_000);
  expect(duration).toBeLessThan(Date.now() - clickedAt + 1);

  // Later steps (final) send nothing more.
  await ops.stack.testClient.mine({ blocks: 3 });
  expect(await ops.pollUntil(sent.hash, "final")).toMatchObject({ status: "final" });
  await analytics.flushAnalytics();
  expect(eventsOf(first.address)).toHaveLength(1);
});

it("many requests advancing it at once send one event; an implausible click time becomes the registration time", async () => {
  const sent = await ops.sendOperation(second, "applyForChapterMembership", { chapterId: "1" });
  await ops.stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash: sent.hash, pollingInterval: 50 });
  await ops.stack.waitForIndexer();
  // An hour ahead: the browser's clock is off.
  expect((await ops.register(sent, "applyForChapterMembership", { chapterId: "1" }, { clickedAt: Date.now() + 3_600_000 })).status).toBe(201);

  // Already in the read model: every one of these reads it signed, finds it indexed and tries the
  // same move (the service itself: the route's per-client guard would space the requests out).
  const { getOperation } = await import("../../../app/services/operations/advance.server.js");
  const answers = await Promise.all(Array.from({ length: 8 }, () => getOperation(sent.hash)));
  for (const record of answers) expect(record?.status).toMatch(/^(indexed|final)$/);
  await sentFor(second.address, 1);
  // A further read and flush: still one.
  await ops.get(sent.hash);
  await analytics.flushAnalytics();
  const mine = eventsOf(second.address);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.properties).toMatchObject({ operation: "applyForChapterMembership", outcome: "indexed" });
  // The click time stored is the registration time (the insert's own clock, within a second of created_at).
  const { rows } = await ops.routes.db.db().execute(
    sql`select abs(extract(epoch from clicked_at - created_at)) < 1 as "nearRegistration" from app.pending_operations where user_op_hash = ${sent.hash.toLowerCase()}`,
  );
  expect(rows).toEqual([{ nearRegistration: true }]);
});

it("a failed operation sends outcome failed; operations without a declared event send operation ended", async () => {
  const { stack } = ops;
  const prepared = operations.leaveParty.prepare(stack.address, {});
  if (!prepared.ok) throw new Error(prepared.message);
  // Fixed gas limits skip the estimate, so the bundler takes it and the call reverts (NotAMember).
  const hash = await stack.wallet.send(await stack.wallet.signed(outsider, prepared.calls, FIXED_GAS));
  await stack.wallet.bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
  expect((await ops.post("/api/operations", { userOpHash: hash, sender: outsider.address, operation: "leaveParty", args: {}, clickedAt: Date.now() - 1_000 })).status).toBe(201);
  expect(await untilEnded(hash)).toMatchObject({ status: "failed", error: { message: "Transaction reverted: NotAMember", key: "wallet.reverted" } });

  const [event] = await sentFor(outsider.address, 1);
  expect(event!.event).toBe("operation ended");
  expect(event!.properties).toEqual({ operation: "leaveParty", outcome: "failed", durationMs: expect.any(Number) });
  expect(event!.properties.durationMs).toBeGreaterThanOrEqual(1_000);
});

it("refuses a click time that is not a number with 400 naming the field", async () => {
  const sent = { userOpHash: `0x${"ab".repeat(32)}`, sender: first.address, operation: "applyForChapterMembership", args: { chapterId: "1" } };
  for (const clickedAt of ["yesterday", 1.5, -1]) {
    const response = await ops.post("/api/operations", { ...sent, clickedAt });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "clickedAt", message: expect.stringMatching(/^clickedAt: must be a/) });
  }
});

it("sends no address: no 0x and no account's hex anywhere in the recorded batches", () => {
  expect(recorder.requests.length).toBeGreaterThan(0);
  const sent = recorder.requests.map((r) => `${JSON.stringify(r.headers)}\n${r.text}`).join("\n").toLowerCase();
  expect(sent).not.toContain("0x");
  for (const account of [first, second, outsider]) expect(sent).not.toContain(account.address.slice(2).toLowerCase());
  for (const event of events()) expect(Object.keys(event.properties).every((k) => (analytics.ALLOWED_PROPERTIES as readonly string[]).includes(k))).toBe(true);
});
