/**
 * The local wallet back-end end to end: software passkeys (real WebAuthn assertions) owning
 * PartyAccounts on a real anvil, user operations through the real alto bundler, gas paid by the
 * SponsorPaymaster; owners changing, and the signatures the account and the verifier accept. The
 * cases build on each other (one chain per file), in order. The stack: smart-account-stack.ts; the
 * factory and the paymaster on their own: smart-account-factory.test.ts.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  encodeFunctionData,
  isErc6492Signature,
  keccak256,
  pad,
  parseEventLogs,
  stringToHex,
  type Address,
  type Hex,
} from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { partyAbi } from "../../../../abis/party.js";
import { partyAccountAbi } from "../../../../abis/party-account.js";
import { sponsorPaymasterAbi } from "../../../../abis/sponsor-paymaster.js";
import { webAuthnVerifierAbi } from "../../../../abis/webauthn-verifier.js";
import {
  encodeOwnerSignature,
  encodeWebAuthnAssertion,
  ownerFromPublicKey,
  type PartyAccount,
} from "../../../../app/wallet/local/smart-account.js";
import { deployWalletInfra } from "../../../../scripts/lib/wallet-infra.js";
import { ADMIN, ALICE } from "../../../fixtures/accounts.js";
import { createSoftwarePasskey, type SoftwarePasskey } from "../../../fixtures/software-passkey.js";
import { stack, useWalletStack } from "./smart-account-stack.js";

const require = createRequire(import.meta.url);
const ERC1271_MAGIC = "0x1626ba7e";
const ERC1271_INVALID = "0xffffffff";

useWalletStack();

const key1 = createSoftwarePasskey();
const key2 = createSoftwarePasskey({ chromeExtraKey: true });
const key3 = createSoftwarePasskey();
const key4 = createSoftwarePasskey({ origin: "https://party.example", rpId: "party.example" });
let owner1: Hex, owner2: Hex, owner3: Hex, owner4: Hex;

/** Alice's account, first owned by key1 alone. */
let alice: PartyAccount;
/** Bob's account, a founding member of chapter 2 before it even exists on chain. */
let bob: PartyAccount;

const apply = (chapterId: bigint) =>
  encodeFunctionData({ abi: partyAbi, functionName: "applyForChapterMembership", args: [chapterId] });
const updateOwners = (add: Hex[], remove: Hex[]) =>
  encodeFunctionData({ abi: partyAccountAbi, functionName: "updateOwners", args: [add, remove] });

beforeAll(async () => {
  [owner1, owner2, owner3, owner4] = [key1, key2, key3, key4].map((k) => ownerFromPublicKey(k.publicKey, stack.wallet.infra.webAuthnVerifier));
  ({ account: alice } = await stack.wallet.accountFor(key1));
  ({ account: bob } = await stack.wallet.accountFor());

  // Chapter 1 without members, chapter 2 founded by Bob's (not yet deployed) account.
  await stack.waitFor(
    await stack.party(ADMIN).write.addChapterToParty([[[], [bob.address]], [pad("0x01"), pad("0x02")], [1, 2], [3, 4]]),
  );
});

describe("wallet infrastructure", () => {
  it("puts EntryPoint v0.7 at its canonical address, and the bundler serves it", async () => {
    expect(stack.wallet.infra.entryPoint).toBe("0x0000000071727De22E5E9d8BAf0edAc6f37da032");
    expect(stack.wallet.infra.entryPoint).toBe(entryPoint07Address);
    const artifact = JSON.parse(
      readFileSync(require.resolve("@account-abstraction/contracts/artifacts/EntryPoint.json"), "utf8"),
    ) as { deployedBytecode: Hex };
    const code = await stack.publicClient.getCode({ address: entryPoint07Address });
    expect(code?.length).toBe(artifact.deployedBytecode.length);
    expect(await stack.wallet.bundlerClient.getSupportedEntryPoints()).toContain(entryPoint07Address);
  });

  it("is deployed idempotently, with the paymaster's EntryPoint deposit funded", async () => {
    const again = await deployWalletInfra({ rpcUrl: stack.rpcUrl, deployer: ADMIN });
    expect(again).toEqual({ ...stack.wallet.infra, deployed: false });
    const deposit = await stack.publicClient.readContract({
      address: stack.wallet.infra.paymaster,
      abi: sponsorPaymasterAbi,
      functionName: "getDeposit",
    });
    expect(deposit).toBeGreaterThanOrEqual(10n ** 20n);
  });
});

