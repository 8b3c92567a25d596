/**
 * POST /api/calls/:operation input validation, table-driven: for every field of every operation,
 * missing / wrong type / out of range gives a 400 whose `field` is the field's path and whose
 * message starts with it. Also: unknown operation 404, malformed body 400, not POST 405, form data.
 */
import { ADMIN, ALICE, FRANK } from "../../fixtures/accounts.js";
import { post, send, useActionChain } from "./action.js";

// The apply gate asks the database (tests/app/services/apply-gate.test.ts); here every applicant has read /before-applying.
vi.mock("../../../app/models/disclosures.server", () => ({ hasConfirmedDisclosure: async () => true }));

useActionChain();

const MISSING = Symbol("missing");
const A = ALICE.address;
const DIGEST = `0x${"ab".repeat(32)}`;
const CID = "QmZ8FiZ68hrjjWib7SiDdFpXaANUxKCAUZPkhYSmYxyvgY";

const REQUIRED = "is required";
const CHAPTER = "must be a whole number from 1 to 2^128-1";
const EVALUATION = "must be a whole number from 1 to 2^256-1";
const SCORE = "must be a whole number from -128 to 127";
const COORD = "must be a whole number from 0 to 65535";
const U8 = "must be a whole number from 0 to 255";
const ADDRESS = "must be an address (0x followed by 40 hex digits)";
const BOOL = "must be true or false";
const BYTES32 = "must be 32 bytes: 0x followed by 64 hex digits";
const LOCATION = "must be a place name of at most 32 bytes (UTF-8), or 0x followed by 64 hex digits";
const EVENT = "must be text of 1 to 64 bytes (UTF-8)";
const CID_MESSAGE = "must be a CIDv0 (Qm…) or a CIDv1 (bafy…) of a file added to IPFS";
const PART = "is required (or give cid)";

/** A bad value, the message after "<field>: ", and the field path when it is not args.<name>. */
type Bad = [value: unknown, message: string, field?: string];

const chapterIdBad: Bad[] = [
  [MISSING, REQUIRED], [null, REQUIRED], ["", REQUIRED], ["seven", CHAPTER], [true, CHAPTER], [{}, CHAPTER], [0, CHAPTER],
  ["-1", CHAPTER], [1.5, CHAPTER], ["1e3", CHAPTER], [2 ** 60, CHAPTER], [String(2n ** 128n), CHAPTER],
];
const evaluationIdBad: Bad[] = [[MISSING, REQUIRED], ["x", EVALUATION], [0, EVALUATION], [false, EVALUATION], [String(2n ** 256n), EVALUATION]];
const scoreBad: Bad[] = [[MISSING, REQUIRED], [-129, SCORE], [128, SCORE], ["1.5", SCORE], ["ten", SCORE], [[], SCORE]];
const coordBad: Bad[] = [[MISSING, REQUIRED], [-1, COORD], [65536, COORD], ["north", COORD], [0.5, COORD]];
const u8Bad: Bad[] = [[MISSING, REQUIRED], [-1, U8], [256, U8], ["x", U8]];
const addressBad: Bad[] = [[MISSING, REQUIRED], ["0x123", ADDRESS], [42, ADDRESS], [`0x${"g".repeat(40)}`, ADDRESS], [[A], ADDRESS]];
const boolBad: Bad[] = [[MISSING, REQUIRED], ["yes", BOOL], [1, BOOL], ["TRUE", BOOL]];
const accountsBad: Bad[] = [
  [MISSING, REQUIRED], [42, "must be a list of addresses"], [{}, "must be a list of addresses"],
  [[A, "0xbad"], ADDRESS, "args.accounts.1"], ["0xbad", ADDRESS, "args.accounts.0"],
  [Array(201).fill(A), "must have at most 200 entries"],
];
const locationBad: Bad[] = [[MISSING, REQUIRED], ["x".repeat(33), LOCATION], ["ü".repeat(17), LOCATION], ["   ", LOCATION], [5, LOCATION]];
const partBad = (bad: Bad[]): Bad[] => bad.map(([value, message]) => [value, value === MISSING ? PART : message]);

const chapter = { applicants: [A], location: "Berlin", x: 10, y: 20 };
const chaptersBad: Bad[] = [
  [MISSING, REQUIRED], [42, "must be a list of chapters"], [Array(201).fill(chapter), "must have at most 200 entries"],
  [[42], "must be a chapter: { applicants, location, x, y }", "args.chapters.0"],
  [[{ ...chapter, applicants: undefined }], REQUIRED, "args.chapters.0.applicants"],
  [[{ ...chapter, applicants: ["0xbad"] }], ADDRESS, "args.chapters.0.applicants.0"],
  [[{ ...chapter, applicants: 7 }], "must be a list of addresses", "args.chapters.0.applicants"],
  [[{ ...chapter, location: undefined }], REQUIRED, "args.chapters.0.location"],
  [[chapter, { ...chapter, location: "x".repeat(33) }], LOCATION, "args.chapters.1.location"],
  [[{ ...chapter, x: 70000 }], COORD, "args.chapters.0.x"],
  [[{ ...chapter, y: "up" }], COORD, "args.chapters.0.y"],
];

