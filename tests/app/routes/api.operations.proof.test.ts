/**
 * Issue #11: POST /api/operations stores a record only when it is proven (proof.server.ts), asked
 * of the production server (server/index.ts over the build) with a real chain, alto and passkey
 * accounts. An unproven record is a 4xx and leaves nothing behind: no row, no page-cache flush,
 * no other member's operation failed through `replaces`.
 */
import { keccak256, toHex, type Hex } from "viem";
import { entryPoint07Address, formatUserOperationRequest, getUserOperationHash, type RpcUserOperation } from "viem/account-abstraction";
import { randomBytes } from "node:crypto";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { ADMIN, BOB, CAROL } from "../../fixtures/accounts.js";
import { startAppServer } from "../../setup/app-server.js";
import { loc, useOperationsStack, type Sent } from "./api.operations.setup.js";

const ops = useOperationsStack({ app: true });
let member: PartyAccount;
let other: PartyAccount;

const APPLY = "applyForChapterMembership";
const ARGS = { chapterId: "1" };

beforeAll(async () => {
  [member, other] = await ops.newAccounts(2);
  await ops.stack.send(ADMIN, "addChapterToParty", [[[BOB.address], [CAROL.address]], [loc("Berlin"), loc("Hamburg")], [1, 2], [3, 4]]);
}, 120_000);

async function post(body: object, url = ops.stack.appUrl): Promise<{ status: number; body: { message?: string; field?: string; status?: string } }> {
  const response = await fetch(`${url}/api/operations`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { message?: string; field?: string } };
}

const body = (sent: Sent, extra: object = {}) => ({ userOpHash: sent.hash, sender: sent.sender, operation: APPLY, args: ARGS, userOperation: sent.userOperation, ...extra });
const stored = async (hash: Hex) => (await ops.stack.query<{ status: string; error: string | null }>("select status, error from app.pending_operations where user_op_hash = $1", [hash.toLowerCase()]))[0];
const pageVersion = async () => (await ops.stack.query<{ n: string }>("select n::text as n from app.page_version"))[0]!.n;

/** An operation in `victim`'s name that nobody signed: prepared for real, a made-up signature, its hash computed as the bundler would. */
async function forged(victim: PartyAccount): Promise<Sent> {
  const calls = await ops.callsFor(victim, APPLY, ARGS);
  const prepared = await ops.stack.wallet.bundlerClient.prepareUserOperation({ account: victim, calls });
  const userOperation = { ...prepared, signature: toHex(randomBytes(65)) };
  const hash = getUserOperationHash({ chainId: 137, entryPointAddress: entryPoint07Address, entryPointVersion: "0.7", userOperation });
  return { hash, sender: victim.address, calls, userOperation: formatUserOperationRequest(userOperation) as RpcUserOperation<"0.7"> };
}

describe("an unproven record", () => {
  it("is refused with 400 and stores nothing, so it neither shows in a member's name nor flushes the page cache", async () => {
    const before = await pageVersion();
    const nobody = keccak256(randomBytes(32));
    const cases: [object, string, RegExp][] = [
      // A hash nobody sent, in a member's name.
      [{ userOpHash: nobody, sender: member.address, operation: APPLY, args: ARGS }, "userOpHash", /bundler has no such user operation/],
      // An operation in the member's name with a made-up signature: it hashes right, but no bundler took it.
      [body(await forged(member)), "userOpHash", /bundler does not know this user operation/],
    ];
    for (const [request, field, message] of cases) {
      const answer = await post(request);
      expect({ status: answer.status, field: answer.body.field }, JSON.stringify(answer.body)).toEqual({ status: 400, field });
      expect(answer.body.message).toMatch(message);
      expect(await stored((request as { userOpHash: Hex }).userOpHash)).toBeUndefined();
    }
    expect(await pageVersion()).toBe(before);
  });
});