describe("a passkey smart account", () => {
  it("is created by its first user operation, gas sponsored, and applies from its own address", async () => {
    expect(await alice.isDeployed()).toBe(false);
    expect(await stack.publicClient.getBalance({ address: alice.address })).toBe(0n);
    const getDeposit = () =>
      stack.publicClient.readContract({ address: stack.wallet.infra.paymaster, abi: sponsorPaymasterAbi, functionName: "getDeposit" });
    const depositBefore = await getDeposit();

    const receipt = await stack.wallet.sendAndWait(alice, [{ to: stack.address, data: apply(1n) }]);

    expect(receipt.success).toBe(true);
    expect(receipt.sender).toBe(alice.address);
    expect(receipt.paymaster).toBe(stack.wallet.infra.paymaster);
    expect(await alice.isDeployed()).toBe(true);
    expect(await stack.read.read.applicationChapter([alice.address])).toBe(1n);
    const [applied] = parseEventLogs({ abi: partyAbi, logs: receipt.logs, eventName: "Applied" });
    expect(applied.args).toEqual({ account: alice.address, chapterId: 1n });
    // The account still holds nothing: the paymaster's deposit paid.
    expect(await stack.publicClient.getBalance({ address: alice.address })).toBe(0n);
    expect(depositBefore - (await getDeposit())).toBe(receipt.actualGasCost);
    // Created by the factory with key1 as its only owner; one passkey prompt for the operation.
    expect(await stack.publicClient.readContract({ address: alice.address, abi: partyAccountAbi, functionName: "owners" })).toEqual([owner1]);
    expect(key1.signatures()).toBe(1);
  });

  it("runs a batch of two calls, in order, in one user operation", async () => {
    expect(await stack.read.read.memberChapter([bob.address])).toBe(2n);

    const receipt = await stack.wallet.sendAndWait(bob, [
      { to: stack.address, data: encodeFunctionData({ abi: partyAbi, functionName: "leaveChapter" }) },
      { to: stack.address, data: apply(1n) },
    ]);

    expect(receipt.success).toBe(true);
    expect(await stack.read.read.memberChapter([bob.address])).toBe(0n);
    expect(await stack.read.read.applicationChapter([bob.address])).toBe(1n);
    const events = parseEventLogs({ abi: partyAbi, logs: receipt.logs }).map((e) => e.eventName);
    expect(events).toEqual(["LeftChapter", "Applied"]);
    expect(await bob.decodeCalls!(await bob.encodeCalls([{ to: stack.address, data: apply(1n) }]))).toEqual([
      { to: stack.address, value: 0n, data: apply(1n) },
    ]);
  });

  it("reports a call's contract error when the operation would revert, and sends nothing", async () => {
    const { account } = await stack.wallet.accountFor();
    await expect(
      stack.wallet.bundlerClient.sendUserOperation({
        account,
        calls: [{ to: stack.address, abi: partyAbi, functionName: "applyForChapterMembership", args: [99n] }],
      }),
    ).rejects.toThrow(/NotAChapter/);
    expect(await account.isDeployed()).toBe(false);
  });
});

describe("owners", () => {
  let aliceByKey2: PartyAccount;
  let aliceByKey1: PartyAccount;

  it("updateOwners adds a second passkey and removes the first in one call", async () => {
    const receipt = await stack.wallet.sendAndWait(alice, [{ to: alice.address, data: updateOwners([owner2], [owner1]) }]);

    expect(receipt.success).toBe(true);
    expect(await stack.publicClient.readContract({ address: alice.address, abi: partyAccountAbi, functionName: "owners" })).toEqual([owner2]);
    const [updated] = parseEventLogs({ abi: partyAccountAbi, logs: receipt.logs, eventName: "OwnersUpdated" });
    expect(updated.args).toEqual({ added: [owner2], removed: [owner1] });
  });

  it("after which the second passkey signs user operations", async () => {
    // The address no longer follows from the owners, so it is given.
    ({ account: aliceByKey2 } = await stack.wallet.accountFor(key2, { address: alice.address }));
    const receipt = await stack.wallet.sendAndWait(aliceByKey2, [{ to: alice.address, data: updateOwners([owner4], []) }]);

    expect(receipt.success).toBe(true);
    expect(await aliceByKey2.getOwners()).toEqual([owner2, owner4]);
  });

  it("and the removed passkey's user operations are rejected", async () => {
    ({ account: aliceByKey1 } = await stack.wallet.accountFor(key1, { address: alice.address }));
    await expect(stack.wallet.sendAndWait(aliceByKey1, [{ to: alice.address, data: updateOwners([owner1], []) }])).rejects.toThrow(
      /AA24 signature error/,
    );
    await expect(aliceByKey1.getOwners()).rejects.toThrow("on-chain owners does not include the current signer");
  });

  it("refuses an empty owner list, unknown or malformed owners, and callers other than the account", async () => {
    const asEntryPoint = (add: Hex[], remove: Hex[]) =>
      stack.publicClient.simulateContract({
        account: entryPoint07Address,
        address: alice.address,
        abi: partyAccountAbi,
        functionName: "updateOwners",
        args: [add, remove],
      });
    await expect(asEntryPoint([], [owner2, owner4])).rejects.toThrow(/EmptyOwnersNotAllowed/);
    await expect(asEntryPoint([], [owner1])).rejects.toThrow(/OwnerDoesNotExist/);
    await expect(asEntryPoint([owner2], [])).rejects.toThrow(/MultiSignerERC7913AlreadyExists/);
    const offCurve = ownerFromPublicKey(`0x${"11".repeat(64)}`, stack.wallet.infra.webAuthnVerifier);
    const otherVerifier = ownerFromPublicKey(key3.publicKey, ALICE.address);
    for (const bad of [offCurve, otherVerifier, ALICE.address]) {
      await expect(asEntryPoint([bad], [])).rejects.toThrow(/InvalidOwner/);
    }
    await expect(
      stack.publicClient.simulateContract({
        account: ALICE,
        address: alice.address,
        abi: partyAccountAbi,
        functionName: "updateOwners",
        args: [[owner3], []],
      }),
    ).rejects.toThrow(/AccountUnauthorized/);
    // A replacement through the EntryPoint is fine.
    await expect(asEntryPoint([owner3], [owner2, owner4])).resolves.toBeDefined();
  });
});

