/**
 * Local roles for a newcomer (PARTY_ENV=local only): gives an account one of the party's roles on
 * the local chain (anvil), so the executive side can be tried without knowing who may call what.
 * The one place this is decided; `npm run grant` (scripts/grant.ts) and the /dev/roles page both
 * call `grantRole`.
 *
 * What each role takes (docs/permissions.md):
 * - member: the account applies to the chapter, and a party executive approves it;
 * - chapter-executive: membership of the chapter first, then a party executive promotes it;
 * - party-executive: party membership first (by joining a chapter), then the local admin promotes it;
 * - chapter-admin, evaluation-minter, info-sender: one holder each, moved by the local admin (the
 *   party admin) from whoever holds it to the account;
 * - party-admin: the local admin proposes the account (setPartyAdmin); the account accepts in the
 *   browser (acceptPartyAdmin, on /dev/roles). After that the local admin is no longer the party
 *   admin and can grant only member and chapter-executive.
 *
 * The local admin is anvil's first account (LOCAL_ADMIN). The account's own application and the
 * party executive's approval are sent through anvil's impersonation, so no key but the chain's is
 * needed; every impersonated sender's nonce and balance are put back afterwards: a passkey account
 * that is not deployed yet must keep nonce 0, or its deployment would fail.
 */
import { BaseError, createPublicClient, createTestClient, createWalletClient, getAddress, http, isAddress, parseEther, type Address } from "viem";
import { LOCAL_ADMIN } from "../../abis/deployments";
import { partyAbi } from "../../abis/party";
import { operations, type Call } from "../calls";
import { revertDataOf, revertErrorName } from "../calls/revert";
import { message, type Message, type MessageValues } from "../i18n/message";
import { englishOf } from "../utils/http.server";
import type enProofs from "../locales/en/proofs";

export const ROLES = ["member", "chapter-executive", "party-executive", "chapter-admin", "evaluation-minter", "info-sender", "party-admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles held in a chapter: their chapter id is the account's chapter, else chapter 1, unless given. */
export const CHAPTER_ROLES: readonly Role[] = ["member", "chapter-executive", "party-executive"];

type GrantTexts = (typeof enProofs)["devRoles"]["grant"];
type Step = keyof GrantTexts["step"];
type Holding = keyof GrantTexts["holding"];

/** A sentence of a grant: a key of the `devRoles.grant` messages (app/locales/en/proofs.ts) and its values. */
const said = (key: Exclude<keyof GrantTexts, "step" | "holding">, values?: MessageValues): Message => message(`devRoles.grant.${key}`, values);


/**
 * Why a role cannot be given (bad input, or the chain's state does not allow it): nothing sent. Its
 * message is the English; `said` the keyed message a page shows in its language (none for a text
 * made outside, like the command line's own).
 */
export class GrantError extends Error {
  override name = "GrantError";
  // Private: an error compares by its own fields (`expect(…).toThrow(new GrantError("…"))`), the English alone.
  readonly #said?: Message;
  constructor(reason: Message | string) {
    super(typeof reason === "string" ? reason : englishOf(reason));
    if (typeof reason !== "string") this.#said = reason;
  }
  get said(): Message | undefined {
    return this.#said;
  }
}

export const isRole = (raw: string): raw is Role => (ROLES as readonly string[]).includes(raw);

/** The role, address and chapter id as typed (CLI arguments, form fields), or a GrantError saying what is wrong. */
export function parseGrantInput(raw: { account?: string | null; role?: string | null; chapterId?: string | null }) {
  const { account = "", role = "", chapterId } = raw;
  if (!account || !isAddress(account, { strict: false })) {
    throw new GrantError(said("account", { got: (account ?? "").slice(0, 80) }));
  }
  if (!role || !isRole(role)) throw new GrantError(said("role", { roles: ROLES.join(", "), got: (role ?? "").slice(0, 80) }));
  let chapter: bigint | undefined;
  if (chapterId !== undefined && chapterId !== null && chapterId !== "") {
    if (!/^[0-9]{1,39}$/.test(chapterId) || BigInt(chapterId) === 0n || BigInt(chapterId) >= 1n << 128n) {
      throw new GrantError(said("chapterId", { got: chapterId.slice(0, 80) }));
    }
    chapter = BigInt(chapterId);
  }
  return { account: getAddress(account), role, chapterId: chapter };
}

export type GrantParameters = { rpcUrl: string; party: Address; account: Address; role: Role; chapterId?: bigint };
/**
 * What was done, one sentence per transaction (or why nothing was needed), and what the account
 * still has to do: in English, and as the keyed messages (`said`) a page shows in its language.
 */
export type GrantResult = { account: Address; role: Role; chapterId?: bigint; done: string[]; next?: string; said: { done: Message[]; next?: Message } };

/** Enough for a few transactions at anvil's fees; taken back afterwards. */
const FUEL = parseEther("1");

let queue: Promise<unknown> = Promise.resolve();

/** Gives `account` the role; one grant at a time per process (each puts nonces back). */
export function grantRole(parameters: GrantParameters): Promise<GrantResult> {
  const run = queue.then(() => grant(parameters));
  queue = run.catch(() => undefined);
  return run;
}

function connect(rpcUrl: string) {
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ transport, pollingInterval: 50 }),
    testClient: createTestClient({ transport, mode: "anvil" }),
    walletClient: createWalletClient({ transport }),
  };
}

