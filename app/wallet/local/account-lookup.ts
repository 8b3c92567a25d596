/**
 * Which account a passkey signs for, asked of the read model (GET /api/accounts): an account's
 * address follows from the owners it was created with, so a passkey added later (another device)
 * would otherwise open an empty account of its own. Of the candidate public keys a signature
 * admits, the one an account lists as its owner is the passkey's; a key on several accounts opens
 * the one it was added to first (anyone may add a public key to an account of theirs, only later).
 */
import { getAddress, type Address, type Hex } from "viem";
import { WalletActionError } from "../errors";
import { ownerFromPublicKey } from "./smart-account";

export type OwnedAccount = { publicKey: Hex; account: Address };

export type FindOwnedAccountParameters = {
  /** `qx ++ qy` of each public key the passkey may have. */
  candidates: readonly Hex[];
  /** The deployment's WebAuthn verifier (the owner bytes start with it). */
  verifier: Address;
  fetch?: typeof globalThis.fetch;
};

/** The account one of the keys owns, or undefined when none owns any (a new passkey, or one created with its account). */
export async function findOwnedAccount({ candidates, verifier, fetch = globalThis.fetch }: FindOwnedAccountParameters): Promise<OwnedAccount | undefined> {
  const byOwner = new Map(candidates.map((publicKey) => [ownerFromPublicKey(publicKey, verifier), publicKey]));
  const query = new URLSearchParams([...byOwner.keys()].map((owner) => ["owner", owner]));
  const response = await fetch(`/api/accounts?${query}`, { headers: { accept: "application/json" } }).catch(() => undefined);
  const body = (await response?.json().catch(() => undefined)) as { accounts?: { owner: Hex; account: Address }[]; message?: string } | undefined;
  if (!response?.ok || !body?.accounts) {
    throw new WalletActionError(`Could not look up this passkey's account: ${body?.message ?? "the server did not answer"}. Try again in a few seconds.`);
  }
  const [first] = body.accounts;
  const publicKey = first && byOwner.get(first.owner.toLowerCase() as Hex);
  return first && publicKey ? { publicKey, account: getAddress(first.account) } : undefined;
}