describe("signatures", () => {
  const hash = keccak256(stringToHex("a hash the party wants the member to sign"));
  const signedBy = async (key: SoftwarePasskey, owner: Hex, h: Hex = hash) => encodeOwnerSignature(owner, await key.account.sign({ hash: h }));
  const isValidSignature = (h: Hex, signature: Hex) =>
    stack.publicClient.readContract({ address: alice.address, abi: partyAccountAbi, functionName: "isValidSignature", args: [h, signature] });

  it("ERC-1271: an owner's signature of the hash is valid; a non-owner's is not", async () => {
    // Alice's owners are now key2 and key4.
    expect(await isValidSignature(hash, await signedBy(key2, owner2))).toBe(ERC1271_MAGIC);
    expect(await isValidSignature(hash, await signedBy(key4, owner4))).toBe(ERC1271_MAGIC);
    expect(await isValidSignature(hash, await signedBy(key3, owner3))).toBe(ERC1271_INVALID);
    expect(await isValidSignature(hash, await signedBy(key1, owner1))).toBe(ERC1271_INVALID); // removed
    expect(await isValidSignature(hash, await signedBy(key3, owner2))).toBe(ERC1271_INVALID); // claims key2
    expect(await isValidSignature(keccak256("0x00"), await signedBy(key2, owner2))).toBe(ERC1271_INVALID);
    expect(await isValidSignature(hash, "0x")).toBe(ERC1271_INVALID);
  });

  it("the WebAuthn verifier accepts the passkey's assertion for its key only", async () => {
    const assertion = encodeWebAuthnAssertion(await key2.account.sign({ hash }));
    const verify = (key: Hex) =>
      stack.publicClient.readContract({
        address: stack.wallet.infra.webAuthnVerifier,
        abi: webAuthnVerifierAbi,
        functionName: "verify",
        args: [key, hash, assertion],
      });
    expect(await verify(key2.publicKey)).toBe("0x024ad318"); // IERC7913SignatureVerifier.verify.selector
    expect(await verify(key3.publicKey)).toBe(ERC1271_INVALID);
  });

  const membershipProof = (signer: Address, signedAt: number) =>
    ({
      domain: { name: "Party", version: "1", chainId: 137, verifyingContract: stack.address },
      types: { MembershipProof: [{ name: "signer", type: "address" }, { name: "signedAt", type: "uint32" }] },
      primaryType: "MembershipProof",
      message: { signer, signedAt },
    }) as const;

  it("viem verifies typed data signed by an account that is not deployed yet (ERC-6492)", async () => {
    const { account: carol } = await stack.wallet.accountFor(key3);
    expect(await carol.isDeployed()).toBe(false);
    const typedData = membershipProof(carol.address, 1_700_000_000);

    const signature = await carol.signTypedData(typedData);

    expect(isErc6492Signature(signature)).toBe(true);
    expect(await stack.publicClient.verifyTypedData({ address: carol.address, signature, ...typedData })).toBe(true);
    expect(
      await stack.publicClient.verifyTypedData({ address: carol.address, signature, ...membershipProof(carol.address, 1) }),
    ).toBe(false);
    expect(await carol.isDeployed()).toBe(false);
  });

  it("and by a deployed account (ERC-1271), for its current owners only", async () => {
    const { account: aliceByKey4 } = await stack.wallet.accountFor(key4, { address: alice.address });
    const { account: aliceByKey1 } = await stack.wallet.accountFor(key1, { address: alice.address });
    const typedData = membershipProof(alice.address, 1_700_000_000);

    const signature = await aliceByKey4.signTypedData(typedData);

    expect(isErc6492Signature(signature)).toBe(false);
    expect(await stack.publicClient.verifyTypedData({ address: alice.address, signature, ...typedData })).toBe(true);
    const message = "I am a member";
    expect(
      await stack.publicClient.verifyMessage({ address: alice.address, message, signature: await aliceByKey4.signMessage({ message }) }),
    ).toBe(true);
    expect(
      await stack.publicClient.verifyTypedData({ address: alice.address, signature: await aliceByKey1.signTypedData(typedData), ...typedData }),
    ).toBe(false);
  });
});
