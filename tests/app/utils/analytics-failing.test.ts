/**
 * Analytics while the endpoint answers 500: the requests succeed without waiting for it, the
 * library retries the batch (10 retries), and the failure is swallowed and logged once.
 */
import { ALICE } from "../../fixtures/accounts.js";
import { post, signedBody, startRecorder, tokenFrom, unsignedBody, useIdentity, waitFor } from "../../setup/identity.js";

const recorder = await startRecorder(500);
const id = useIdentity({
  env: { SEGMENT_WRITE_KEY: "test-write-key", SEGMENT_HOST: recorder.url, ANALYTICS_SALT: "identity-tests-analytics-salt" },
});
afterAll(() => recorder.close());

it("keeps answering while every delivery fails, retries 10 times, logs once", async () => {
  const analytics = await import("../../../app/utils/analytics.server.js");
  const warn = vi.spyOn(console, "warn");
  const token = tokenFrom((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body)).setCookie);
  // 2 + 18 events: two full batches, both failing.
  for (let i = 0; i < 18; i++) {
    // The endpoint answers nothing while the request is handled: one that waited for a delivery
    // (the 8th and the 18th fill a batch) would not get its answer.
    recorder.hold();
    const answer = await post(id.route, unsignedBody(ALICE.address, "log_in"), { token });
    recorder.release();
    expect(answer.status).toBe(200);
  }
  await waitFor(() => recorder.requests.length >= 2, 3_000, "the first attempts");

  // Each batch is tried 1 + 10 times (backoff up to 1 s), then given up.
  await waitFor(() => analytics.analyticsErrorCount() >= 20, 30_000, "both batches to fail for good");
  expect(recorder.requests).toHaveLength(22);
  const ids = (i: number) => (recorder.requests[i]!.body as { batch: { messageId: string }[] }).batch.map((e) => e.messageId).join();
  const distinct = new Set(recorder.requests.map((_, i) => ids(i)));
  expect(distinct.size).toBe(2);

  const logged = warn.mock.calls.filter(([text]) => String(text).startsWith("analytics:"));
  expect(logged).toHaveLength(1);
  expect(String(logged[0]![0])).toMatch(/^analytics: delivery failed, further failures are not logged: \[500\]/);

  // Still serving.
  expect((await post(id.route, unsignedBody(ALICE.address, "log_in"), { token })).status).toBe(200);
  warn.mockRestore();
});
