/**
 * Shared helpers for the party contract tests: one anvil per file with snapshot isolation per
 * case, revert assertions on the decoded custom error name, and exact event assertions.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  getAddress,
  slice,
  parseEventLogs,
  stringToHex,
  zeroAddress,
  type Address,
  type ContractErrorName,
  type ContractEventName,
  type GetEventArgs,
  type Hex,
  type PrivateKeyAccount,
  type TransactionReceipt,
} from "viem";
import { partyAbi } from "../../abis/party.js";
import { partyV2Abi, partyV2Bytecode } from "../../abis/party-v2.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, HEIDI } from "../fixtures/accounts.js";
import { setupChain, type TestChain } from "../setup/chain.js";

export type PartyErrorName = ContractErrorName<typeof partyAbi>;
export type PartyEventName = ContractEventName<typeof partyAbi>;
/** A decoded party event: its name and all of its arguments. */
export type PartyEvent = {
  [N in PartyEventName]: {
    eventName: N;
    args: GetEventArgs<typeof partyAbi, N, { EnableUnion: false; IndexedOnly: false; Required: true }>;
  };
}[PartyEventName];
export type PartyContract = ReturnType<TestChain["party"]>;

export const ZERO = zeroAddress;
export const ZERO_HASH: Hex = `0x${"00".repeat(32)}`;
/**
 * ERC-1967 implementation slot: keccak256("eip1967.proxy.implementation") - 1, as in OpenZeppelin's
 * ERC1967Utils.IMPLEMENTATION_SLOT. (Not ...a9e7a5c0d1d9a0f68c: that value is not the slot.)
 */
export const ERC1967_IMPLEMENTATION_SLOT: Hex = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

/** A chapter location as the contract stores it: a UTF-8 name right-padded to 32 bytes. */
export const loc = (name: string): Hex => stringToHex(name, { size: 32 });
export const BERLIN = loc("Berlin");
export const HAMBURG = loc("Hamburg");
export const MUNICH = loc("Munich");
export const COLOGNE = loc("Cologne");

/** A sha2-256 multihash digest (0x12, 0x20, digest) as used for CIDv0. */
export const SHA256 = 0x12;
export const digest = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;

/** Role enum of the contract. */
export const Role = { PartyAdmin: 0, ChapterAdmin: 1, EvaluationMinter: 2, InfoSender: 3 } as const;

/**
 * Starts one chain for the file (optionally seeded once) and isolates every test with a fresh
 * anvil snapshot, reverted afterwards. Use as `const ctx = useChain(seed)` then `ctx.tc`.
 */
export function useChain(seed?: (tc: TestChain) => Promise<void>): { tc: TestChain } {
  const ctx = {} as { tc: TestChain };
  let snapshotId: Hex | undefined;
  beforeAll(async () => {
    ctx.tc = await setupChain();
    if (seed) await seed(ctx.tc);
  });
  afterAll(async () => {
    await ctx.tc?.stop();
  });
  beforeEach(async () => {
    snapshotId = await ctx.tc.snapshot();
  });
  afterEach(async () => {
    if (snapshotId) await ctx.tc.revert(snapshotId);
    snapshotId = undefined;
  });
  return ctx;
}

/** Waits for a sent transaction and asserts it succeeded. */
export async function mined(tc: TestChain, hash: Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await tc.waitFor(await hash);
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Asserts that `promise` rejects with the contract's custom error `errorName` (decoded, exact). */
export async function expectRevert(promise: Promise<unknown>, errorName: PartyErrorName): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  if (error === undefined) throw new Error(`expected a revert with ${errorName}, but the call succeeded`);
  if (!(error instanceof BaseError)) throw error;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) {
    throw new Error(`expected a revert with ${errorName}, got: ${error.shortMessage}`);
  }
  expect(reverted.data?.errorName, reverted.shortMessage).toBe(errorName);
}

/** Decodes the events of a receipt with the party ABI (names and args), in log order. */
export function partyEvents(receipt: TransactionReceipt): PartyEvent[] {
  const parsed = parseEventLogs({ abi: partyAbi, logs: receipt.logs, strict: true });
  expect(parsed.length, "every log decodes with the party ABI").toBe(receipt.logs.length);
  return parsed.map((log) => ({ eventName: log.eventName, args: log.args }) as PartyEvent);
}

/** Asserts the receipt's events exactly and in order, all emitted by `address`. */
export function expectEventsAt(address: Address, receipt: TransactionReceipt, expected: PartyEvent[]): void {
  expect(receipt.logs.map((log) => getAddress(log.address))).toEqual(receipt.logs.map(() => getAddress(address)));
  expect(partyEvents(receipt)).toEqual(expected);
}

/** Asserts the receipt's events exactly and in order, all emitted by the party proxy. */
export function expectEvents(tc: TestChain, receipt: TransactionReceipt, expected: PartyEvent[]): void {
  expectEventsAt(tc.address, receipt, expected);
}

/** Waits for a sent transaction, asserts success and its events exactly, returns the receipt. */
export async function sendAndExpect(
  tc: TestChain,
  hash: Promise<Hex>,
  expected: PartyEvent[],
): Promise<TransactionReceipt> {
  const receipt = await mined(tc, hash);
  expectEvents(tc, receipt, expected);
  return receipt;
}

/** A chapter as the `chapters(id)` getter returns it. */
export async function chapter(tc: TestChain, id: bigint) {
  const [location, x, y, exists, memberCount] = await tc.read.read.chapters([id]);
  return { location, x, y, exists, memberCount };
}

