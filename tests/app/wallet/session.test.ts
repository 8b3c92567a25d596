/** The stored wallet session (SPEC 3, 9): { address, orgId, userId, email, expiresAt } for 30 days, nothing else. */
import { clearSession, loadSession, newSession, saveSession, SESSION_KEY, SESSION_TTL_MS } from "../../../app/wallet/session";
import { MemoryStorage } from "../../fixtures/memory-storage";

const NOW = Date.UTC(2025, 0, 1);
const DAY = 24 * 60 * 60 * 1000;
const user = { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", orgId: "org-1", userId: "user-1", email: "a@b.example" } as const;

it("lasts 30 days", () => {
  expect(SESSION_TTL_MS).toBe(30 * DAY);
  expect(newSession(user, NOW).expiresAt).toBe(NOW + 30 * DAY);
});

it("stores only the address, orgId, userId, email and expiry: never a signer or an account", () => {
  const withExtras = { ...user, signer: { secret: "x" }, account: { privateKey: "0x01" }, bundle: "b", idToken: "t" };
  const storage = new MemoryStorage();
  saveSession(storage, newSession(withExtras, NOW));
  expect(storage.dump()).toEqual({
    [SESSION_KEY]: { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", orgId: "org-1", userId: "user-1", email: "a@b.example", expiresAt: NOW + 30 * DAY },
  });
  expect(Object.keys(storage.dump()[SESSION_KEY] as object).sort()).toEqual(["address", "email", "expiresAt", "orgId", "userId"]);
});

it("is restored until it expires, then removed", () => {
  const storage = new MemoryStorage();
  const session = newSession({ ...user, email: null }, NOW);
  saveSession(storage, session);
  expect(loadSession(storage, NOW + 29 * DAY)).toEqual(session);
  expect(loadSession(storage, NOW + 30 * DAY - 1)).toEqual(session);
  expect(loadSession(storage, NOW + 30 * DAY)).toBeUndefined();
  expect(storage.getItem(SESSION_KEY)).toBeNull();
});

it("drops what is not a session", () => {
  const storage = new MemoryStorage();
  for (const raw of ["not json", "null", "[]", JSON.stringify({ ...user, address: "0x12", expiresAt: NOW + DAY }), JSON.stringify({ ...user })]) {
    storage.setItem(SESSION_KEY, raw);
    expect(loadSession(storage, NOW)).toBeUndefined();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  }
  expect(loadSession(storage, NOW)).toBeUndefined();
});

it("is cleared", () => {
  const storage = new MemoryStorage();
  saveSession(storage, newSession(user, NOW));
  storage.setItem("unrelated", "1");
  clearSession(storage);
  expect(storage.dump()).toEqual({ unrelated: 1 });
});
