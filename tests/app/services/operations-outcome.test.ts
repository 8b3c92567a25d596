/** The event an ended operation sends (outcome.server.ts): its name, properties and click time, without a stack. */
import type { Row } from "../../../app/services/operations/records.server.js";
import { CLICK_MAX_AGE_MS, CLICK_SKEW_MS, clickTime, endsOperation, outcomeEvent } from "../../../app/services/operations/outcome.server.js";
import { ALICE, BOB } from "../../fixtures/accounts.js";

const clicked = Date.parse("2025-01-01T12:00:00Z");
const row = (fields: Partial<Row>): Row => ({
  userOpHash: `0x${"ab".repeat(32)}`,
  sender: ALICE.address,
  operation: "vote",
  subject: {},
  status: "indexed",
  transactionHash: null,
  blockNumber: null,
  error: null,
  createdAt: new Date(clicked + 2_000),
  updatedAt: new Date(clicked + 2_000),
  clickedAt: new Date(clicked),
  ...fields,
});

describe("outcomeEvent", () => {
  it("keeps the declared names for the member steps, a rejection as approved: false with the count of applicants", () => {
    expect(outcomeEvent(row({ operation: "vote", subject: { evaluationId: "4" } }), clicked + 7_500)).toEqual({
      event: "voted",
      properties: { operation: "vote", outcome: "indexed", evaluationId: "4", durationMs: 7_500 },
    });
    const reject = row({ operation: "updateMemberApplicationForChapter", subject: { accounts: [ALICE.address, BOB.address], approved: false } });
    expect(outcomeEvent(reject, clicked + 1_000)).toEqual({
      event: "approved",
      properties: { operation: "updateMemberApplicationForChapter", outcome: "indexed", approved: false, count: 2, durationMs: 1_000 },
    });
    expect(outcomeEvent(row({ operation: "recommendForChapterMembership", subject: { chapterId: "2", account: BOB.address } }), clicked).event).toBe("recommended");
  });

  it("sends operation ended for the others, failed as outcome failed, and no account", () => {
    const { event, properties } = outcomeEvent(row({ operation: "removeMemberFromChapter", status: "failed", subject: { chapterId: "3", account: BOB.address } }), clicked + 10);
    expect(event).toBe("operation ended");
    expect(properties).toEqual({ operation: "removeMemberFromChapter", outcome: "failed", chapterId: "3", durationMs: 10 });
  });

  it("counts from the registration for rows without a click time, never below zero", () => {
    expect(outcomeEvent(row({ clickedAt: null }), clicked + 5_000).properties.durationMs).toBe(3_000);
    expect(outcomeEvent(row({}), clicked - 1_000).properties.durationMs).toBe(0);
  });
});

describe("clickTime", () => {
  const registered = clicked + 60_000;
  it("takes the browser's time within the skew ahead and the maximum age behind", () => {
    for (const at of [clicked, registered + CLICK_SKEW_MS, registered - CLICK_MAX_AGE_MS]) expect(clickTime(at, registered).getTime()).toBe(at);
  });
  it("falls back to the registration time when missing, too far ahead or too old", () => {
    for (const at of [undefined, registered + CLICK_SKEW_MS + 1, registered - CLICK_MAX_AGE_MS - 1, 0]) expect(clickTime(at, registered).getTime()).toBe(registered);
  });
});

it("endsOperation: only the move out of signed or included into indexed, final or failed", () => {
  expect(endsOperation("signed", "indexed")).toBe(true);
  expect(endsOperation("included", "final")).toBe(true);
  expect(endsOperation("signed", "failed")).toBe(true);
  expect(endsOperation("signed", "included")).toBe(false);
  expect(endsOperation("indexed", "final")).toBe(false);
  expect(endsOperation("indexed", "failed")).toBe(false);
});
