/**
 * Every operation's builder: the selector is the one of the function's signature (computed here
 * from the signature text, not from the ABI), the arguments decode back, `to` is the checksummed
 * party and no value is sent; batches send nothing for an empty list; prepare() builds the same
 * calls from raw input.
 */
import { decodeFunctionData, getAddress, slice, toFunctionSelector, zeroAddress, type Address, type Hex } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { operationNames, operations, type Call, type OperationInput, type OperationName } from "../../../app/calls/index.js";
import { ALICE, BOB, CAROL } from "../../fixtures/accounts.js";

// Lower case on purpose: the builders must checksum it.
const PARTY = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const [A, B, C] = [ALICE.address, BOB.address, CAROL.address];
const BIG_ID = (1n << 128n) - 1n;
const EVAL_ID = (1n << 256n) - 1n;
const DIGEST: Hex = `0x${"ab".repeat(32)}`;
const BERLIN: Hex = `0x4265726c696e${"00".repeat(26)}`;
const MUNICH: Hex = `0x${"11".repeat(32)}`;

type Case = { signature: string; call: Call[]; args: readonly unknown[] | undefined };

/** The operation's calls for a validated input (the entry's own builder, typed by its name). */
const build = <N extends OperationName>(name: N, input: OperationInput<N>): Call[] =>
  (operations[name].build as (party: Address, input: OperationInput<N>) => Call[])(PARTY, input);

const cases: Case[] = [
  { signature: "applyForChapterMembership(uint128)", call: build("applyForChapterMembership", { chapterId: BIG_ID }), args: [BIG_ID] },
  { signature: "addMemberToParty(address[])", call: build("addMemberToParty", { accounts: [A, B] }), args: [[A, B]] },
  { signature: "recommendForChapterMembership(address[])", call: build("recommendForChapterMembership", { accounts: [C] }), args: [[C]] },
  { signature: "updateMemberApplicationForChapter(address,bool)", call: build("updateMemberApplicationForChapter", { accounts: [A], approved: true }), args: [A, true] },
  { signature: "updateMemberApplicationForChapter(address,bool)", call: build("updateMemberApplicationForChapter", { accounts: [B], approved: false }), args: [B, false] },
  { signature: "leaveChapter()", call: build("leaveChapter", {}), args: undefined },
  { signature: "leaveParty()", call: build("leaveParty", {}), args: undefined },
  { signature: "promoteChapterExecutive(address,uint128)", call: build("promoteChapterExecutive", { account: A, chapterId: 3n }), args: [A, 3n] },
  { signature: "demoteChapterExecutive(address,uint128)", call: build("demoteChapterExecutive", { account: B, chapterId: 4n }), args: [B, 4n] },
  { signature: "promotePartyExecutive(address)", call: build("promotePartyExecutive", { account: C }), args: [C] },
  { signature: "demotePartyExecutive(address)", call: build("demotePartyExecutive", { account: A }), args: [A] },
  { signature: "removeChapter(uint128)", call: build("removeChapter", { chapterId: 9n }), args: [9n] },
  { signature: "removeMemberFromChapter(address)", call: build("removeMemberFromChapter", { account: B }), args: [B] },
  { signature: "removeMemberFromParty(address)", call: build("removeMemberFromParty", { account: C }), args: [C] },
  {
    signature: "addChapterToParty(address[][],bytes32[],uint16[],uint16[])",
    call: build("addChapterToParty", {
      chapters: [
        { applicants: [A, B], location: BERLIN, x: 10, y: 65535 },
        { applicants: [], location: MUNICH, x: 0, y: 7 },
      ],
    }),
    args: [[[A, B], []], [BERLIN, MUNICH], [10, 0], [65535, 7]],
  },
  { signature: "vote(uint256,int8)", call: build("vote", { evaluationId: EVAL_ID, score: -128 }), args: [EVAL_ID, -128] },
  { signature: "vote(uint256,int8)", call: build("vote", { evaluationId: 1n, score: 127 }), args: [1n, 127] },
  {
    signature: "mintEvaluation(uint128,uint8,uint8,bytes32)",
    call: build("mintEvaluation", { chapterId: 2n, hashCode: 0x12, hashSize: 32, hashDigest: DIGEST }),
    args: [2n, 0x12, 32, DIGEST],
  },
  {
    signature: "sendInfo(string,uint8,uint8,uint8,bytes32)",
    call: build("sendInfo", { eventName: "Parteitag ✓", infoType: 255, hashCode: 0x55, hashSize: 20, hashDigest: DIGEST }),
    args: ["Parteitag ✓", 255, 0x55, 20, DIGEST],
  },
  {
    signature: "updateChapterLocation(uint128,bytes32,uint16,uint16)",
    call: build("updateChapterLocation", { chapterId: 1n, location: BERLIN, x: 1, y: 2 }),
    args: [1n, BERLIN, 1, 2],
  },
  { signature: "setCentralCommitteeMember(uint128,address)", call: build("setCentralCommitteeMember", { chapterId: 5n, account: A }), args: [5n, A] },
  { signature: "setCentralCommitteeMember(uint128,address)", call: build("setCentralCommitteeMember", { chapterId: 5n, account: zeroAddress }), args: [5n, zeroAddress] },
  { signature: "setPartyAdmin(address)", call: build("setPartyAdmin", { holder: A }), args: [A] },
  { signature: "acceptPartyAdmin()", call: build("acceptPartyAdmin", {}), args: undefined },
  { signature: "setChapterAdmin(address)", call: build("setChapterAdmin", { holder: B }), args: [B] },
  { signature: "setEvaluationMinter(address)", call: build("setEvaluationMinter", { holder: C }), args: [C] },
  { signature: "setInfoSender(address)", call: build("setInfoSender", { holder: A }), args: [A] },
];

