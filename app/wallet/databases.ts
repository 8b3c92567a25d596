/**
 * Logout clears the wallet-connection databases (SPEC 4): the IndexedDB databases wallet SDKs
 * keep in this origin (WalletConnect's, Account Kit's and wagmi's connectors', and any of ours,
 * named "party-wallet…"). The app keeps no other IndexedDB database, so a name mentioning a
 * wallet is enough to pick them.
 */

export const WALLET_DATABASE = /wallet|wagmi|alchemy|turnkey/i;

/** Known names, for browsers without indexedDB.databases(). */
export const KNOWN_WALLET_DATABASES = ["WALLET_CONNECT_V2_INDEXED_DB", "party-wallet"] as const;

export const isWalletDatabase = (name: string) => WALLET_DATABASE.test(name);

type Databases = Pick<IDBFactory, "deleteDatabase"> & { databases?: () => Promise<IDBDatabaseInfo[]> };

/** Deletes every wallet database of this origin; resolves with the names it deleted. */
export async function clearWalletDatabases(idb: Databases | undefined = globalThis.indexedDB): Promise<string[]> {
  if (!idb) return [];
  let names: string[];
  try {
    names = idb.databases ? (await idb.databases()).map((d) => d.name ?? "") : [...KNOWN_WALLET_DATABASES];
  } catch {
    names = [...KNOWN_WALLET_DATABASES];
  }
  const doomed = [...new Set(names.filter(isWalletDatabase))];
  await Promise.all(doomed.map((name) => deleteDatabase(idb, name)));
  return doomed;
}

function deleteDatabase(idb: Databases, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = idb.deleteDatabase(name);
    // Blocked: another tab holds it open; it is deleted once that tab lets go. Nothing to wait for.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