type Grant = ReturnType<typeof connect> & GrantParameters & { done: Message[] };

async function grant(parameters: GrantParameters): Promise<GrantResult> {
  const g: Grant = { ...connect(parameters.rpcUrl), ...parameters, account: getAddress(parameters.account), done: [] };
  const { account, role } = g;
  const result = (next?: Message): GrantResult => ({
    account,
    role,
    chapterId: g.chapterId,
    done: g.done.map(englishOf),
    next: next && englishOf(next),
    said: { done: g.done, next },
  });

  if (role === "member" || role === "chapter-executive") {
    g.chapterId ??= await defaultChapter(g);
    await joinChapter(g, g.chapterId);
    if (role === "member") return result();
    const chapterId = g.chapterId;
    if ((await read(g, "chapterExecutiveOf", [account])) === chapterId) return already(g, "chapterExecutive", { chapterId }), result();
    const executive = await partyExecutive(g);
    await send(g, executive, operations.promoteChapterExecutive.build(g.party, { account, chapterId }), "promotedChapterExecutive", { executive, chapterId });
    return result();
  }

  if (role === "party-admin" && (await read(g, "partyAdmin")) === account) return already(g, "partyAdmin"), result();
  await requireLocalAdmin(g);
  if (role === "party-executive") {
    if (await read(g, "partyExecutive", [account])) return already(g, "partyExecutive"), result();
    if (!(await read(g, "partyMember", [account]))) {
      g.chapterId ??= await defaultChapter(g);
      await joinChapter(g, g.chapterId);
    }
    await send(g, LOCAL_ADMIN, operations.promotePartyExecutive.build(g.party, { account }), "promotedPartyExecutive");
    return result();
  }
  if (role === "party-admin") {
    if ((await read(g, "pendingPartyAdmin")) !== account) {
      await send(g, LOCAL_ADMIN, operations.setPartyAdmin.build(g.party, { holder: account }), "proposedPartyAdmin");
    } else already(g, "proposedPartyAdmin");
    return result(said("acceptNext", { account }));
  }
  const single = SINGLE_HOLDER[role];
  const holder = await read(g, single.getter);
  if (holder === account) return already(g, single.holding), result();
  await send(g, LOCAL_ADMIN, operations[single.operation].build(g.party, { holder: account }), single.moved, { holder });
  return result();
}

const SINGLE_HOLDER = {
  "chapter-admin": { getter: "chapterAdmin", operation: "setChapterAdmin", holding: "chapterAdmin", moved: "movedChapterAdmin" },
  "evaluation-minter": { getter: "evaluationMinter", operation: "setEvaluationMinter", holding: "evaluationMinter", moved: "movedEvaluationMinter" },
  "info-sender": { getter: "infoSender", operation: "setInfoSender", holding: "infoSender", moved: "movedInfoSender" },
} as const;

function already(g: Grant, holding: Holding, values?: MessageValues) {
  g.done.push(said("already", { account: g.account, holding, ...values }));
}

