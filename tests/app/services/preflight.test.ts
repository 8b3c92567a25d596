/**
 * The preflight through the action, against a real anvil with the common world of the contract
 * tests (tests/contracts/helpers.ts `seedWorld`) plus evaluation 1 of chapter 1:
 * - every operation succeeds for someone allowed: 200, and its calls, sent by that account, succeed;
 * - every custom error of the contract comes back as 422 with its name and SPEC 8's text;
 * - a chain that does not answer is a 503.
 */
import { zeroAddress, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { addChapters, BERLIN, mined, seedWorld } from "../../contracts/helpers.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI } from "../../fixtures/accounts.js";
import type { TestChain } from "../../setup/chain.js";
import { post, useActionChain } from "../calls/action.js";

const CID_V0 = "QmZ8FiZ68hrjjWib7SiDdFpXaANUxKCAUZPkhYSmYxyvgY";
// A dag-pb CIDv1 (the same block as CID_V0): a raw-codec one is refused before any call is built.
const CID_V1 = "bafybeifaiolmudnckpjcohemdzprm22gsysvjglx3jybyzoet2xkx3mlpe";
const DIGEST: Hex = `0x${"ab".repeat(32)}`;
const ZERO32 = `0x${"00".repeat(32)}`;
const [A, B, C, D, E, F, G, H] = [ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI].map((a) => a.address);

async function seed(tc: TestChain) {
  await seedWorld(tc);
  await mined(tc, tc.party(ADMIN).write.mintEvaluation([1n, 0x12, 32, DIGEST]));
}

// The apply gate asks the database (tests/app/services/apply-gate.test.ts); here every applicant has read /before-applying.
vi.mock("../../../app/models/disclosures.server", () => ({ hasConfirmedDisclosure: async () => true }));

const ctx = useActionChain(seed);

type Row = [operation: string, from: PrivateKeyAccount, args: Record<string, unknown>];

const allowed: Row[] = [
  ["applyForChapterMembership", FRANK, { chapterId: "1" }],
  ["addMemberToParty", ALICE, { accounts: [F, G] }],
  ["recommendForChapterMembership", BOB, { accounts: [D] }],
  ["updateMemberApplicationForChapter", BOB, { account: D, approved: true }],
  ["updateMemberApplicationForChapter", ALICE, { account: D, approved: "false" }],
  ["leaveChapter", BOB, {}],
  ["leaveParty", ERIN, {}],
  ["promoteChapterExecutive", ALICE, { account: H, chapterId: 2 }],
  ["demoteChapterExecutive", ALICE, { account: B, chapterId: 1 }],
  ["promotePartyExecutive", ADMIN, { account: E }],
  ["demotePartyExecutive", ADMIN, { account: A }],
  ["removeChapter", ADMIN, { chapterId: 3 }],
  ["removeMemberFromChapter", CAROL, { account: H }],
  ["removeMemberFromParty", ALICE, { account: E }],
  ["addChapterToParty", ADMIN, { chapters: [{ applicants: [F, G], location: "Köln", x: 1, y: 2 }, { applicants: [], location: "Bonn", x: 3, y: 4 }] }],
  ["vote", BOB, { evaluationId: 1, score: -7 }],
  ["vote", ALICE, { evaluationId: "1", score: 127 }],
  ["mintEvaluation", ADMIN, { chapterId: 2, cid: CID_V0 }],
  ["mintEvaluation", ADMIN, { chapterId: 2, hashCode: 0x55, hashSize: 20, hashDigest: DIGEST }],
  ["sendInfo", ADMIN, { eventName: "Parteitag 2025", infoType: 3, cid: CID_V1 }],
  ["updateChapterLocation", ADMIN, { chapterId: 1, location: "Berlin-Mitte", x: 11, y: 21 }],
  ["setCentralCommitteeMember", ADMIN, { chapterId: 1, account: A }],
  ["setCentralCommitteeMember", ADMIN, { chapterId: 1, account: zeroAddress }],
  ["setPartyAdmin", ADMIN, { holder: F }],
  ["setChapterAdmin", ADMIN, { holder: F }],
  ["setEvaluationMinter", ADMIN, { holder: F }],
  ["setInfoSender", ADMIN, { holder: F }],
];

describe("allowed calls", () => {
  let snapshot: Hex;
  beforeEach(async () => void (snapshot = await ctx.tc.snapshot()));
  afterEach(() => ctx.tc.revert(snapshot));

  it.each(allowed.map(([operation, from, args]) => ({ operation, from, args, who: from.address.slice(0, 8) })))(
    "$operation from $who: 200, and the calls succeed when that account sends them",
    async ({ operation, from, args }) => {
      const { status, body } = await post(operation, { from: from.address.toLowerCase(), args });
      expect(status, JSON.stringify(body)).toBe(200);
      const calls = body.calls as { to: Address; data: Hex; value: string }[];
      expect(body.operation).toBe(operation);
      expect(calls).toHaveLength(1);
      for (const { to, data, value } of calls) {
        expect(to).toBe(ctx.tc.address);
        expect(value).toBe("0");
        await mined(ctx.tc, ctx.tc.walletFor(from).sendTransaction({ to, data, value: BigInt(value) }));
      }
    },
  );

  it("the sent calls did what they say (FRANK applied to chapter 1)", async () => {
    const { body } = await post("applyForChapterMembership", { from: F, args: { chapterId: 1 } });
    const [{ to, data }] = body.calls as { to: Address; data: Hex }[];
    await mined(ctx.tc, ctx.tc.walletFor(FRANK).sendTransaction({ to, data }));
    expect(await ctx.tc.read.read.applicationChapter([F])).toBe(1n);
  });

  it("an empty batch needs no check and no call: 200 with calls []", async () => {
    expect(await post("addChapterToParty", { from: G, args: { chapters: [] } })).toEqual({ status: 200, body: { operation: "addChapterToParty", calls: [] } });
  });
});

const refused: [...Row, error: string][] = [
  ["applyForChapterMembership", DAVE, { chapterId: 2 }, "AlreadyApplied"],
  ["applyForChapterMembership", ALICE, { chapterId: 2 }, "AlreadyJoined"],
  ["applyForChapterMembership", FRANK, { chapterId: 99 }, "NotAChapter"],
  ["addMemberToParty", FRANK, { accounts: [G] }, "NotAnExecutive"],
  ["addMemberToParty", ALICE, { accounts: [G, E] }, "AlreadyJoined"],
  ["addMemberToParty", ALICE, { accounts: [zeroAddress] }, "InvalidInput"],
  ["recommendForChapterMembership", FRANK, { accounts: [D] }, "NotAMember"],
  ["recommendForChapterMembership", CAROL, { accounts: [D] }, "HasNotApplied"],
  ["updateMemberApplicationForChapter", BOB, { account: F, approved: true }, "HasNotApplied"],
  ["updateMemberApplicationForChapter", CAROL, { account: D, approved: true }, "NotAnExecutive"],
  ["leaveChapter", ERIN, {}, "NotAMember"],
  ["leaveParty", FRANK, {}, "NotAMember"],
  ["promoteChapterExecutive", BOB, { account: H, chapterId: 2 }, "NotAnExecutive"],
  ["promoteChapterExecutive", ALICE, { account: H, chapterId: 1 }, "NotAMember"],
  ["promoteChapterExecutive", ALICE, { account: B, chapterId: 1 }, "InvalidInput"],
  ["promoteChapterExecutive", ALICE, { account: H, chapterId: 99 }, "NotAChapter"],
  ["demoteChapterExecutive", ALICE, { account: H, chapterId: 2 }, "NotAnExecutive"],
  ["promotePartyExecutive", FRANK, { account: E }, "NotAnAdmin"],
  ["promotePartyExecutive", ADMIN, { account: F }, "NotAMember"],
  ["promotePartyExecutive", ADMIN, { account: A }, "InvalidInput"],
  ["demotePartyExecutive", ADMIN, { account: B }, "NotAnExecutive"],
  ["removeChapter", ALICE, { chapterId: 3 }, "NotAnAdmin"],
  ["removeChapter", ADMIN, { chapterId: 1 }, "InvalidInput"],
  ["removeChapter", ADMIN, { chapterId: 99 }, "NotAChapter"],
  ["removeMemberFromChapter", CAROL, { account: A }, "NotAnExecutive"],
  ["removeMemberFromChapter", ALICE, { account: E }, "NotAMember"],
  ["removeMemberFromParty", BOB, { account: E }, "NotAnExecutive"],
  ["removeMemberFromParty", ALICE, { account: F }, "NotAMember"],
  ["addChapterToParty", ALICE, { chapters: [{ applicants: [], location: "Bonn", x: 0, y: 0 }] }, "NotAnAdmin"],
  ["addChapterToParty", ADMIN, { chapters: [{ applicants: [D], location: "Bonn", x: 0, y: 0 }] }, "AlreadyApplied"],
  ["addChapterToParty", ADMIN, { chapters: [{ applicants: [F, A], location: "Bonn", x: 0, y: 0 }] }, "AlreadyJoined"],
  ["addChapterToParty", ADMIN, { chapters: [{ applicants: [], location: ZERO32, x: 0, y: 0 }] }, "InvalidInput"],
  ["vote", ALICE, { evaluationId: 99, score: 1 }, "NotAnEvaluation"],
  ["vote", CAROL, { evaluationId: 1, score: 1 }, "NotAMember"],
  ["mintEvaluation", FRANK, { chapterId: 1, cid: CID_V0 }, "NotAnAdmin"],
  ["mintEvaluation", ADMIN, { chapterId: 99, cid: CID_V0 }, "NotAChapter"],
  ["mintEvaluation", ADMIN, { chapterId: 1, hashCode: 0x12, hashSize: 0, hashDigest: DIGEST }, "InvalidInput"],
  ["sendInfo", FRANK, { eventName: "x", infoType: 0, cid: CID_V0 }, "NotAnAdmin"],
  ["sendInfo", ADMIN, { eventName: "x", infoType: 0, hashCode: 0x12, hashSize: 32, hashDigest: ZERO32 }, "InvalidInput"],
  ["updateChapterLocation", FRANK, { chapterId: 1, location: "Bonn", x: 0, y: 0 }, "NotAnAdmin"],
  ["updateChapterLocation", ADMIN, { chapterId: 99, location: "Bonn", x: 0, y: 0 }, "NotAChapter"],
  ["updateChapterLocation", ADMIN, { chapterId: 1, location: ZERO32, x: 0, y: 0 }, "InvalidInput"],
  ["setCentralCommitteeMember", FRANK, { chapterId: 1, account: A }, "NotAnAdmin"],
  ["setCentralCommitteeMember", ADMIN, { chapterId: 99, account: A }, "NotAChapter"],
  ["setCentralCommitteeMember", ADMIN, { chapterId: 1, account: C }, "NotAMember"],
  ["setPartyAdmin", FRANK, { holder: F }, "NotAnAdmin"],
  ["setPartyAdmin", ADMIN, { holder: zeroAddress }, "InvalidInput"],
  ["setChapterAdmin", ALICE, { holder: F }, "NotAnAdmin"],
  ["setEvaluationMinter", ALICE, { holder: F }, "NotAnAdmin"],
  ["setInfoSender", ADMIN, { holder: zeroAddress }, "InvalidInput"],
];

describe("refused calls", () => {
  it.each(refused.map(([operation, from, args, error]) => ({ operation, from, args, error, who: from.address.slice(0, 8) })))(
    "$operation from $who: 422 $error",
    async ({ operation, from, args, error }) => {
      expect(await post(operation, { from: from.address, args })).toEqual({
        status: 422,
        body: { error, message: `Transaction reverted: ${error}`, key: "wallet.reverted", values: expect.objectContaining({ name: error }) },
      });
    },
  );

  it("covers every custom error the operations can raise", () => {
    const raised = new Set(refused.map((row) => row[3]));
    const expected = ["AlreadyApplied", "AlreadyJoined", "HasNotApplied", "InvalidInput", "NotAChapter", "NotAMember", "NotAnAdmin", "NotAnEvaluation", "NotAnExecutive"];
    expect([...raised].sort()).toEqual(expected);
    // Every operation is refused at least once.
    expect(new Set(refused.map((row) => row[0]))).toEqual(new Set(allowed.map((row) => row[0])));
  });

  it("a chapter added after a refusal is seen at once (no caching of chain state)", async () => {
    expect((await post("applyForChapterMembership", { from: F, args: { chapterId: 4 } })).body.error).toBe("NotAChapter");
    const snapshot = await ctx.tc.snapshot();
    await addChapters(ctx.tc, [{ founders: [], location: BERLIN, x: 0, y: 0 }]);
    expect((await post("applyForChapterMembership", { from: F, args: { chapterId: 4 } })).status).toBe(200);
    await ctx.tc.revert(snapshot);
  });
});

describe("chain not reachable", () => {
  afterEach(() => ctx.proxy.restore());

  it("503 with a message, and the next request works again once it is back", async () => {
    ctx.proxy.cut();
    const { status, body } = await post("applyForChapterMembership", { from: F, args: { chapterId: 1 } });
    expect(status).toBe(503);
    expect(body).toEqual({
      message: "The chain is not reachable right now, so the call could not be checked. Try again in a few seconds.",
      key: "refusals.preflightUnavailable",
      values: {},
    });
    ctx.proxy.restore();
    expect((await post("applyForChapterMembership", { from: F, args: { chapterId: 1 } })).status).toBe(200);
  });

  it("invalid input is still a 400, not a 503 (validation needs no chain)", async () => {
    ctx.proxy.cut();
    expect((await post("applyForChapterMembership", { from: F, args: { chapterId: 0 } })).status).toBe(400);
  });
});
