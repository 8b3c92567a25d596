/**
 * The member's passkey for the local back-end, through the browser's WebAuthn API.
 *
 * - Sign-up creates a discoverable P-256 credential (viem's createWebAuthnCredential) and
 *   remembers `{ id, publicKey }` in localStorage (and the account, for a passkey added to one):
 *   not secret, and needed because a WebAuthn assertion never carries the public key. A new
 *   device's passkey for "Add a device" is created the same way, and remembered only at sign-in.
 * - Sign-in asks for any passkey of this site (no allowCredentials, so a passkey synced from
 *   another device works too). When the key is not remembered here (another browser, or after a
 *   logout) it is recovered from the assertion: an ECDSA signature yields two candidate public
 *   keys; see wallet.ts for how the account decides between them.
 */
import { createWebAuthnCredential } from "viem/account-abstraction";
import type { Address, Hex } from "viem";
import * as Bytes from "ox/Bytes";
import * as Hash from "ox/Hash";
import * as OxHex from "ox/Hex";
import * as P256 from "ox/P256";
import * as PublicKey from "ox/PublicKey";
import * as WebAuthnP256 from "ox/WebAuthnP256";
import { PASSKEY_NAME } from "../types";

export const PASSKEY_KEY = "party.wallet.passkey";

export type StoredPasskey = {
  /** Credential id, base64url. */
  id: string;
  /** `qx ++ qy` (64 bytes), as viem's WebAuthnAccount takes it. */
  publicKey: Hex;
  /** The account it signs for, when that is not the one its key alone creates (a passkey added to an account). */
  account?: Address;
};

export function loadPasskey(storage: Storage): StoredPasskey | undefined {
  try {
    const value = JSON.parse(storage.getItem(PASSKEY_KEY) ?? "null") as Partial<StoredPasskey> | null;
    if (typeof value?.id === "string" && typeof value.publicKey === "string" && /^0x[0-9a-fA-F]{128}$/.test(value.publicKey)) {
      const account = typeof value.account === "string" && /^0x[0-9a-fA-F]{40}$/.test(value.account) ? value.account : undefined;
      return { id: value.id, publicKey: value.publicKey as Hex, ...(account ? { account } : {}) };
    }
  } catch {
    // Not JSON: treated as absent.
  }
  return undefined;
}

export function savePasskey(storage: Storage, { id, publicKey, account }: StoredPasskey): void {
  storage.setItem(PASSKEY_KEY, JSON.stringify({ id, publicKey, ...(account ? { account } : {}) }));
}

export function clearPasskey(storage: Storage): void {
  storage.removeItem(PASSKEY_KEY);
}

/** A new discoverable passkey for this site, with a random user handle (one per member). */
export async function createPasskey(): Promise<StoredPasskey> {
  const credential = await createWebAuthnCredential({
    name: PASSKEY_NAME,
    user: { id: crypto.getRandomValues(new Uint8Array(16)), name: PASSKEY_NAME, displayName: PASSKEY_NAME },
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  return { id: credential.id, publicKey: credential.publicKey };
}

export type PasskeyAssertion = {
  /** Which credential answered. */
  id: string;
  /** Both public keys the signature could have come from (`qx ++ qy`). */
  candidates: Hex[];
};

export type AssertPasskeyParameters = {
  /** The relying party; this page's host name when unset. */
  rpId?: string;
  /** navigator.credentials.get when unset (tests pass a software authenticator's). */
  getFn?: WebAuthnP256.sign.Options["getFn"];
};

/**
 * Asks for any passkey of this site to sign a random challenge, and returns which credential
 * answered with the two public keys its signature admits.
 */
export async function assertPasskey({ rpId, getFn }: AssertPasskeyParameters = {}): Promise<PasskeyAssertion> {
  const challenge = OxHex.fromBytes(crypto.getRandomValues(new Uint8Array(32)));
  const { id, metadata, signature } = await WebAuthnP256.sign({ challenge, userVerification: "required", ...(rpId ? { rpId } : {}), ...(getFn ? { getFn } : {}) });
  // What the authenticator signed: sha256(authenticatorData ++ sha256(clientDataJSON)).
  const payload = Hash.sha256(
    Bytes.concat(Bytes.fromHex(metadata.authenticatorData), Hash.sha256(Bytes.fromString(metadata.clientDataJSON), { as: "Bytes" })),
  );
  const candidates: Hex[] = [];
  for (const yParity of [0, 1]) {
    try {
      const key = P256.recoverPublicKey({ payload, signature: { ...signature, yParity } });
      candidates.push(PublicKey.toHex(key, { includePrefix: false }) as Hex);
    } catch {
      // No point for this parity (r is not an x coordinate for it): one candidate fewer.
    }
  }
  return { id, candidates: [...new Set(candidates.map((c) => c.toLowerCase() as Hex))] };
}
