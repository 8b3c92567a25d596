/**
 * Analytics without SEGMENT_WRITE_KEY: no client is created, nothing is sent (not even after the
 * flush interval), and the commands succeed as usual.
 */
import { ALICE } from "../../fixtures/accounts.js";
import { post, signedBody, startRecorder, tokenFrom, unsignedBody, useIdentity } from "../../setup/identity.js";

const recorder = await startRecorder();
// A host and a salt, but no write key.
const id = useIdentity({ env: { SEGMENT_HOST: recorder.url, ANALYTICS_SALT: "identity-tests-analytics-salt" } });
afterAll(() => recorder.close());

it("sends nothing and the requests still succeed", async () => {
  const analytics = await import("../../../app/utils/analytics.server.js");
  const token = tokenFrom((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body)).setCookie);
  for (let i = 0; i < 11; i++) {
    expect((await post(id.route, unsignedBody(ALICE.address, "log_in"), { token })).status).toBe(200);
  }
  analytics.track("voted", { evaluationId: 1 }, ALICE.address);
  await analytics.flushAnalytics();
  expect(analytics.analyticsEnabled()).toBe(false);
  // Longer than the flush interval.
  await new Promise((r) => setTimeout(r, 5_500));
  expect(recorder.requests).toEqual([]);
  expect(analytics.analyticsErrorCount()).toBe(0);
});
