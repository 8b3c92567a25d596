/**
 * Verifying proofs against the whole local product (./proofs-stack.ts): EOA members, a passkey
 * smart account before (ERC-6492) and after (ERC-1271) deployment, tampering, age limits and
 * non-members. The tampered proofs: proof-tampering.ts. /verify rendering each outcome over HTTP:
 * tests/app/routes/verify.test.ts.
 */
import { createPublicClient, createWalletClient, getAddress, http, isErc6492Signature } from "viem";
import { LOCAL_WALLET } from "../../../abis/deployments.js";
import { partyAbi } from "../../../abis/party.js";
import { encodeProof } from "../../../app/utils/proofs/codec";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS } from "../../../app/utils/proofs/proof";
import { socialVerificationMessage } from "../../../app/utils/proofs/signed-data";
import { proofSigner } from "../../../app/utils/proofs/signer";
import { toPartyAccount, type PartyAccount } from "../../../app/wallet/local/smart-account";
import { localChain } from "../../../scripts/lib/chain-definition.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { ADMIN, ALICE } from "../../fixtures/accounts.js";
import { createSoftwarePasskey } from "../../fixtures/software-passkey.js";
import { tampered, tamperedPasskey } from "./proof-tampering.js";
import { executive, membershipProof, now, partyExecutive, stack, useProofsStack, verify, verifyProof } from "./proofs-stack.js";

useProofsStack();

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

