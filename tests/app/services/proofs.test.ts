/**
 * Verifying proofs against the whole local product (startStack: anvil with the demo data, the
 * indexer's read model, the production app server): EOA members, a passkey smart account before
 * (ERC-6492) and after (ERC-1271) deployment, tampering, age limits, non-members, and /verify
 * rendering each outcome over HTTP. The tampered proofs: proof-tampering.ts.
 */
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isErc6492Signature,
  type PrivateKeyAccount,
} from "viem";
import { partyAbi } from "../../../abis/party.js";
import type { ProofVerification } from "../../../app/services/proofs.server";
import { encodeProof } from "../../../app/utils/proofs/codec";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS, type MembershipProof, type Proof } from "../../../app/utils/proofs/proof";
import { socialVerificationMessage } from "../../../app/utils/proofs/signed-data";
import { proofSigner } from "../../../app/utils/proofs/signer";
import { toPartyAccount, type PartyAccount } from "../../../app/wallet/local/smart-account";
import { freePort } from "../../../scripts/lib/free-port.js";
import { localChain } from "../../../scripts/lib/chain-definition.js";
import { buildDemoPlan } from "../../../scripts/lib/demo-data/plan.js";
import { deployWalletInfra } from "../../../scripts/lib/wallet-infra.js";
import { errorOf, get, text, type Page } from "../../setup/html.js";
import { ADMIN, ALICE } from "../../fixtures/accounts.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { createSoftwarePasskey } from "../../fixtures/software-passkey.js";
import { tampered, tamperedPasskey } from "./proof-tampering.js";
import { LOCAL_WALLET } from "../../../abis/deployments.js";

let stack: Stack;
let verifyProof: typeof import("../../../app/services/proofs.server").verifyProof;
let closeDb: () => Promise<void>;
const plan = buildDemoPlan();
/** Chapter 1 (Berlin): an executive, and a founder who is party executive. */
const executive = plan.chapters[0]!.executives[0]!;
const partyExecutive = plan.chapters[0]!.founders[0]!;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  stack = await startStack();
  await deployWalletInfra({ rpcUrl: stack.rpcUrl, deployer: ADMIN });
  // The app reads its configuration from process.env, lazily; set it before the first import.
  Object.assign(process.env, {
    DATABASE_URL: stack.databaseUrl,
    READ_MODEL_SCHEMA: stack.viewsSchema,
    INDEXER_URL: stack.indexer.url,
    CHAIN_RPC_URL: stack.rpcUrl,
  });
  ({ verifyProof } = await import("../../../app/services/proofs.server"));
  ({ closeDb } = await import("../../../db/client.server"));
});
afterAll(async () => {
  await closeDb?.();
  await stack?.stop();
});

async function membershipProof(account: PrivateKeyAccount | PartyAccount, signedAt = now()): Promise<MembershipProof> {
  return proofSigner(account)("membership", { verifyingContract: stack.address, signedAt });
}

async function verify(proof: Proof | string): Promise<ProofVerification> {
  return verifyProof(typeof proof === "string" ? proof : await encodeProof(proof));
}

it("the app's verifying contract is the stack's party contract", () => {
  expect(stack.address).toBe(getAddress(stack.address));
});

