/**
 * Issue #11: app.pending_operations stays bounded. Each registration on the production server
 * deletes records older than the retention window (retention.server.ts), a bounded batch at a
 * time, and those deletes leave the page cache alone (migration 0006's delete trigger), while
 * deleting a row a page shows still invalidates it.
 */
import { ADMIN, BOB } from "../../fixtures/accounts.js";
import { loc, useOperationsStack } from "./api.operations.setup.js";

const ops = useOperationsStack({ app: true });
const APPLY = "applyForChapterMembership";
const ARGS = { chapterId: "1" };

beforeAll(async () => {
  await ops.stack.send(ADMIN, "addChapterToParty", [[[BOB.address]], [loc("Berlin")], [1], [3]]);
}, 120_000);

const pageVersion = async () => BigInt((await ops.stack.query<{ n: string }>("select n::text as n from app.page_version"))[0]!.n);
const count = async (where: string) => Number((await ops.stack.query<{ n: string }>(`select count(*)::text as n from app.pending_operations where ${where}`))[0]!.n);

/** `rows` records of `status`, registered `ageDays` ago, marked by `operation` (not a registry name: only this test's rows). */
async function insert(rows: number, status: string, ageDays: number, operation: string) {
  await ops.stack.query(
    `insert into app.pending_operations (user_op_hash, sender, operation, subject, status, verified_at, created_at, updated_at)
     select '0x' || encode(sha256(convert_to($1::text || $2::text || $3::int || '/' || i, 'UTF8')), 'hex'), '0x000000000000000000000000000000000000dEaD', $1::text,
            '{"chapterId":"1"}', $2::text, now() - make_interval(days => $3::int), now() - make_interval(days => $3::int), now() - make_interval(days => $3::int)
     from generate_series(1, $4::int) as i`,
    [operation, status, ageDays, rows],
  );
}

/** A member's real operation, registered through the production server as the browser does. */
async function registerOne() {
  const sent = await ops.sendOperation(await ops.stack.wallet.account(), APPLY, ARGS);
  const response = await fetch(`${ops.stack.appUrl}/api/operations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userOpHash: sent.hash, sender: sent.sender, operation: APPLY, args: ARGS, userOperation: sent.userOperation }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

it("each registration deletes up to a batch of records past the retention window, whatever their status, and no page is invalidated by it", async () => {
  // Imported once the stack's environment is set (the app's modules read it on load).
  const { OPERATION_RETENTION_DAYS, PRUNE_BATCH } = await import("../../../app/services/operations/retention.server.js");
  const old = OPERATION_RETENTION_DAYS + 1;
  await insert(PRUNE_BATCH * 0.6, "final", old, "old");
  await insert(PRUNE_BATCH * 0.6, "failed", old, "old");
  await insert(PRUNE_BATCH * 0.3, "signed", old, "old"); // never followed to an end
  await insert(5, "final", OPERATION_RETENTION_DAYS - 1, "kept");
  await insert(5, "signed", 0, "kept");
  expect(await count("operation = 'old'")).toBe(PRUNE_BATCH * 1.5);

  const before = await pageVersion();
  await registerOne();
  expect(await count("operation = 'old'")).toBe(PRUNE_BATCH * 0.5);
  // The registration's own insert is the only change a page sees.
  expect(await pageVersion()).toBe(before + 1n);

  await registerOne();
  expect(await count("operation = 'old'")).toBe(0);
  expect(await count("operation = 'kept'")).toBe(10);
  expect(await pageVersion()).toBe(before + 2n);
});

it("a delete invalidates pages only when it removes a row a page can show", async () => {
  await insert(1, "final", 0, "finished");
  await insert(1, "signed", 0, "pending");
  const before = await pageVersion();
  await ops.stack.query("delete from app.pending_operations where operation = 'finished'");
  expect(await pageVersion()).toBe(before);
  await ops.stack.query("delete from app.pending_operations where operation = 'pending'");
  expect(await pageVersion()).toBe(before + 1n);
});
