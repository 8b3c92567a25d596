/**
 * The one stack builder: the local product for a test file (or a benchmark), as much of it as the
 * file needs. Always anvil (chain 137) with the party contract; by option the demo data, the
 * wallet infrastructure with an alto bundler, a database with the app's migrations, the indexer
 * filling its own tables and views schema, and the production app server reading that schema.
 *
 *   const stack = await startStack();                                   // everything, demo data
 *   const stack = await startStack({ seed: false, wallet: true, app: false, database: url });
 *   await stack.stop();                                                 // nothing is left running
 *
 * No vitest import at module level (the test database and the app server are imported when asked
 * for): scripts/bench-writes.ts uses it too, with its own database and app server.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Hex, PrivateKeyAccount } from "viem";
import { migrate } from "../../db/migrate.js";
import { seedDemoData } from "../../scripts/lib/demo-data/seed.js";
import { demoDocumentBytes } from "../../scripts/lib/demo-data/document-cids.js";
import { startDocumentsProcess } from "../../scripts/lib/documents-process.js";
import { startIndexer, type Indexer } from "../../scripts/lib/indexer.js";
import { startIpfsNode, type IpfsNode } from "../../scripts/lib/ipfs-node.js";
import type { ScriptProcess } from "../../scripts/lib/script-process.js";
import { versionOf, versionQuery } from "../../server/read-model-changes.js";
import type { AppServer } from "./app-server.js";
import { setupChain } from "./chain.js";
import { startWalletServices, type WalletServices, type WalletServicesOptions } from "./wallet-services.js";

/** Where the pages link a CID; nothing is fetched from it. */
export const TEST_IPFS_GATEWAY = "https://ipfs.test.invalid/ipfs/";

export type StartStackParameters = {
  /** Seconds per block (anvil --block-time); automine when unset. */
  blockTime?: number;
  /** The deterministic demo data (default true). */
  seed?: boolean;
  /** EntryPoint v0.7, the passkey account factory, the sponsoring paymaster and an alto bundler (default false). */
  wallet?: boolean | WalletServicesOptions;
  /** A database and the indexer filling its read model (default true). */
  indexer?: boolean;
  /**
   * The database, migrated here: this one (its URL) instead of a fresh test database. The indexer
   * always has one; without the indexer there is one only when this is set (`true`: a fresh one).
   */
  database?: string | true;
  /** Where the indexer's output goes (kept in memory when unset). */
  indexerLog?: (text: string) => void;
  /** The production app server (default true, needs the indexer), with extra environment if given. */
  app?: boolean | { env: Record<string, string> };
  /**
   * Documents (default false): a local IPFS node (in memory) holding the demo documents, the app's
   * IPFS settings pointing at it, and the document fetcher (`npm run documents`) as a process.
   */
  documents?: boolean;
};

