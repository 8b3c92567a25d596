/**
 * Analytics with a write key, against a local endpoint standing in for Segment's API: what the
 * library posts for the commands (batches of at most 10, flushed when full and after 5 s), the
 * salted user id, and that no address, Telegram id or name reaches the recorded JSON.
 */
import { createHmac } from "node:crypto";
import { ALICE, BOB } from "../../fixtures/accounts.js";
import { post, signedBody, startRecorder, telegramLogin, telegramParams, tokenFrom, unsignedBody, useIdentity, waitFor } from "../../setup/identity.js";

const WRITE_KEY = "test-write-key";
const SALT = "identity-tests-analytics-salt";
const recorder = await startRecorder();
const id = useIdentity({ env: { SEGMENT_WRITE_KEY: WRITE_KEY, SEGMENT_HOST: recorder.url, ANALYTICS_SALT: SALT } });
let analytics: typeof import("../../../app/utils/analytics.server.js");

beforeAll(async () => {
  analytics = await import("../../../app/utils/analytics.server.js");
});
afterAll(async () => {
  await recorder.close();
});

type SegmentEvent = { type: string; event: string; userId?: string; anonymousId?: string; properties: Record<string, unknown>; messageId: string };
type Batch = { batch: SegmentEvent[]; writeKey: string; sentAt: string };
const batches = () => recorder.requests.map((r) => r.body as Batch);
const events = () => batches().flatMap((b) => b.batch);

describe("events of the command flow", () => {
  const aliceId = createHmac("sha256", SALT).update(ALICE.address.toLowerCase()).digest("hex");
  const login = telegramLogin({ id: "987654321", first_name: "Alice", last_name: "Liddell", username: "alice_party", auth_date: String(Math.floor(Date.now() / 1000) - 30) });
  /** When the request with the 11th event, the first of the second batch, was sent. */
  let secondBatchStartedAt = 0;

  it("sends a full batch of 10 at once, without waiting for the interval", async () => {
    expect(analytics.analyticsEnabled()).toBe(true);
    // log_in: "command sent" and "signed in".
    const token = tokenFrom((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body)).setCookie);
    // register_telegram: "command sent", with Telegram's id and names in the params.
    expect((await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(login)), { token })).status).toBe(200);
    // Nine more: 12 events in all.
    for (let i = 0; i < 9; i++) {
      if (i === 7) secondBatchStartedAt = Date.now();
      expect((await post(id.route, unsignedBody(ALICE.address, "set_telegram_visibility", [i % 2 ? "true" : "false"]), { token })).status).toBe(200);
    }
    await waitFor(() => recorder.requests.length >= 1, 3_000, "the first batch");
    expect(batches()[0]!.batch).toHaveLength(10);
  });

  it("sends the rest after the 5 s flush interval", async () => {
    // Nothing else is tracked or flushed meanwhile: only the interval can send the rest.
    await waitFor(() => events().length >= 12, 30_000, "the second batch");
    // Its timer starts with its first event; a slow machine only makes it later.
    expect(Date.now() - secondBatchStartedAt).toBeGreaterThanOrEqual(4_990);
    expect(batches().map((b) => b.batch.length)).toEqual([10, 2]);
  });

  it("posts batches to /v1/batch with the write key, each at most 10 events", () => {
    for (const request of recorder.requests) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/v1/batch");
      const body = request.body as Batch;
      expect(body.writeKey).toBe(WRITE_KEY);
      expect(body.batch.length).toBeLessThanOrEqual(10);
    }
  });

  it("records the domain events, with the salted hash as the user id", () => {
    const all = events();
    expect(all.map((e) => e.event).sort()).toEqual([...Array(11).fill("command sent"), "signed in"].sort());
    for (const event of all) {
      expect(event.type).toBe("track");
      expect(event.userId).toBe(aliceId);
      expect(event.anonymousId).toBeUndefined();
    }
    expect(all.find((e) => e.event === "signed in")!.properties).toEqual({ method: "signature" });
    expect(all.filter((e) => e.event === "command sent").map((e) => e.properties.command)).toEqual([
      "log_in",
      "register_telegram",
      ...Array(9).fill("set_telegram_visibility"),
    ]);
    for (const event of all) expect(Object.keys(event.properties).every((k) => (analytics.ALLOWED_PROPERTIES as readonly string[]).includes(k))).toBe(true);
  });

  it("carries no address, Telegram id or name anywhere in what was sent", () => {
    const sent = recorder.requests.map((r) => `${JSON.stringify(r.headers)}\n${r.text}`).join("\n").toLowerCase();
    for (const secret of [ALICE.address, ALICE.address.slice(2), "987654321", "alice_party", "alice", "liddell", login.hash]) {
      expect(sent).not.toContain(secret.toLowerCase());
    }
  });
});

describe("track()", () => {
  it("keeps only allowed keys with harmless values", async () => {
    const before = events().length;
    analytics.track("voted", { evaluationId: 3n, chapterId: 7, approved: true, operation: BOB.address, command: "x".repeat(65) }, BOB.address);
    // Keys outside the allowlist do not type-check; at run time they are dropped too.
    analytics.track("applied", { chapterId: 2, ...({ name: "Bob", telegramId: 111, account: BOB.address } as object) }, BOB.address);
    analytics.track("recommended", { chapterId: 2 });
    await analytics.flushAnalytics();
    await waitFor(() => events().length >= before + 3, 8_000, "the tracked events");
    const [voted, applied, recommended] = events().slice(before);
    expect(voted!.properties).toEqual({ evaluationId: "3", chapterId: 7, approved: true });
    expect(voted!.userId).toBe(createHmac("sha256", SALT).update(BOB.address.toLowerCase()).digest("hex"));
    expect(applied!.properties).toEqual({ chapterId: 2 });
    // Without a user, a random anonymous id.
    expect(recommended!.userId).toBeUndefined();
    expect(recommended!.anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    const sent = recorder.requests.map((r) => r.text).join("\n").toLowerCase();
    expect(sent).not.toContain(BOB.address.slice(2).toLowerCase());
  });

  it("sanitizeProperties drops unknown keys, 0x values, long or odd strings and non-finite numbers", () => {
    expect(
      analytics.sanitizeProperties({
        command: "log_in",
        operation: "0xabc",
        method: "a b\nc",
        outcome: "x".repeat(64),
        chapterId: Number.NaN,
        evaluationId: 12n,
        count: 3,
        approved: false,
        address: "0x1",
        username: "alice",
      }),
    ).toEqual({ command: "log_in", outcome: "x".repeat(64), evaluationId: "12", count: 3, approved: false });
  });
});
