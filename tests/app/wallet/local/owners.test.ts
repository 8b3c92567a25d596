/**
 * The pure parts of the local wallet: owner normalisation (SPEC section 5), owner and signature
 * encodings, the software passkey, and the local addresses. No chain needed.
 */
import { WebAuthnP256 } from "ox";
import { concat, decodeAbiParameters, keccak256, stringToHex, type Hex } from "viem";
import { LOCAL_WALLET } from "../../../../abis/deployments.js";
import {
  encodeOwnerSignature,
  normaliseOwners,
  ownerFromPublicKey,
} from "../../../../app/wallet/local/smart-account.js";
import { WALLET_INFRA } from "../../../../scripts/lib/wallet-infra.js";
import { createSoftwarePasskey } from "../../../fixtures/software-passkey.js";

const hash = keccak256(stringToHex("challenge"));

describe("normaliseOwners", () => {
  const a = `0x${"0a".repeat(64)}` as Hex;
  const b = `0x${"0B".repeat(64)}` as Hex;
  const c = `0x${"f0".repeat(64)}` as Hex;

  it("drops empty and zero keys, removes duplicates and sorts ascending", () => {
    expect(normaliseOwners([c, "0x", a, `0x${"00".repeat(64)}`, b.toLowerCase() as Hex, b, a])).toEqual([
      a,
      b.toLowerCase(),
      c,
    ]);
  });

  it("accepts uncompressed SEC1 keys (0x04 ++ x ++ y) as the same key", () => {
    expect(normaliseOwners([concat(["0x04", c]), c])).toEqual([c]);
  });

  it("refuses anything that is not a P-256 public key", () => {
    expect(() => normaliseOwners(["0x1234"])).toThrow(/InvalidOwner/);
    expect(() => normaliseOwners([concat(["0x05", c])])).toThrow(/InvalidOwner/);
  });
});

describe("ownerFromPublicKey", () => {
  it("is the verifier address followed by the key (84 bytes)", () => {
    const { publicKey } = createSoftwarePasskey();
    const owner = ownerFromPublicKey(publicKey, LOCAL_WALLET.webAuthnVerifier);
    expect(owner).toBe(concat([LOCAL_WALLET.webAuthnVerifier, publicKey]).toLowerCase());
    expect((owner.length - 2) / 2).toBe(84);
    expect(ownerFromPublicKey(concat(["0x04", publicKey]), LOCAL_WALLET.webAuthnVerifier)).toBe(owner);
  });
});

describe("software passkey", () => {
  it("produces assertions that verify like a browser passkey's", async () => {
    for (const passkey of [createSoftwarePasskey(), createSoftwarePasskey({ chromeExtraKey: true })]) {
      const { signature, webauthn } = await passkey.account.sign({ hash });
      expect(WebAuthnP256.verify({ challenge: hash, metadata: webauthn, publicKey: fromHex(passkey.publicKey), signature: rs(signature) })).toBe(true);
      expect(webauthn.clientDataJSON).toMatch(/^\{"type":"webauthn\.get","challenge":"[A-Za-z0-9_-]{43}","origin":"http:\/\/localhost:3000","crossOrigin":false/);
      // UP | UV | BE | BS, counter 0: a synced platform passkey.
      expect(webauthn.authenticatorData.slice(66, 76)).toBe("1d00000000");
    }
  });

  it("refuses a request for another relying party or credential", async () => {
    const passkey = createSoftwarePasskey({ rpId: "party.example" });
    await expect(passkey.getFn({ publicKey: { challenge: new Uint8Array(32), rpId: "evil.example" } })).rejects.toThrow(/no credential/);
    await expect(
      passkey.getFn({ publicKey: { challenge: new Uint8Array(32), rpId: "party.example", allowCredentials: [{ id: new Uint8Array(16), type: "public-key" }] } }),
    ).rejects.toThrow(/not found/);
  });

  it("is deterministic for a given private key", () => {
    const privateKey = keccak256(stringToHex("a fixed test key"));
    expect(createSoftwarePasskey({ privateKey }).publicKey).toBe(createSoftwarePasskey({ privateKey }).publicKey);
  });
});

describe("encodeOwnerSignature", () => {
  it("is abi.encode([owner], [abi.encode(r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON)])", async () => {
    const passkey = createSoftwarePasskey();
    const owner = ownerFromPublicKey(passkey.publicKey, LOCAL_WALLET.webAuthnVerifier);
    const signed = await passkey.account.sign({ hash });

    const [owners, assertions] = decodeAbiParameters([{ type: "bytes[]" }, { type: "bytes[]" }], encodeOwnerSignature(owner, signed));

    expect(owners).toEqual([owner]);
    const [r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON] = decodeAbiParameters(
      [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "string" }],
      assertions[0],
    );
    expect(concat([r, s])).toBe(signed.signature);
    expect(clientDataJSON).toBe(signed.webauthn.clientDataJSON);
    expect(clientDataJSON.slice(Number(typeIndex))).toMatch(/^"type":"webauthn.get"/);
    expect(clientDataJSON.slice(Number(challengeIndex))).toMatch(/^"challenge":"/);
    expect(authenticatorData).toBe(signed.webauthn.authenticatorData);
    // OpenZeppelin's P256 accepts only low s.
    expect(BigInt(s)).toBeLessThanOrEqual(0x7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8n);
  });
});

describe("LOCAL_WALLET", () => {
  it("matches the addresses the deployment script computes from a fresh compile", () => {
    expect(LOCAL_WALLET).toEqual(WALLET_INFRA);
  });
});

function rs(signature: Hex) {
  return { r: BigInt(signature.slice(0, 66)), s: BigInt(`0x${signature.slice(66, 130)}`) };
}

function fromHex(publicKey: Hex) {
  return { prefix: 4, x: BigInt(publicKey.slice(0, 66)), y: BigInt(`0x${publicKey.slice(66)}`) } as const;
}
