/**
 * The stored wallet session (SPEC 3): who is signed in, kept in localStorage for 30 days (SPEC 9,
 * the product's value; Account Kit's default is 15 minutes). Only `{ address, orgId, userId,
 * email, expiresAt }` is stored: never the signer, the accounts or a key. Pure over a Storage, so
 * the tests drive it with an in-memory one. No viem here (see controller.ts): the back-ends hand
 * over checksummed addresses.
 */
import type { Address } from "viem";
import type { WalletUser } from "./types";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const SESSION_KEY = "party.wallet.session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type StoredSession = WalletUser & { expiresAt: number };

/** The session to store for a user who just signed in. */
export function newSession(user: WalletUser, now = Date.now()): StoredSession {
  // Field by field: nothing else the back-end's user object carries gets stored.
  return { address: user.address, orgId: user.orgId, userId: user.userId, email: user.email, expiresAt: now + SESSION_TTL_MS };
}

export function saveSession(storage: Storage, session: StoredSession): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** The stored session if it is well formed and not expired; an expired or broken one is removed. */
export function loadSession(storage: Storage, now = Date.now()): StoredSession | undefined {
  const raw = storage.getItem(SESSION_KEY);
  if (raw === null) return undefined;
  const session = parseSession(raw);
  if (!session || session.expiresAt <= now) {
    storage.removeItem(SESSION_KEY);
    return undefined;
  }
  return session;
}

export function clearSession(storage: Storage): void {
  storage.removeItem(SESSION_KEY);
}

function parseSession(raw: string): StoredSession | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { address, orgId, userId, email, expiresAt } = value as Record<string, unknown>;
  if (typeof address !== "string" || !ADDRESS.test(address)) return undefined;
  if (typeof orgId !== "string" || typeof userId !== "string") return undefined;
  if (email !== null && typeof email !== "string") return undefined;
  if (typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) return undefined;
  return { address: address as Address, orgId, userId, email, expiresAt };
}