describe("EOA members (the demo data)", () => {
  it("a chapter executive's membership proof is valid and shows their chapter and roles", async () => {
    const [row] = await stack.query<{ executive_of: string }>(`select executive_of::text from ${stack.viewsSchema}.members where account = $1`, [
      executive.address.toLowerCase(),
    ]);
    expect(row?.executive_of).toBe("1");

    const proof = await membershipProof(executive);
    const result = await verify(proof);
    expect(result).toMatchObject({
      ok: true,
      proof,
      signer: executive.address,
      signedMessage: null,
      method: "eoa",
      standing: { account: executive.address, known: true, status: "member", chapterId: "1", chapterLocation: "Berlin", executiveOf: "1", isMember: true },
    });
  });

  it("a party executive's proof shows the party role", async () => {
    const result = await verify(await membershipProof(partyExecutive));
    expect(result).toMatchObject({ ok: true, standing: { partyExecutive: true, chapterId: "1" } });
  });

  it("a flipped signature byte, or a changed field, makes the signature invalid", async () => {
    const proof = await membershipProof(executive);
    for (const bad of [tampered(proof), tampered(proof, 40), { ...proof, signedAt: proof.signedAt - 1 }, { ...proof, signer: partyExecutive.address }]) {
      expect(await verify(bad)).toMatchObject({ ok: false, reason: "signature-invalid", message: expect.stringContaining("The signature does not match") });
    }
  });

  it(`is accepted for ${MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400} days, and not from the future`, async () => {
    expect(await verify(await membershipProof(executive, now() - MEMBERSHIP_PROOF_MAX_AGE_SECONDS + 60))).toMatchObject({ ok: true });
    expect(await verify(await membershipProof(executive, now() - MEMBERSHIP_PROOF_MAX_AGE_SECONDS - 60))).toMatchObject({
      ok: false,
      reason: "expired",
      message: expect.stringContaining("membership proofs are accepted for 30 days"),
    });
    expect(await verify(await membershipProof(executive, now() + 3600))).toMatchObject({ ok: false, reason: "future" });
    expect(await verify(await membershipProof(executive, now() + 60))).toMatchObject({ ok: true }); // clock skew
  });

  it("a valid signature by someone the party does not know is 'not a member'", async () => {
    const result = await verify(await membershipProof(ALICE));
    expect(result).toMatchObject({
      ok: false,
      reason: "not-member",
      message: `${ALICE.address} is not a member of the party or of any chapter.`,
      standing: { known: false, isMember: false, chapterId: null },
    });
  });

  it("a social verification by a chapter member is valid for their chapter only", async () => {
    const sign = proofSigner(executive);
    const proof = await sign("social", { service: "youtube", displayName: "Party Berlin", chapterId: "1" });
    const result = await verify(proof);
    expect(result).toMatchObject({ ok: true, signer: executive.address, standing: { chapterId: "1" } });
    expect(result.signedMessage).toBe(socialVerificationMessage(proof));
    expect(result.signedMessage).toMatch(/^This YouTube channel is an official chapter account of the Party\.\n\nService: YouTube\n/);

    const elsewhere = await sign("social", { service: "x", displayName: "Party London", chapterId: "2" });
    expect(await verify(elsewhere)).toMatchObject({ ok: false, reason: "not-in-chapter", message: `${executive.address} is not a member of chapter 2.` });
    expect(await verify({ ...proof, displayName: "Party Berlin!" })).toMatchObject({ ok: false, reason: "signature-invalid" });
    expect(await verify(tampered(proof))).toMatchObject({ ok: false, reason: "signature-invalid" });
  });
});

describe("a passkey smart account", () => {
  let account: PartyAccount;

  beforeAll(async () => {
    account = await toPartyAccount({ client: stack.publicClient, owner: createSoftwarePasskey().account, ...LOCAL_WALLET });
  });

  it("signs before it is deployed (ERC-6492): valid signature, not yet a member", async () => {
    expect(await stack.publicClient.getCode({ address: account.address })).toBeUndefined();
    const proof = await membershipProof(account);
    expect(isErc6492Signature(proof.signature)).toBe(true);
    expect(await verify(proof)).toMatchObject({ ok: false, reason: "not-member", signer: getAddress(account.address), method: "erc6492" });
    expect(await verify(tamperedPasskey(proof))).toMatchObject({ ok: false, reason: "signature-invalid" });
  });

  it("once a member its proofs are valid, before (ERC-6492) and after deployment (ERC-1271)", async () => {
    // Made a party member by a party executive: nothing is sent from the account's address, so
    // its nonce stays 0 and the factory can still deploy it there.
    await stack.send(partyExecutive, "addMemberToParty", [[account.address]]);
    await stack.waitForIndexer();
    const undeployed = await membershipProof(account);
    expect(await verify(undeployed)).toMatchObject({ ok: true, signer: getAddress(account.address), method: "erc6492", standing: { partyMember: true, chapterId: null } });
    const social = await proofSigner(account)("social", { service: "telegram", displayName: "Party Berlin chat", chapterId: "1" });
    expect(await verify(social)).toMatchObject({ ok: false, reason: "not-in-chapter" });

    const { factory, factoryData } = await account.getFactoryArgs();
    const deploy = await stack.walletFor(ADMIN).sendTransaction({ to: factory!, data: factoryData! });
    await stack.publicClient.waitForTransactionReceipt({ hash: deploy, pollingInterval: 20 });
    expect(await stack.publicClient.getCode({ address: account.address })).toMatch(/^0x.+/);

    const deployed = await membershipProof(account);
    expect(isErc6492Signature(deployed.signature)).toBe(false);
    expect(await verify(deployed)).toMatchObject({ ok: true, method: "erc1271" });
    expect(await verify(tamperedPasskey(deployed))).toMatchObject({ ok: false, reason: "signature-invalid" });
    // The wrapped proof made before deployment still verifies.
    expect(await verify(undeployed)).toMatchObject({ ok: true });

    // The deployed account joins chapter 1 (applying as the contract, impersonated), and the
    // chapter social verification holds.
    await stack.testClient.impersonateAccount({ address: account.address });
    await stack.testClient.setBalance({ address: account.address, value: 10n ** 18n });
    const asAccount = createWalletClient({ chain: localChain(stack.rpcUrl), transport: http(stack.rpcUrl), account: account.address });
    const hash = await asAccount.writeContract({ address: stack.address, abi: partyAbi, functionName: "applyForChapterMembership", args: [1n] });
    await stack.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await stack.testClient.stopImpersonatingAccount({ address: account.address });
    await stack.send(executive, "updateMemberApplicationForChapter", [account.address, true]);
    await stack.waitForIndexer();
    const result = await verify(social);
    expect(result).toMatchObject({ ok: true, standing: { status: "member", chapterId: "1", partyMember: true } });
    expect(result.signedMessage).toBe(socialVerificationMessage(social));
  });

  it("says 'unavailable', not 'invalid', when the chain cannot be asked", async () => {
    const dead = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) });
    const result = await verifyProof(await encodeProof(await membershipProof(account)), { client: dead });
    expect(result).toMatchObject({ ok: false, reason: "unavailable", message: expect.stringContaining("The chain is not reachable") });
  });
});