describe("a member's operation still in the bundler's mempool", () => {
  let sent: Sent;

  beforeAll(() => ops.stack.testClient.setAutomine(false));
  afterAll(() => ops.stack.testClient.setAutomine(true));

  it("is refused under another sender, with other args, with a signed operation that is not it, or without one", async () => {
    sent = await ops.sendOperation(member, APPLY, ARGS);
    await ops.untilPending(1); // alto sent its bundle; not mined, so not on chain either
    const tampered = { ...sent.userOperation, callData: sent.userOperation.callData.replace(/.$/, (d) => (d === "0" ? "1" : "0")) as Hex };
    const cases: [object, string, RegExp][] = [
      [body(sent, { sender: other.address }), "sender", new RegExp(`sender: the user operation's sender is ${member.address}`)],
      [body(sent, { args: { chapterId: "2" } }), "args", /args: the user operation does not make the applyForChapterMembership call/],
      [body(sent, { operation: "leaveChapter", args: {} }), "args", /does not make the leaveChapter call/],
      [body(sent, { userOperation: tampered }), "userOperation", /userOperation: its hash is 0x[0-9a-f]{64}, not the userOpHash/],
      [body(sent, { userOperation: undefined }), "userOpHash", /send the signed userOperation with it/],
    ];
    const before = await pageVersion();
    for (const [request, field, message] of cases) {
      const answer = await post(request);
      expect({ status: answer.status, field: answer.body.field }, JSON.stringify(request)).toEqual({ status: 400, field });
      expect(answer.body.message).toMatch(message);
    }
    expect(await stored(sent.hash)).toBeUndefined();
    expect(await pageVersion()).toBe(before);
  });

  it("is registered with its sender, its args and the signed operation it was sent as (201)", async () => {
    const before = BigInt(await pageVersion());
    const answer = await post(body(sent));
    expect(answer).toEqual({ status: 201, body: { userOpHash: sent.hash.toLowerCase(), status: "signed" } });
    expect(await stored(sent.hash)).toEqual({ status: "signed", error: null });
    expect(BigInt(await pageVersion())).toBe(before + 1n);
  });

  it("cannot be failed through `replaces` by anyone but its sender", async () => {
    // An unproven operation in the member's name, and someone else's real one.
    const theirs = await ops.sendOperation(other, APPLY, { chapterId: "2" });
    const claims: [object, string][] = [
      [body(await forged(member), { replaces: sent.hash }), "userOpHash"],
      [body(theirs, { args: { chapterId: "2" }, replaces: sent.hash }), "replaces"],
    ];
    for (const [request, field] of claims) {
      const answer = await post(request);
      expect(await stored(sent.hash), "the member's operation").toEqual({ status: "signed", error: null });
      expect({ status: answer.status, field: answer.body.field }, JSON.stringify(answer.body)).toEqual({ status: 400, field });
      expect(await stored((request as { userOpHash: Hex }).userOpHash)).toBeUndefined();
    }
    await ops.mineUntilIncluded([sent.hash, theirs.hash]);
  });
});

describe("an operation already in a block", () => {
  it("is proven by its hash alone: alto finds it through the chain's UserOperationEvent", async () => {
    const fresh = await ops.stack.wallet.account();
    const mined = await ops.stack.wallet.sendAndWait(fresh, await ops.callsFor(fresh, APPLY, ARGS));
    const request = { userOpHash: mined.userOpHash, sender: fresh.address, operation: APPLY, args: ARGS };
    expect((await post({ ...request, sender: member.address })).body.field).toBe("sender");
    expect(await post(request)).toEqual({ status: 201, body: { userOpHash: mined.userOpHash.toLowerCase(), status: expect.any(String) } });
  });
});

describe("a bundler that cannot be reached", () => {
  it("is a 503, and nothing is stored", async () => {
    const server = await startAppServer({ env: { ...ops.stack.appEnv, BUNDLER_RPC_URL: "http://127.0.0.1:9" } });
    ops.stack.adopt(server.stop);
    const sent = await ops.sendOperation(await ops.stack.wallet.account(), APPLY, ARGS);
    const answer = await post(body(sent), server.url);
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/bundler cannot be reached/);
    expect(await stored(sent.hash)).toBeUndefined();
  });
});
