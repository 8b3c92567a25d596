/**
 * Without SEGMENT_WRITE_KEY, an operation still registers and reaches indexed as usual, and
 * nothing is sent to the (local stand-in for) Segment's API, not even after the flush interval.
 */
import { ADMIN, BOB } from "../../fixtures/accounts.js";
import { startRecorder } from "../../setup/identity.js";
import { loc, useOperationsStack } from "../routes/api.operations.setup.js";

const recorder = await startRecorder();
// A host and a salt, but no write key.
delete process.env.SEGMENT_WRITE_KEY;
Object.assign(process.env, { SEGMENT_HOST: recorder.url, ANALYTICS_SALT: "operations-analytics-test-salt" });
const ops = useOperationsStack();
afterAll(() => recorder.close());

it("sends nothing, and the operation is registered and indexed", async () => {
  await ops.stack.send(ADMIN, "addChapterToParty", [[[BOB.address]], [loc("Berlin")], [1], [3]]);
  const [account] = await ops.newAccounts(1);
  const sent = await ops.sendOperation(account!, "applyForChapterMembership", { chapterId: "1" });
  expect((await ops.register(sent, "applyForChapterMembership", { chapterId: "1" }, { clickedAt: Date.now() })).status).toBe(201);
  await ops.pollUntil(sent.hash, "indexed");
  await ops.stack.testClient.mine({ blocks: 3 });
  await ops.pollUntil(sent.hash, "final");

  const analytics = await import("../../../app/utils/analytics.server.js");
  await analytics.flushAnalytics();
  expect(analytics.analyticsEnabled()).toBe(false);
  // Longer than the flush interval.
  await new Promise((r) => setTimeout(r, 5_500));
  expect(recorder.requests).toEqual([]);
  expect(analytics.analyticsErrorCount()).toBe(0);
});
