/** SPEC 4: logout clears the wallet-connection databases. */
import { clearWalletDatabases, isWalletDatabase, KNOWN_WALLET_DATABASES } from "../../../app/wallet/databases";

/** An IDBFactory stand-in: a list of names, deleteDatabase answering like the browser. */
function fakeIndexedDB(names: string[], { listable = true } = {}) {
  const present = new Set(names);
  const deleted: string[] = [];
  return {
    present,
    deleted,
    ...(listable ? { databases: async () => [...present].map((name) => ({ name, version: 1 })) } : {}),
    deleteDatabase(name: string) {
      const request = {} as IDBOpenDBRequest;
      queueMicrotask(() => {
        present.delete(name);
        deleted.push(name);
        request.onsuccess?.({} as Event);
      });
      return request;
    },
  };
}

it("knows the wallet databases by name", () => {
  for (const name of ["WALLET_CONNECT_V2_INDEXED_DB", "party-wallet", "wagmi.cache", "alchemy-signer", "turnkey-credentials"]) {
    expect([name, isWalletDatabase(name)]).toEqual([name, true]);
  }
  for (const name of ["keyval-store", "ponder", "app-cache"]) expect([name, isWalletDatabase(name)]).toEqual([name, false]);
});

it("deletes every wallet database of the origin and leaves the others", async () => {
  const idb = fakeIndexedDB(["WALLET_CONNECT_V2_INDEXED_DB", "party-wallet", "keyval-store"]);
  expect((await clearWalletDatabases(idb)).sort()).toEqual(["WALLET_CONNECT_V2_INDEXED_DB", "party-wallet"]);
  expect([...idb.present]).toEqual(["keyval-store"]);
});

it("falls back to the known names where the browser cannot list databases", async () => {
  const idb = fakeIndexedDB(["WALLET_CONNECT_V2_INDEXED_DB"], { listable: false });
  expect(await clearWalletDatabases(idb)).toEqual([...KNOWN_WALLET_DATABASES]);
  expect(idb.present.size).toBe(0);
});

it("does nothing without IndexedDB", async () => {
  expect(await clearWalletDatabases(undefined)).toEqual([]);
});
