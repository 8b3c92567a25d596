/**
 * A new operation is one entry of the table (app/calls/index.ts) and nothing else: this file adds
 * a made-up one, "foundChapter" (one new chapter with one founder, sent as addChapterToParty), and
 * POST /api/calls, its schema's 400, the pending badge, the analytics event and whom its control
 * is offered to all pick it up.
 */
import { decodeFunctionData, getAddress } from "viem";
import { z } from "zod";
import { partyAbi } from "../../../abis/party.js";
import { operations, pendingBadge, permissionsOf } from "../../../app/calls/index.js";
import { address } from "../../../app/calls/fields.js";
import { encodeLocation } from "../../../app/calls/location.js";
import { defineOperation, partyFunction } from "../../../app/calls/operation.js";
import type { Row } from "../../../app/services/operations/records.server.js";
import { outcomeEvent } from "../../../app/services/operations/outcome.server.js";
import { holdersOf, type ViewerFacts } from "../../../app/ground/audience.js";
import { ADMIN, ALICE, BOB } from "../../fixtures/accounts.js";
import { post, useActionChain } from "./action.js";

const foundChapter = defineOperation({
  schema: z.object({ founder: address }),
  build: partyFunction("addChapterToParty", ({ founder }) => [[[founder]], [encodeLocation("Neustadt")!], [7], [9]]),
  badge: "application",
  event: "applied",
  who: holdersOf("chapterAdmin"),
});

useActionChain();
beforeAll(() => void Object.assign(operations, { foundChapter }));
afterAll(() => void delete (operations as Record<string, unknown>).foundChapter);

it("POST /api/calls/foundChapter checks the args with its schema and answers its calls, checked against the chain", async () => {
  expect(await post("foundChapter", { from: ADMIN.address, args: {} })).toEqual({
    status: 400,
    body: { field: "args.founder", message: "args.founder: is required" },
  });
  const { status, body } = await post("foundChapter", { from: ADMIN.address, args: { founder: ALICE.address.toLowerCase() } });
  expect(status).toBe(200);
  const [call] = body.calls as { to: string; data: `0x${string}`; value: string }[];
  expect(decodeFunctionData({ abi: partyAbi, data: call!.data })).toMatchObject({ functionName: "addChapterToParty", args: [[[ALICE.address]], [encodeLocation("Neustadt")], [7], [9]] });
  // Not the chapter admin: the preflight's revert, as for any operation.
  expect(await post("foundChapter", { from: BOB.address, args: { founder: ALICE.address } })).toMatchObject({ status: 422 });
});

it("a pending one shows its badge, and one that ended sends its event with its subject's ids", () => {
  const subject = { account: getAddress(ALICE.address) };
  expect(pendingBadge({ operation: "foundChapter", subject })).toEqual({ key: "pending.application" });
  const row = { operation: "foundChapter", subject, status: "indexed", createdAt: new Date(0), clickedAt: null } as unknown as Row;
  expect(outcomeEvent(row, 1_500)).toEqual({ event: "applied", properties: { operation: "foundChapter", outcome: "indexed", durationMs: 1_500 } });
});

it("its control is offered to whom its `who` says: here the chapter admin", () => {
  const viewer: ViewerFacts = {
    address: ADMIN.address,
    chapterId: null,
    status: "none",
    partyMember: false,
    partyExecutive: false,
    executiveOf: null,
    centralCommitteeOf: [],
    pendingApplicationChapterId: null,
    holds: ["chapterAdmin"],
    proposedPartyAdmin: false,
  };
  expect(permissionsOf(viewer)).toMatchObject({ foundChapter: true, addChapterToParty: true });
  expect(permissionsOf({ ...viewer, holds: [] })).not.toHaveProperty("foundChapter");
});