type Spec = { operation: string; valid: Record<string, unknown>; bad: Record<string, Bad[]> };
const parts = { hashCode: 0x12, hashSize: 32, hashDigest: DIGEST };
const partsBad = { hashCode: partBad(u8Bad), hashSize: partBad(u8Bad), hashDigest: partBad([[MISSING, REQUIRED], ["0x1234", BYTES32], [5, BYTES32], [`0x${"zz".repeat(32)}`, BYTES32]]) };
const cidBad: Bad[] = [
  ["hello", CID_MESSAGE], [5, CID_MESSAGE],
  ["bafk2bzaceadqobyha4dqobyha4dqobyha4dqobyha4dqobyha4dqobyha4dqo", CID_MESSAGE],
];
const holder = { valid: { holder: A }, bad: { holder: addressBad } };

const specs: Spec[] = [
  { operation: "applyForChapterMembership", valid: { chapterId: "1" }, bad: { chapterId: chapterIdBad } },
  { operation: "addMemberToParty", valid: { accounts: [A] }, bad: { accounts: accountsBad } },
  { operation: "recommendForChapterMembership", valid: { accounts: [A] }, bad: { accounts: accountsBad } },
  { operation: "updateMemberApplicationForChapter", valid: { account: A, approved: true }, bad: { account: addressBad, approved: boolBad } },
  { operation: "leaveChapter", valid: {}, bad: {} },
  { operation: "leaveParty", valid: {}, bad: {} },
  { operation: "promoteChapterExecutive", valid: { account: A, chapterId: 1 }, bad: { account: addressBad, chapterId: chapterIdBad } },
  { operation: "demoteChapterExecutive", valid: { account: A, chapterId: 1 }, bad: { account: addressBad, chapterId: chapterIdBad } },
  { operation: "promotePartyExecutive", valid: { account: A }, bad: { account: addressBad } },
  { operation: "demotePartyExecutive", valid: { account: A }, bad: { account: addressBad } },
  { operation: "removeChapter", valid: { chapterId: 1 }, bad: { chapterId: chapterIdBad } },
  { operation: "removeMemberFromChapter", valid: { account: A }, bad: { account: addressBad } },
  { operation: "removeMemberFromParty", valid: { account: A }, bad: { account: addressBad } },
  { operation: "addChapterToParty", valid: { chapters: [chapter] }, bad: { chapters: chaptersBad } },
  { operation: "vote", valid: { evaluationId: "1", score: -5 }, bad: { evaluationId: evaluationIdBad, score: scoreBad } },
  { operation: "mintEvaluation", valid: { chapterId: 1, ...parts }, bad: { chapterId: chapterIdBad, ...partsBad } },
  { operation: "mintEvaluation", valid: { chapterId: 1, cid: CID }, bad: { cid: cidBad, hashCode: [[18, "must not be given together with cid"]] } },
  {
    operation: "sendInfo",
    valid: { eventName: "Congress", infoType: 1, ...parts },
    bad: { eventName: [[MISSING, REQUIRED], ["x".repeat(65), EVENT], ["é".repeat(33), EVENT], [5, EVENT]], infoType: u8Bad, ...partsBad },
  },
  { operation: "sendInfo", valid: { eventName: "Congress", infoType: 1, cid: CID }, bad: { cid: cidBad, hashDigest: [[DIGEST, "must not be given together with cid"]] } },
  { operation: "updateChapterLocation", valid: { chapterId: 1, location: "Berlin", x: 1, y: 2 }, bad: { chapterId: chapterIdBad, location: locationBad, x: coordBad, y: coordBad } },
  { operation: "setCentralCommitteeMember", valid: { chapterId: 1, account: A }, bad: { chapterId: chapterIdBad, account: addressBad } },
  { operation: "setPartyAdmin", ...holder },
  { operation: "setChapterAdmin", ...holder },
  { operation: "setEvaluationMinter", ...holder },
  { operation: "setInfoSender", ...holder },
];

const label = (value: unknown) => (value === MISSING ? "missing" : (JSON.stringify(value) ?? String(value)).slice(0, 40));
const withField = (args: Record<string, unknown>, name: string, value: unknown) => {
  const copy = { ...args };
  if (value === MISSING) delete copy[name];
  else copy[name] = value;
  return copy;
};

describe.each(specs)("$operation $valid", ({ operation, valid, bad }) => {
  it("accepts the valid input (it reaches the preflight: 200 or 422, never 400)", async () => {
    const { status, body } = await post(operation, { from: A, args: valid });
    expect([200, 422], JSON.stringify(body)).toContain(status);
  });

  const rows = Object.entries(bad).flatMap(([name, values]) => values.map(([value, message, field]) => ({ name, value, message, field: field ?? `args.${name}` })));
  it.each(rows.map((row) => ({ ...row, shown: label(row.value) })))("$name = $shown: 400 naming $field", async ({ name, value, message, field }) => {
    const { status, body } = await post(operation, { from: A, args: withField(valid, name, value) });
    expect(status).toBe(400);
    expect(body).toEqual({ field, message: `${field}: ${message}` });
  });
});