const single = (calls: Call[]): Call => {
  expect(calls).toHaveLength(1);
  return calls[0];
};

describe.each(cases)("$signature", ({ signature, call, args }) => {
  it("starts with the signature's selector and decodes back to its arguments", () => {
    const { to, data, value } = single(call);
    expect(slice(data, 0, 4)).toBe(toFunctionSelector(signature));
    const decoded = decodeFunctionData({ abi: partyAbi, data });
    expect(decoded.functionName).toBe(signature.slice(0, signature.indexOf("(")));
    expect(decoded.args).toEqual(args);
    expect(to).toBe(getAddress(PARTY));
    expect(value).toBe(0n);
  });
});

describe("batches", () => {
  it("send nothing for an empty list (the contract would revert with InvalidInput)", () => {
    expect(build("addMemberToParty", { accounts: [] })).toEqual([]);
    expect(build("recommendForChapterMembership", { accounts: [] })).toEqual([]);
    expect(build("addChapterToParty", { chapters: [] })).toEqual([]);
  });
  it("are one call however long the list is", () => {
    expect(build("addMemberToParty", { accounts: [A, B, C] })).toHaveLength(1);
    const chapters = [A, B, C].map((a, i) => ({ applicants: [a], location: BERLIN, x: i, y: i }));
    expect(build("addChapterToParty", { chapters })).toHaveLength(1);
  });
  it("but one decision on several applicants is a call each, sent as one user operation", () => {
    const calls = build("updateMemberApplicationForChapter", { accounts: [A, B, C], approved: false });
    expect(calls.map((call) => decodeFunctionData({ abi: partyAbi, data: call.data }).args)).toEqual([[A, false], [B, false], [C, false]]);
  });
});

describe("registry", () => {
  it("has one operation per state-changing contract function (but initialize and upgrades), and the passkey account's updateOwners", () => {
    const functions = partyAbi
      .filter((item) => item.type === "function" && item.stateMutability !== "view")
      .map((item) => ("name" in item ? item.name : ""))
      .filter((name) => name !== "initialize" && name !== "upgradeToAndCall");
    expect([...operationNames()].sort()).toEqual([...functions, "updateOwners"].sort());
    // Every case above names one of them, so every builder is covered (updateOwners: update-owners.test.ts).
    expect(new Set([...cases.map((c) => c.signature.slice(0, c.signature.indexOf("("))), "updateOwners"])).toEqual(new Set(operationNames()));
  });

  it("prepare() turns form-like raw input into the same calls as the typed builder", () => {
    const prepared = operations.addChapterToParty.prepare(PARTY, {
      chapters: [{ applicants: [A.toLowerCase(), B], location: "Berlin", x: "10", y: 65535 }, { applicants: [], location: MUNICH, x: 0, y: "7" }],
    });
    expect(prepared).toEqual({ ok: true, calls: cases[14].call, subject: { accounts: [A, B] } });
  });

  it("subject says what the operation is about", () => {
    const subject = (name: keyof typeof operations, args: object) => {
      const prepared = operations[name].prepare(PARTY, args);
      return prepared.ok ? prepared.subject : prepared;
    };
    expect(subject("applyForChapterMembership", { chapterId: "5" })).toEqual({ chapterId: 5n });
    expect(subject("promoteChapterExecutive", { account: A.toLowerCase(), chapterId: 2 })).toEqual({ account: A, chapterId: 2n });
    expect(subject("vote", { evaluationId: "3", score: "-1" })).toEqual({ evaluationId: 3n });
    expect(subject("setInfoSender", { holder: B })).toEqual({ account: B });
    expect(subject("addMemberToParty", { accounts: [A, C] })).toEqual({ accounts: [A, C] });
    expect(subject("leaveParty", {})).toEqual({});
  });
});
