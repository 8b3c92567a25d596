/**
 * A software WebAuthn authenticator for Node tests: a P-256 key that answers
 * `navigator.credentials.get` the way a browser passkey does, so viem's `toWebAuthnAccount`
 * (through its `getFn` option) and the contracts see exactly what they see in production:
 *
 * - clientDataJSON `{"type":"webauthn.get","challenge":<base64url>,"origin":...,"crossOrigin":false}`
 *   (optionally with Chrome's extra key, which shifts nothing the verifier relies on),
 * - authenticatorData `sha256(rpId) ++ flags ++ signCount`, flags UP|UV|BE|BS like a synced passkey,
 * - an ASN.1 DER ECDSA signature over `sha256(authenticatorData ++ sha256(clientDataJSON))`,
 *   with s not normalised (browsers return high s half the time; viem normalises it).
 *
 * It refuses requests for another relying party or another credential, like a real one.
 */
import { p256 } from "@noble/curves/p256";
import { bytesToHex, concat, hexToBytes, sha256, stringToBytes, toBytes, type Hex } from "viem";
import { toWebAuthnAccount, type ToWebAuthnAccountParameters, type WebAuthnAccount } from "viem/account-abstraction";

type GetFn = NonNullable<ToWebAuthnAccountParameters["getFn"]>;
type RequestOptions = Parameters<GetFn>[0];

export type SoftwarePasskeyParameters = {
  /** 32-byte private key; random when unset. */
  privateKey?: Hex;
  rpId?: string;
  origin?: string;
  /** Adds Chrome's `other_keys_can_be_added_here` member to clientDataJSON. */
  chromeExtraKey?: boolean;
  /** Authenticator flags; UP|UV|BE|BS (0x1d) when unset. */
  flags?: number;
};

export type SoftwarePasskey = {
  /** Credential id, base64url. */
  id: string;
  /** `qx ++ qy`, as viem's P256Credential holds it. */
  publicKey: Hex;
  privateKey: Hex;
  rpId: string;
  origin: string;
  /** The `navigator.credentials.get` stand-in. */
  getFn: GetFn;
  /** A viem WebAuthnAccount backed by this authenticator. */
  account: WebAuthnAccount;
  /** How many assertions it has made. */
  signatures(): number;
};

export function createSoftwarePasskey(params: SoftwarePasskeyParameters = {}): SoftwarePasskey {
  const privateKey = params.privateKey ? hexToBytes(params.privateKey) : p256.utils.randomPrivateKey();
  const publicKey = bytesToHex(p256.getPublicKey(privateKey, false).slice(1));
  const rawId = crypto.getRandomValues(new Uint8Array(16));
  const id = base64url(rawId);
  const rpId = params.rpId ?? "localhost";
  const origin = params.origin ?? "http://localhost:3000";
  const flags = params.flags ?? 0x1d;
  let count = 0;

  const getFn: GetFn = async (options?: RequestOptions) => {
    const request = options?.publicKey;
    if (!request) throw new DOMException("publicKey options required", "NotSupportedError");
    if ((request.rpId ?? rpId) !== rpId) throw new DOMException(`no credential for ${request.rpId}`, "NotAllowedError");
    const allowed = request.allowCredentials ?? [];
    if (allowed.length > 0 && !allowed.some((c) => base64url(toUint8Array(c.id)) === id)) {
      throw new DOMException("credential not found", "NotAllowedError");
    }

    const clientData: Record<string, string | boolean> = {
      type: "webauthn.get",
      challenge: base64url(toUint8Array(request.challenge)),
      origin,
      crossOrigin: false,
    };
    if (params.chromeExtraKey) {
      clientData.other_keys_can_be_added_here = "do not compare clientDataJSON against a template. See https://goo.gl/yabPex";
    }
    const clientDataJSON = stringToBytes(JSON.stringify(clientData));
    const authenticatorData = concat([sha256(stringToBytes(rpId), "bytes"), new Uint8Array([flags]), new Uint8Array(4)]);
    const digest = sha256(concat([authenticatorData, sha256(clientDataJSON, "bytes")]), "bytes");
    const signature = p256.sign(digest, privateKey, { lowS: false }).toDERRawBytes();
    count += 1;

    return {
      id,
      type: "public-key",
      rawId: toArrayBuffer(rawId),
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: toArrayBuffer(clientDataJSON),
        authenticatorData: toArrayBuffer(authenticatorData),
        signature: toArrayBuffer(signature),
        userHandle: null,
      },
      getClientExtensionResults: () => ({}),
    };
  };

  const account = toWebAuthnAccount({ credential: { id, publicKey }, getFn, rpId });
  return { id, publicKey, privateKey: bytesToHex(privateKey), rpId, origin, getFn, account, signatures: () => count };
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A WebAuthn BufferSource (or the hex ox uses in serialised options) as bytes. */
function toUint8Array(source: unknown): Uint8Array {
  if (typeof source === "string") return toBytes(source as Hex);
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  throw new TypeError("not a BufferSource");
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}