describe("the envelope", () => {
  it.each<[string, unknown, string, string]>([
    ["from missing", { args: { chapterId: 1 } }, "from", REQUIRED],
    ["from not an address", { from: "0x12", args: { chapterId: 1 } }, "from", ADDRESS],
    ["from a number", { from: 5, args: { chapterId: 1 } }, "from", ADDRESS],
    ["args a string", { from: A, args: "chapterId=1" }, "args", "must be an object"],
    ["args a list", { from: A, args: [1] }, "args", "must be an object"],
    ["args null", { from: A, args: null }, "args", "must be an object"],
  ])("%s: 400 naming the field", async (_, body, field, message) => {
    expect(await post("applyForChapterMembership", body)).toEqual({ status: 400, body: { field, message: `${field}: ${message}` } });
  });

  it("args may be left out when the operation takes none", async () => {
    expect((await post("leaveChapter", { from: A })).status).toBe(422);
  });

  it.each(["{from:", "", "not json", '{"from": "0x'])("malformed JSON %j: 400", async (text) => {
    const { status, body } = await post("leaveChapter", text, { headers: { "content-type": "application/json" } });
    expect(status).toBe(400);
    expect(body).toEqual({ message: "The body is not valid JSON: send { from, args }" });
  });

  it.each([["[1]"], ['"text"'], ["null"], ["7"]])("JSON %s that is no object: 400", async (text) => {
    expect(await post("leaveChapter", text)).toEqual({ status: 400, body: { message: "The body must be a JSON object: { from, args }" } });
  });

  it("a body above 1 MB: 413", async () => {
    const { status } = await post("addMemberToParty", JSON.stringify({ from: A, args: { accounts: Array(30_000).fill(A) } }));
    expect(status).toBe(413);
  });
});

describe("operations and methods", () => {
  it.each(["doesNotExist", "toString", "__proto__", "constructor", "initialize", "upgradeToAndCall", "chapters", ""])(
    "unknown operation %j: 404",
    async (operation) => {
      const { status, body } = await post(operation, { from: A, args: {} });
      expect(status).toBe(404);
      expect(body.message).toBe(`Unknown operation "${operation}"`);
    },
  );

  it.each(["GET", "PUT", "PATCH", "DELETE"])("%s: 405 with Allow: POST", async (method) => {
    expect(await send("applyForChapterMembership", method)).toEqual({ status: 405, body: { message: "Only POST is allowed here" } });
  });
});

describe("form data, with the same field names", () => {
  const form = (fields: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return data;
  };

  it("url-encoded fields", async () => {
    const body = new URLSearchParams({ from: FRANK.address, chapterId: "1" });
    expect(await post("applyForChapterMembership", body)).toMatchObject({ status: 422, body: { error: "NotAChapter" } });
  });

  it.each<[string, [string, string][]]>([
    ["repeated fields", [["accounts", A], ["accounts", ADMIN.address]]],
    ["a JSON-encoded list", [["accounts", JSON.stringify([A, ADMIN.address])]]],
    ["one field, comma separated", [["accounts", `${A}, ${ADMIN.address}`]]],
  ])("a list as %s", async (_, fields) => {
    // Reaching the contract (NotAnExecutive for FRANK) shows the list was read.
    expect(await post("addMemberToParty", form([["from", FRANK.address], ...fields]))).toMatchObject({ status: 422, body: { error: "NotAnExecutive" } });
  });

  it("an empty list field is an empty list: no calls", async () => {
    expect(await post("addMemberToParty", form([["from", FRANK.address], ["accounts", ""]]))).toEqual({
      status: 200,
      body: { operation: "addMemberToParty", calls: [] },
    });
  });

  it("chapters as a JSON-encoded field, sent by the chapter admin: 200", async () => {
    const { status, body } = await post("addChapterToParty", form([["from", ADMIN.address], ["chapters", JSON.stringify([chapter])]]));
    expect(status).toBe(200);
    expect(body.calls).toHaveLength(1);
  });

  it.each<[string, [string, string][], string, string]>([
    ["a bad number", [["from", A], ["chapterId", "abc"]], "args.chapterId", CHAPTER],
    ["no from", [["chapterId", "1"]], "from", REQUIRED],
    ["no chapterId", [["from", A]], "args.chapterId", REQUIRED],
  ])("%s: 400 naming the field", async (_, fields, field, message) => {
    expect(await post("applyForChapterMembership", form(fields))).toEqual({ status: 400, body: { field, message: `${field}: ${message}` } });
  });
});

describe("the shared POST guard", () => {
  it("refuses a cross-site request with 403 before reading the body", async () => {
    const { status, body } = await post("leaveChapter", { from: "0x0000000000000000000000000000000000000001" }, {
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    });
    expect(status).toBe(403);
    expect(body.message).toMatch(/Cross-site requests are not allowed/);
  });
});