/** Everything the getters say about one account. */
export async function member(tc: TestChain, account: Address) {
  const r = tc.read.read;
  const [memberChapter, partyMember, applicationChapter, recommendationCount, chapterExecutiveOf, partyExecutive] =
    await Promise.all([
      r.memberChapter([account]),
      r.partyMember([account]),
      r.applicationChapter([account]),
      r.recommendationCount([account]),
      r.chapterExecutiveOf([account]),
      r.partyExecutive([account]),
    ]);
  return { memberChapter, partyMember, applicationChapter, recommendationCount, chapterExecutiveOf, partyExecutive };
}

/** The contract's pending application counts: party-wide, and per chapter (1 to 3 unless given). */
export async function pendingCounts(tc: TestChain, chapterIds: bigint[] = [1n, 2n, 3n]) {
  const r = tc.read.read;
  const [total, byChapter] = await Promise.all([
    r.totalPendingApplicationCount(),
    Promise.all(chapterIds.map((id) => r.pendingApplicationCount([id]))),
  ]);
  return { total, byChapter };
}

/** An evaluation's tally as the contract keeps it: voters and the sum of their scores. */
export async function tally(tc: TestChain, evaluationId: bigint) {
  const [voteCount, scoreSum] = await tc.read.read.tally([evaluationId]);
  return { voteCount, scoreSum };
}

/** Hands the party admin role from `from` to `to` in its two steps (propose, accept). */
export async function handOverPartyAdmin(tc: TestChain, from: PrivateKeyAccount, to: PrivateKeyAccount): Promise<void> {
  await mined(tc, tc.party(from).write.setPartyAdmin([to.address]));
  await mined(tc, tc.party(to).write.acceptPartyAdmin());
}

/** The state of an account that has never been anything. */
export const NOBODY = {
  memberChapter: 0n,
  partyMember: false,
  applicationChapter: 0n,
  recommendationCount: 0,
  chapterExecutiveOf: 0n,
  partyExecutive: false,
} as const;

export async function roles(tc: TestChain) {
  const r = tc.read.read;
  const [partyAdmin, chapterAdmin, evaluationMinter, infoSender] = await Promise.all([
    r.partyAdmin(),
    r.chapterAdmin(),
    r.evaluationMinter(),
    r.infoSender(),
  ]);
  return { partyAdmin, chapterAdmin, evaluationMinter, infoSender };
}

/** What roles() reads before any handover: the proxy's initialisation gave every role to ADMIN. */
export const ALL_ADMIN = {
  partyAdmin: ADMIN.address,
  chapterAdmin: ADMIN.address,
  evaluationMinter: ADMIN.address,
  infoSender: ADMIN.address,
};

/** Adds chapters as ADMIN (the chapter admin), each with its founders. */
export async function addChapters(
  tc: TestChain,
  chapters: { founders: PrivateKeyAccount[]; location: Hex; x: number; y: number }[],
  as: PrivateKeyAccount = ADMIN,
): Promise<TransactionReceipt> {
  return mined(
    tc,
    tc.party(as).write.addChapterToParty([
      chapters.map((c) => c.founders.map((f) => f.address)),
      chapters.map((c) => c.location),
      chapters.map((c) => c.x),
      chapters.map((c) => c.y),
    ]),
  );
}

/**
 * The common world most files start from:
 * - chapter 1 (Berlin, 10/20): ALICE, BOB; chapter 2 (Hamburg, 30/40): CAROL, HEIDI;
 *   chapter 3 (Munich, 50/60): empty
 * - ALICE is a party executive (promoted by ADMIN)
 * - BOB is the chapter executive of chapter 1, CAROL of chapter 2 (promoted by ALICE)
 * - ERIN is a party member in no chapter (added by ALICE)
 * - DAVE has applied to chapter 1
 * ADMIN holds every role and is no member. FRANK, GRACE, IVAN are nobody.
 */
export async function seedWorld(tc: TestChain): Promise<void> {
  await addChapters(tc, [
    { founders: [ALICE, BOB], location: BERLIN, x: 10, y: 20 },
    { founders: [CAROL, HEIDI], location: HAMBURG, x: 30, y: 40 },
    { founders: [], location: MUNICH, x: 50, y: 60 },
  ]);
  await mined(tc, tc.party(ADMIN).write.promotePartyExecutive([ALICE.address]));
  await mined(tc, tc.party(ALICE).write.promoteChapterExecutive([BOB.address, 1n]));
  await mined(tc, tc.party(ALICE).write.promoteChapterExecutive([CAROL.address, 2n]));
  await mined(tc, tc.party(ALICE).write.addMemberToParty([[ERIN.address]]));
  await mined(tc, tc.party(DAVE).write.applyForChapterMembership([1n]));
}

/** The implementation address in the proxy's ERC-1967 slot. */
export async function implementationSlot(tc: TestChain): Promise<Address> {
  const value = await tc.publicClient.getStorageAt({ address: tc.address, slot: ERC1967_IMPLEMENTATION_SLOT });
  if (!value) throw new Error("empty ERC-1967 implementation slot");
  return getAddress(slice(value, 12));
}

/** Deploys a PartyV2 implementation (not behind a proxy) and returns its address. */
export async function deployPartyV2(tc: TestChain): Promise<Address> {
  const receipt = await mined(
    tc,
    tc.walletFor(ADMIN).deployContract({ abi: partyV2Abi, bytecode: partyV2Bytecode }),
  );
  if (!receipt.contractAddress) throw new Error("PartyV2 deployment has no contract address");
  return getAddress(receipt.contractAddress);
}

/** `version()` through the proxy, read with the V2 ABI. */
export function readVersion(tc: TestChain): Promise<string> {
  return tc.publicClient.readContract({ address: tc.address, abi: partyV2Abi, functionName: "version" });
}