/** The party contract's view functions, on the chain as it is now. */
function read<const name extends "chapterExecutiveOf" | "partyExecutive" | "partyMember" | "memberChapter" | "applicationChapter">(
  g: Grant,
  functionName: name,
  args: [Address],
): Promise<name extends "partyExecutive" | "partyMember" ? boolean : bigint>;
function read(g: Grant, functionName: "chapterAdmin" | "evaluationMinter" | "infoSender" | "partyAdmin" | "pendingPartyAdmin"): Promise<Address>;
async function read(g: Grant, functionName: string, args?: readonly unknown[]): Promise<unknown> {
  return g.publicClient.readContract({ address: g.party, abi: partyAbi, functionName: functionName as "partyAdmin", args: args as [] });
}

/** The account's chapter when it has one, else chapter 1. */
async function defaultChapter(g: Grant): Promise<bigint> {
  const current = await read(g, "memberChapter", [g.account]);
  return current !== 0n ? current : 1n;
}

/** Makes the account a member of the chapter: it applies (unless it already has), a party executive approves. */
async function joinChapter(g: Grant, chapterId: bigint) {
  const { account } = g;
  const current = await read(g, "memberChapter", [account]);
  if (current === chapterId) return already(g, "member", { chapterId });
  if (current !== 0n) throw new GrantError(said("otherChapter", { account, current, chapterId }));
  const [, , , exists] = await g.publicClient.readContract({ address: g.party, abi: partyAbi, functionName: "chapters", args: [chapterId] });
  if (!exists) throw new GrantError(said("noChapter", { chapterId }));
  const pending = await read(g, "applicationChapter", [account]);
  if (pending !== 0n && pending !== chapterId) {
    throw new GrantError(said("pending", { account, pending }));
  }
  const executive = await partyExecutive(g);
  if (pending === 0n) await send(g, account, operations.applyForChapterMembership.build(g.party, { chapterId }), "applied", { chapterId });
  await send(g, executive, operations.updateMemberApplicationForChapter.build(g.party, { accounts: [account], approved: true }), "approved", { executive, chapterId });
}

/** A current party executive other than the account (the latest promoted that still is one). */
async function partyExecutive(g: Grant): Promise<Address> {
  const promoted = await g.publicClient.getContractEvents({ address: g.party, abi: partyAbi, eventName: "PartyExecutivePromoted", fromBlock: 0n });
  for (const log of promoted.reverse()) {
    const candidate = log.args.account;
    if (candidate && candidate !== g.account && (await read(g, "partyExecutive", [candidate]))) return candidate;
  }
  throw new GrantError(said("noExecutive"));
}

async function requireLocalAdmin(g: Grant) {
  const admin = await read(g, "partyAdmin");
  if (admin === LOCAL_ADMIN) return;
  throw new GrantError(said("notLocalAdmin", { admin: LOCAL_ADMIN, holder: admin, role: g.role }));
}

/**
 * Sends an operation's one call as `from` through anvil's impersonation, after an eth_call that
 * names the revert it would meet; puts the sender's nonce and balance back once it is mined.
 * `step` says what it does, with `values` besides the account's.
 */
async function send(g: Grant, from: Address, [call]: Call[], step: Step, values?: MessageValues) {
  const { publicClient, testClient, walletClient } = g;
  const what = { step, account: g.account, ...values };
  try {
    await publicClient.call({ account: from, to: call.to, data: call.data });
  } catch (error) {
    const name = error instanceof BaseError ? revertErrorName(revertDataOf(error)) : "Unknown";
    throw new GrantError(said("notSent", { ...what, error: name }));
  }
  const [nonce, balance] = await Promise.all([publicClient.getTransactionCount({ address: from }), publicClient.getBalance({ address: from })]);
  await testClient.impersonateAccount({ address: from });
  await testClient.setBalance({ address: from, value: balance + FUEL });
  try {
    const hash = await walletClient.sendTransaction({ account: from, to: call.to, data: call.data, chain: null });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new GrantError(said("reverted", { ...what, hash }));
    g.done.push(said("sent", { ...what, hash }));
  } finally {
    await testClient.setNonce({ address: from, nonce });
    await testClient.setBalance({ address: from, value: balance });
    await testClient.stopImpersonatingAccount({ address: from });
  }
}