/** The step each failure stops at on /verify's "What was checked". */
const FAILED_STEP: Record<string, string> = {
  malformed: "decoded",
  "unknown-kind": "decoded",
  decompression: "decoded",
  "signature-invalid": "signature",
  expired: "age",
  future: "age",
  "not-member": "member",
  "not-in-chapter": "chapter",
};

/** /verify's "What was checked": each step and its state. */
const checks = (page: Page) => [...page.main.matchAll(/<li data-check="([\w ]+)" data-state="([\w ]+)"/g)].map((m) => [m[1], m[2]]);

describe("/verify and /proofs pages", () => {
  const verifyPage = (proof: string) => get(stack.appUrl, `/verify?proof=${encodeURIComponent(proof)}`);
  const outcome = (page: Page) => {
    const section = /<section class="card proof-result" data-outcome="(\w+)"(?: data-reason="([\w-]+)")?>([\s\S]*?)<\/section>/.exec(page.main);
    if (!section) return null;
    return {
      outcome: section[1],
      reason: section[2] ?? null,
      heading: text(/<h2>([\s\S]*?)<\/h2>/.exec(section[3]!)?.[1] ?? ""),
      message: text(/<p class="failure-reason">([\s\S]*?)<\/p>/.exec(section[3]!)?.[1] ?? ""),
      body: text(section[3]!),
    };
  };

  it("without a proof: the form only", async () => {
    const page = await get(stack.appUrl, "/verify");
    expect(page.status).toBe(200);
    expect(page.main).toContain('<textarea name="proof"');
    expect(outcome(page)).toBeNull();
  });

  it("a valid proof: kind, signer, signed at, and the signer's chapter and roles now", async () => {
    const proof = await membershipProof(executive);
    const page = await verifyPage(await encodeProof(proof));
    expect(page.status).toBe(200);
    const shown = outcome(page)!;
    expect(shown).toMatchObject({ outcome: "valid", reason: null, heading: "Valid: Membership proof" });
    expect(shown.body).toContain(`Signer${executive.address}`);
    expect(shown.body).toContain(`Signed at${new Date(proof.signedAt * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC (${proof.signedAt})`);
    expect(shown.body).toContain("ChapterBerlin (member)");
    expect(shown.body).toContain("RolesChapter executive of Chapter 1");
    expect(page.main).toContain('href="/chapters/1"');
    // What was checked, each step passed; the signature as a plain key's.
    expect(checks(page)).toEqual([
      ["decoded", "passed"],
      ["signature", "passed"],
      ["age", "passed"],
      ["member", "passed"],
    ]);
    expect(shown.body).toContain(`domain Party, version 1, chain 137, contract ${stack.address}; recovered from the signature: the signer is a plain key (an EOA).`);
  });

  it("a valid social verification shows the signed message", async () => {
    const proof = await proofSigner(executive)("social", { service: "youtube", displayName: "Party Berlin", chapterId: "1" });
    const page = await verifyPage(await encodeProof(proof));
    const shown = outcome(page)!;
    expect(shown).toMatchObject({ outcome: "valid", heading: "Valid: Chapter social account verification" });
    expect(shown.body).toContain("ServiceYouTube");
    expect(shown.body).toContain("Display nameParty Berlin");
    expect(page.main).toContain("This YouTube channel is an official chapter account of the Party.");
    expect(checks(page)).toEqual([
      ["decoded", "passed"],
      ["signature", "passed"],
      ["member", "passed"],
      ["chapter", "passed"],
    ]);
    expect(shown.body).toContain("signed the message shown (personal_sign, EIP-191)");
  });

  it("each failure shows its heading and exact reason", async () => {
    const good = await membershipProof(executive);
    const cases: [string, string, string][] = [
      ["hello", "malformed", "Malformed proof"],
      ["zz9.abcd", "unknown-kind", "Unknown kind of proof"],
      ["pm1.__8B", "decompression", "The proof does not decompress"],
      [`pm1.${Buffer.from("not json").toString("base64url")}`, "decompression", "The proof does not decompress"],
      [await encodeProof(tampered(good)), "signature-invalid", "Signature invalid"],
      [await encodeProof(await membershipProof(executive, now() - MEMBERSHIP_PROOF_MAX_AGE_SECONDS - 3600)), "expired", "Too old"],
      [await encodeProof(await membershipProof(executive, now() + 3600)), "future", "Signed in the future"],
      [await encodeProof(await membershipProof(ALICE)), "not-member", "Signer not a member"],
      [await encodeProof(await proofSigner(executive)("social", { service: "x", displayName: "Party London", chapterId: "2" })), "not-in-chapter", "Signer not in that chapter"],
    ];
    for (const [proof, reason, title] of cases) {
      const page = await verifyPage(proof);
      expect([reason, page.status, errorOf(page)]).toEqual([reason, 200, null]);
      const expected = await verifyProof(proof);
      expect(expected.ok).toBe(false);
      const shown = outcome(page)!;
      expect(shown).toMatchObject({ outcome: "invalid", reason, heading: `Not valid: ${title}` });
      expect(shown.message).toBe(expected.ok ? "" : expected.message);
      // The step it stopped at failed, the ones before passed, none after was reached.
      const steps = checks(page);
      const failedAt = steps.findIndex(([, state]) => state === "failed");
      expect([reason, steps.slice(0, failedAt).every(([, state]) => state === "passed")]).toEqual([reason, true]);
      expect([reason, steps.slice(failedAt + 1).every(([, state]) => state === "not reached")]).toEqual([reason, true]);
      expect([reason, steps[failedAt]![0]]).toEqual([reason, FAILED_STEP[reason]]);
    }
    // What does decode is shown with the failure.
    const notMember = outcome(await verifyPage(await encodeProof(await membershipProof(ALICE))))!;
    expect(notMember.body).toContain(`Signer${ALICE.address}`);
    expect(notMember.body).toContain("Party memberno");
  });

  it("the bad-json and bad-fields reasons reach the page too", async () => {
    const { deflateRawSync } = await import("node:zlib");
    const encode = (json: string) => `pm1.${deflateRawSync(Buffer.from(json)).toString("base64url")}`;
    const badJson = outcome(await verifyPage(encode("{nope")))!;
    expect(badJson).toMatchObject({ reason: "bad-json", heading: "Not valid: The proof is not valid JSON", message: "The proof decompresses, but not to JSON" });
    const badFields = outcome(await verifyPage(encode(JSON.stringify({ signer: "0x12", signedAt: 1, signature: "0x" }))))!;
    expect(badFields).toMatchObject({
      reason: "bad-fields",
      heading: "Not valid: The proof's fields are not valid",
      message: "The proof's fields are not valid: signer must be an address (0x and 40 hex digits)",
    });
  });

  it("/proofs renders the form to make a proof", async () => {
    const page = await get(stack.appUrl, "/proofs");
    expect(page.status).toBe(200);
    expect(text(/<h1>([\s\S]*?)<\/h1>/.exec(page.main)![1]!)).toBe("Make a proof");
    expect(page.main).toMatch(/<input type="radio" name="kind"[^>]*value="membership"/);
    expect(page.main).toContain('name="signer"');
    // No wallet code in its scripts.
    expect(page.body).not.toMatch(/account-kit/i);
  });
});
