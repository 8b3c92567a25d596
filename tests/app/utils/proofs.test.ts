/**
 * The proof formats (app/utils/proofs/), without a chain: what is signed, the exact social
 * verification text, the encoding round trip, and the exact reason for every kind of bad input.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { concat, encodeAbiParameters, hashTypedData, keccak256, parseAbiParameters, recoverMessageAddress, recoverTypedDataAddress, toHex, type Address, type Hex } from "viem";
import { decodeProof, encodeProof, MAX_ENCODED_PROOF_LENGTH, toBase64Url } from "../../../app/utils/proofs/codec";
import type { MembershipProof, SocialProof } from "../../../app/utils/proofs/proof";
import {
  membershipProofTypedData,
  membershipProofTypedDataJson,
  socialVerificationMessage,
  VIDEO_SERVICE_PREFACE,
} from "../../../app/utils/proofs/signed-data";
import { proofSigner } from "../../../app/utils/proofs/signer";
import { checkChapterId, checkDisplayName, fieldMessage, proofFromFields, type FieldCheck } from "../../../app/utils/proofs/fields";
import "../../../app/i18n/i18n.server";
import { tFor } from "../../../app/i18n/instance";
import { interpolation } from "../../../app/i18n/message";
import { ALICE } from "../../fixtures/accounts.js";

const PARTY = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const encode = (prefix: string, json: string) => `${prefix}.${toBase64Url(deflateRawSync(Buffer.from(json)))}`;
const signature = `0x${"ab".repeat(65)}` as Hex;

describe("what is signed", () => {
  it("a membership proof is EIP-712 MembershipProof(address signer,uint32 signedAt) in the Party v1 domain on chain 137", () => {
    const typedData = membershipProofTypedData(PARTY, { signer: ALICE.address, signedAt: 1_700_000_000 });
    expect(typedData.domain).toEqual({ name: "Party", version: "1", chainId: 137, verifyingContract: PARTY });
    expect(typedData.types).toEqual({ MembershipProof: [{ name: "signer", type: "address" }, { name: "signedAt", type: "uint32" }] });
    expect(typedData.primaryType).toBe("MembershipProof");
    // The digest follows from the type strings alone (EIP-712 by hand).
    const domainSeparator = keccak256(
      encodeAbiParameters(parseAbiParameters("bytes32, bytes32, bytes32, uint256, address"), [
        keccak256(toHex("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")),
        keccak256(toHex("Party")),
        keccak256(toHex("1")),
        137n,
        PARTY,
      ]),
    );
    const structHash = keccak256(
      encodeAbiParameters(parseAbiParameters("bytes32, address, uint32"), [keccak256(toHex("MembershipProof(address signer,uint32 signedAt)")), ALICE.address, 1_700_000_000]),
    );
    expect(hashTypedData(typedData)).toBe(keccak256(concat(["0x1901", domainSeparator, structHash])));
    const json = JSON.parse(membershipProofTypedDataJson(PARTY, { signer: ALICE.address, signedAt: 1_700_000_000 }));
    expect(json.types.EIP712Domain.map((t: { name: string }) => t.name)).toEqual(["name", "version", "chainId", "verifyingContract"]);
    expect(json.message).toEqual({ signer: ALICE.address, signedAt: 1_700_000_000 });
  });

  it("the social verification message is the service, display name, chapter and account (lower case), one per line", () => {
    const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(socialVerificationMessage({ service: "x", displayName: "Party Berlin", chapterId: "1", account })).toBe(
      "Service: X\nDisplay name: Party Berlin\nChapter: 1\nAccount: 0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    );
    expect(socialVerificationMessage({ service: "telegram", displayName: "Partei · Köln 🎉", chapterId: "340282366920938463463374607431768211455", account })).toBe(
      "Service: Telegram\nDisplay name: Partei · Köln 🎉\nChapter: 340282366920938463463374607431768211455\nAccount: 0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    );
  });

  it("for YouTube the message starts with the fixed preface that it is an official chapter account", () => {
    expect(VIDEO_SERVICE_PREFACE).toBe("This YouTube channel is an official chapter account of the Party.");
    expect(socialVerificationMessage({ service: "youtube", displayName: "Party Lagos TV", chapterId: "4", account: ALICE.address })).toBe(
      "This YouTube channel is an official chapter account of the Party.\n\n" +
        `Service: YouTube\nDisplay name: Party Lagos TV\nChapter: 4\nAccount: ${ALICE.address.toLowerCase()}`,
    );
  });

  it("proofSigner signs both kinds with a viem account", async () => {
    const sign = proofSigner(ALICE, () => 1_700_000_123_456);
    const membership = await sign("membership", { verifyingContract: PARTY });
    expect(membership).toMatchObject({ kind: "membership", signer: ALICE.address.toLowerCase(), signedAt: 1_700_000_123 });
    expect(await recoverTypedDataAddress({ ...membershipProofTypedData(PARTY, membership), signature: membership.signature })).toBe(ALICE.address);

    const social = await sign("social", { service: "youtube", displayName: "Party Tokyo", chapterId: "5" });
    expect(social).toMatchObject({ kind: "social", account: ALICE.address.toLowerCase(), service: "youtube" });
    expect(await recoverMessageAddress({ message: socialVerificationMessage(social), signature: social.signature })).toBe(ALICE.address);
  });
});

describe("encoding", () => {
  const alice = ALICE.address.toLowerCase() as Address;
  const membership: MembershipProof = { kind: "membership", signer: alice, signedAt: 1_700_000_000, signature };
  const social: SocialProof = { kind: "social", service: "youtube", displayName: "Party Berlin", chapterId: "1", account: alice, signature };

  it("round-trips both kinds with the pm1./sv1. prefixes, base64url and deflate-raw JSON, addresses in lower case", async () => {
    const pm = await encodeProof(membership);
    expect(pm).toMatch(/^pm1\.[A-Za-z0-9_-]+$/);
    expect(await decodeProof(pm)).toEqual({ ok: true, proof: membership });
    const sv = await encodeProof(social);
    expect(sv).toMatch(/^sv1\.[A-Za-z0-9_-]+$/);
    expect(await decodeProof(sv)).toEqual({ ok: true, proof: social });
    // The payload is plain JSON of the fields and the signature.
    expect(JSON.parse(inflateRawSync(Buffer.from(pm.slice(4), "base64url")).toString())).toEqual({
      signer: alice,
      signedAt: 1_700_000_000,
      signature,
    });
    // One encoding per proof: checksummed input encodes like lower case.
    expect(await encodeProof({ ...membership, signer: ALICE.address })).toBe(pm);
    // Whitespace from line-wrapped copies is ignored.
    expect(await decodeProof(`  ${pm.slice(0, 10)}\n${pm.slice(10)}\n`)).toEqual({ ok: true, proof: membership });
  });

  it.each([
    ["", "malformed", "The proof is empty"],
    ["   ", "malformed", "The proof is empty"],
    ["hello", "malformed", 'The proof must start with its kind and a dot: "pm1." (membership proof) or "sv1." (social account verification)'],
    [".abc", "malformed", 'The proof must start with its kind and a dot: "pm1." (membership proof) or "sv1." (social account verification)'],
    ["PM1.abc", "malformed", 'The proof must start with its kind and a dot: "pm1." (membership proof) or "sv1." (social account verification)'],
    ["zz9.abcd", "unknown-kind", 'Unknown kind of proof "zz9": known are pm1 (membership proof) and sv1 (social account verification)'],
    ["pm2.abcd", "unknown-kind", 'Unknown kind of proof "pm2": known are pm1 (membership proof) and sv1 (social account verification)'],
    ["pm1.", "malformed", "The proof after the prefix is not base64url (A–Z, a–z, 0–9, - and _)"],
    ["pm1.ab+/", "malformed", "The proof after the prefix is not base64url (A–Z, a–z, 0–9, - and _)"],
    ["pm1.abcde", "malformed", "The proof after the prefix is not base64url (A–Z, a–z, 0–9, - and _)"],
    [`pm1.${"A".repeat(MAX_ENCODED_PROOF_LENGTH)}`, "malformed", `The proof is longer than ${MAX_ENCODED_PROOF_LENGTH} characters`],
    ["pm1.__8B", "decompression", "The proof does not decompress (it is not deflate-raw data, or it was cut off or altered)"],
  ])("%j → %s", async (input, reason, message) => {
    expect(await decodeProof(input)).toMatchObject({ ok: false, reason, message });
  });

  it("says which step fails: decompression, JSON, fields", async () => {
    const valid = await encodeProof(membership);
    const cut = await decodeProof(valid.slice(0, 20));
    expect(cut).toMatchObject({ ok: false, reason: "decompression" });

    const bomb = `pm1.${toBase64Url(deflateRawSync(Buffer.alloc(1_000_000, 32)))}`;
    expect(await decodeProof(bomb)).toMatchObject({ ok: false, reason: "decompression", message: "The proof decompresses to more than 16384 bytes" });

    expect(await decodeProof(encode("pm1", "not json"))).toMatchObject({ ok: false, reason: "bad-json", message: "The proof decompresses, but not to JSON" });
    expect(await decodeProof(`pm1.${toBase64Url(deflateRawSync(Buffer.from([0xff, 0xfe, 0x7b])))}`)).toMatchObject({ reason: "decompression" });

    const fields = (json: unknown, prefix = "pm1") => decodeProof(encode(prefix, JSON.stringify(json)));
    const good = { signer: ALICE.address, signedAt: 1_700_000_000, signature };
    const cases: [unknown, string, string?][] = [
      [[1, 2], "the JSON must be an object"],
      [{ ...good, extra: 1 }, 'unexpected field "extra"'],
      [{ signer: ALICE.address, signature }, "signedAt is missing"],
      [{ ...good, signer: "0x1234" }, "signer must be an address (0x and 40 hex digits)"],
      [{ ...good, signedAt: -1 }, "signedAt must be a whole number of seconds from 0 to 4294967295"],
      [{ ...good, signedAt: 2 ** 32 }, "signedAt must be a whole number of seconds from 0 to 4294967295"],
      [{ ...good, signedAt: "1700000000" }, "signedAt must be a whole number of seconds from 0 to 4294967295"],
      [{ ...good, signature: "0x1234" }, "signature must be 64 to 4096 bytes, got 2"],
      [{ ...good, signature: "0xabc" }, "signature must be 0x followed by hex bytes"],
      [{ ...good, service: "x" }, 'unexpected field "service"'],
      [{ service: "myspace", displayName: "A", chapterId: "1", account: ALICE.address, signature }, "service must be one of youtube, x, telegram, facebook, instagram, tiktok, bluesky, mastodon", "sv1"],
      [{ service: "x", displayName: "A\nChapter: 2", chapterId: "1", account: ALICE.address, signature }, "displayName must be one line without control characters", "sv1"],
      [{ service: "x", displayName: " A", chapterId: "1", account: ALICE.address, signature }, "displayName must not start or end with spaces", "sv1"],
      [{ service: "x", displayName: "A".repeat(101), chapterId: "1", account: ALICE.address, signature }, "displayName must be at most 100 characters", "sv1"],
      [{ service: "x", displayName: "A", chapterId: "0", account: ALICE.address, signature }, "chapterId must be a whole number from 1 to 2^128-1", "sv1"],
      [{ service: "x", displayName: "A", chapterId: 1, account: ALICE.address, signature }, "chapterId must be a whole number from 1 to 2^128-1", "sv1"],
      [{ service: "x", displayName: "A", chapterId: (1n << 128n).toString(), account: ALICE.address, signature }, "chapterId must be a whole number from 1 to 2^128-1", "sv1"],
      [{ service: "x", displayName: "A", chapterId: "1", signature }, "account is missing", "sv1"],
    ];
    for (const [json, message, prefix] of cases) {
      expect(await fields(json, prefix)).toMatchObject({ ok: false, reason: "bad-fields", message: `The proof's fields are not valid: ${message}` });
    }
  });
});

describe("the /proofs form's field problems in the page's language", () => {
  /** What the form shows for a failed check, in `language` (app/routes/proofs.tsx). */
  const shown = (checked: FieldCheck<unknown>, language: string) => {
    if (checked.ok) throw new Error("the check passed");
    const said = fieldMessage(checked);
    return tFor(language)(said.key, interpolation(said.values));
  };

  it.each([
    ["de", checkDisplayName(" Kanal"), "displayName darf nicht mit Leerzeichen beginnen oder enden"],
    ["ar", checkChapterId("0"), "يجب أن يكون chapterId عددًا صحيحًا من 1 إلى 2^128-1"],
    ["de", proofFromFields("membership", { signer: "0x12", signedAt: 1, signature }), "signer muss eine Adresse sein (0x und 40 Hexadezimalziffern)"],
  ])("%s: %s", (language, checked, text) => {
    expect(shown(checked, language)).toBe(text);
    // The English is the check's own `message`, what the JSON API says.
    expect(shown(checked, "en")).toBe(!checked.ok && checked.message);
  });
});
