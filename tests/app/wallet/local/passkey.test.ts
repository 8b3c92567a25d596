/**
 * The local back-end's passkey: what is remembered in localStorage, and recovering the public key
 * from an assertion alone (sign-in on a browser that does not remember it, or after a logout),
 * against a software authenticator that signs exactly like a browser passkey (high s included).
 */
import { assertPasskey, clearPasskey, loadPasskey, PASSKEY_KEY, savePasskey } from "../../../../app/wallet/local/passkey";
import { createSoftwarePasskey } from "../../../fixtures/software-passkey";
import { MemoryStorage } from "../../../fixtures/memory-storage";

it("remembers only the credential id and the public key", () => {
  const storage = new MemoryStorage();
  const passkey = createSoftwarePasskey();
  savePasskey(storage, { id: passkey.id, publicKey: passkey.publicKey, ...{ privateKey: passkey.privateKey } });
  expect(storage.dump()).toEqual({ [PASSKEY_KEY]: { id: passkey.id, publicKey: passkey.publicKey } });
  expect(loadPasskey(storage)).toEqual({ id: passkey.id, publicKey: passkey.publicKey });
  clearPasskey(storage);
  expect(loadPasskey(storage)).toBeUndefined();
});

it("remembers the account too for a passkey added to one, and drops an account that is not an address", () => {
  const storage = new MemoryStorage();
  const { id, publicKey } = createSoftwarePasskey();
  const account = "0x00000000000000000000000000000000000a11ce";
  savePasskey(storage, { id, publicKey, account });
  expect(loadPasskey(storage)).toEqual({ id, publicKey, account });
  storage.setItem(PASSKEY_KEY, JSON.stringify({ id, publicKey, account: "0x12" }));
  expect(loadPasskey(storage)).toEqual({ id, publicKey });
});

it("ignores what is not a remembered passkey", () => {
  const storage = new MemoryStorage();
  for (const raw of ["x", "null", JSON.stringify({ id: "a" }), JSON.stringify({ id: "a", publicKey: "0x1234" })]) {
    storage.setItem(PASSKEY_KEY, raw);
    expect(loadPasskey(storage)).toBeUndefined();
  }
});

it("an assertion names the credential and admits the passkey's public key among at most two", async () => {
  for (let i = 0; i < 12; i++) {
    const passkey = createSoftwarePasskey({ chromeExtraKey: i % 2 === 0 });
    const { id, candidates } = await assertPasskey({ rpId: passkey.rpId, getFn: passkey.getFn });
    expect(id).toBe(passkey.id);
    expect(candidates.length).toBeGreaterThanOrEqual(1);
    expect(candidates.length).toBeLessThanOrEqual(2);
    expect(candidates).toContain(passkey.publicKey.toLowerCase());
  }
});

it("two assertions leave only the true key", async () => {
  const passkey = createSoftwarePasskey();
  const first = await assertPasskey({ rpId: passkey.rpId, getFn: passkey.getFn });
  const second = await assertPasskey({ rpId: passkey.rpId, getFn: passkey.getFn });
  expect(first.candidates.filter((key) => second.candidates.includes(key))).toEqual([passkey.publicKey.toLowerCase()]);
});
