/**
 * "Add a device" (local wallet): the new device's passkey travels as a link,
 * `/add-device?key=0x<qx ++ qy>`, which a signed-in device opens to add it as an owner of the
 * account. The link, the key in it, the owner bytes an account stores for it
 * (`webAuthnVerifier ++ qx ++ qy`) and a short label for a person to tell passkeys apart.
 * No imports beyond types: the route's loader and the browser's forms both use it.
 */
import type { TFunction } from "i18next";
import type { Address, Hex } from "viem";

export const ADD_DEVICE_PATH = "/add-device";

/** The longest name /me keeps for a passkey (app.passkey_names). */
export const PASSKEY_NAME_MAX = 40;

const KEY = /^0x[0-9a-fA-F]{128}$/;

/** Whether the text is a passkey's public key as the link carries it (64 bytes, hex). */
export const isDeviceKey = (text: string): text is Hex => KEY.test(text);

/** The link a new device shows, for its public key. */
export const deviceLink = (origin: string, key: Hex) => `${origin}${ADD_DEVICE_PATH}?key=${key.toLowerCase()}`;

/** The key in a pasted link (or a pasted key itself); undefined when there is none. */
export function keyOfLink(text: string): Hex | undefined {
  const trimmed = text.trim();
  if (isDeviceKey(trimmed)) return trimmed.toLowerCase() as Hex;
  try {
    const key = new URL(trimmed).searchParams.get("key") ?? "";
    return isDeviceKey(key) ? (key.toLowerCase() as Hex) : undefined;
  } catch {
    return undefined;
  }
}

/** The owner bytes an account stores for the key: the verifier's address, then the key. */
export const ownerOfKey = (key: Hex, verifier: Address) => `${verifier.toLowerCase()}${key.slice(2).toLowerCase()}` as Hex;

/** "Passkey 3f2a9c1b": the first four bytes of the key's x coordinate, from owner bytes or a key; in the page's language with `t`. */
export function passkeyLabel(ownerOrKey: Hex, t?: TFunction): string {
  const id = ownerOrKey.slice(-128, -120);
  return t ? t("devices.label", { id }) : `Passkey ${id}`;
}