export async function startStack({
  blockTime,
  seed = true,
  wallet: withWallet = false,
  indexer: withIndexer = true,
  database: withDatabase,
  indexerLog,
  app: withApp = true,
  documents: withDocuments = false,
}: StartStackParameters = {}) {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((error: unknown) => console.error("stack stop:", error));
  };
  try {
    const chain = await setupChain({ blockTime });
    stops.push(chain.stop);
    const { rpcUrl, publicClient } = chain;

    const wallet = withWallet ? await startWalletServices(chain, withWallet === true ? {} : withWallet) : undefined;
    if (wallet) stops.push(wallet.stop);

    let database: string | undefined;
    let indexer: Indexer | undefined;
    let pool: pg.Pool | undefined;
    const appEnv: Record<string, string> = { CHAIN_RPC_URL: rpcUrl, PARTY_ENV: "local", IPFS_GATEWAY: TEST_IPFS_GATEWAY };
    if (wallet) Object.assign(appEnv, { BUNDLER_RPC_URL: wallet.bundler.url, WALLET_BACKEND: "local" });
    if (typeof withDatabase === "string") database = withDatabase;
    else if (withIndexer || withDatabase) {
      const { setupTestDatabase } = await import("./postgres.js");
      const fresh = await setupTestDatabase();
      stops.push(fresh.drop);
      database = fresh.url;
    }
    // The app's own tables (db/migrations) while the chain is seeded.
    await Promise.all([seed ? seedDemoData({ rpcUrl, address: chain.address }) : undefined, database ? migrate(database) : undefined]);
    if (database) {
      pool = new pg.Pool({ connectionString: database, max: 2 });
      pool.on("error", () => undefined);
      const opened = pool;
      stops.push(() => opened.end());
      appEnv.DATABASE_URL = database;
    }
    if (withIndexer && database) {
      const id = randomBytes(5).toString("hex");
      indexer = await startIndexer({ databaseUrl: database, rpcUrl, schema: `s_${id}`, viewsSchema: `v_${id}`, log: indexerLog });
      stops.push(indexer.kill);
      await indexer.waitReady(120_000);
      await indexer.waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }), 60_000);
      Object.assign(appEnv, { READ_MODEL_SCHEMA: indexer.viewsSchema, INDEXER_URL: indexer.url });
    }

    let ipfs: IpfsNode | undefined;
    let documents: ScriptProcess | undefined;
    if (withDocuments) {
      ipfs = await startIpfsNode({ port: 0 });
      stops.push(ipfs.stop);
      if (seed) for (const bytes of demoDocumentBytes()) await ipfs.add(bytes);
      Object.assign(appEnv, { IPFS_API_URL: ipfs.apiUrl, IPFS_GATEWAYS: ipfs.gatewayUrl, IPFS_TIMEOUT_MS: "2000" });
      if (database && indexer) {
        documents = startDocumentsProcess({ env: { ...appEnv, DATABASE_URL: database } });
        stops.push(documents.kill);
        await documents.ready();
      }
    }

    let app: AppServer | undefined;
    if (withApp && indexer) {
      // Imported here: it reads vitest's build snapshot (inject), which a benchmark has not got.
      const { startAppServer } = await import("./app-server.js");
      app = await startAppServer({ env: { ...appEnv, ...(withApp === true ? {} : withApp.env) } });
      stops.push(app.stop);
    }

    const need = <T>(part: T | undefined, what: string): T => {
      if (part === undefined) throw new Error(`this stack has no ${what}`);
      return part;
    };
    /** Calls the party contract as `account` and waits for the receipt, failing on a revert. */
    const send = async (account: PrivateKeyAccount, functionName: string, args: readonly unknown[]) => {
      const write = chain.party(account).write as unknown as Record<string, (args: readonly unknown[]) => Promise<Hex>>;
      return chain.waitFor(await write[functionName]!(args));
    };
    const waitForIndexer = async () => {
      await need(indexer, "indexer").waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }), 60_000);
      if (app && pool && indexer) await waitForPageCache(app.url, pool, indexer.viewsSchema);
    };

    return {
      ...chain,
      send,
      /** The wallet services (bundler client, passkey accounts, user operations); throws without `wallet`. */
      get wallet(): WalletServices {
        return need(wallet, "wallet (start it with { wallet: true })");
      },
      get databaseUrl(): string {
        return need(database, "database");
      },
      get indexer(): Indexer {
        return need(indexer, "indexer");
      },
      /** The local IPFS node and the document fetcher's process; throw without `documents`. */
      get ipfs(): IpfsNode {
        return need(ipfs, "IPFS node (start it with { documents: true })");
      },
      get documents(): ScriptProcess {
        return need(documents, "document fetcher (start it with { documents: true })");
      },
      get viewsSchema(): string {
        return need(indexer, "indexer").viewsSchema;
      },
      app,
      /** The app server's base URL; throws when the stack was started without it. */
      get appUrl(): string {
        return need(app, "app server").url;
      },
      /** The app's environment, to start further app servers or call route modules in-process. */
      appEnv,
      /** Stops `stopIt` with the stack (e.g. an app server started with `appEnv`). */
      adopt: (stopIt: () => Promise<unknown>) => void stops.push(stopIt),
      /** Rows of `text` (use `${stack.viewsSchema}` for the read model's schema). */
      query: async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await need(pool, "database").query(text, params)).rows as T[],
      /** Waits until the indexer has indexed the chain's current head (read fresh, not from viem's cache), and the page cache has caught up. */
      waitForIndexer,
      /**
       * Waits until the app server's page cache (or that of the server at `url`, started with
       * appEnv) is at the database's current version: after a write to the app's tables, or before
       * filling a new server's cache (it keeps no page rendered before its first version poll).
       */
      waitForPageCache: (url = app?.url) => (url && pool && indexer ? waitForPageCache(url, pool, indexer.viewsSchema) : Promise.resolve()),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits until the server at `url` serves pages at the version the database is at now (it polls
 * it every 250 ms, server/read-model-changes.ts): a page asked for after this shows every indexed
 * event and app-table change made before the call.
 */
export async function waitForPageCache(url: string, pool: pg.Pool, viewsSchema: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Both only move forward: read the database after the server, so a match is at least as new as the call.
    const seen = (await fetch(`${url}/healthz`)).headers.get("x-read-model-version");
    const { rows } = await pool.query<{ chain: string | null; app: string | null }>(versionQuery(viewsSchema));
    const wanted = versionOf(rows[0]);
    if (seen === wanted) return;
    if (Date.now() > deadline) throw new Error(`the app server's page cache is at version ${seen}, not ${wanted}, after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
