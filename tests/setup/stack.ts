/**
 * The whole local product for a test file: a fresh database with the app's migrations, anvil
 * (chain 137) with the party contract and the demo data, the indexer filling its own tables schema
 * and views schema, and the production app server reading that views schema.
 *
 *   const stack = await startStack();          // in beforeAll
 *   await fetch(`${stack.appUrl}/chapters/1`);
 *   await stack.stop();                        // in afterAll: nothing is left running
 */
import { randomBytes } from "node:crypto";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContract,
  http,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import pg from "pg";
import { partyAbi } from "../../abis/party.js";
import { migrate } from "../../db/migrate.js";
import { anvilAccount } from "../../scripts/lib/accounts.js";
import { startAnvil } from "../../scripts/lib/anvil.js";
import { deployParty } from "../../scripts/lib/deploy.js";
import { startIndexer } from "../../scripts/lib/indexer.js";
import { localChain } from "../../scripts/lib/chain-definition.js";
import { seedDemoData } from "../../scripts/lib/demo-data/seed.js";
import { versionOf, versionQuery } from "../../server/read-model-version.js";
import { startAppServer, type AppServer } from "./app-server.js";
import { setupTestDatabase } from "./postgres.js";

/** Where the pages link a CID; nothing is fetched from it. */
export const TEST_IPFS_GATEWAY = "https://ipfs.test.invalid/ipfs/";

export type StartStackParameters = {
  /** Start the production app server too (default true); the loader tests only need the data. */
  app?: boolean;
};

export async function startStack({ app: withApp = true }: StartStackParameters = {}) {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((error) => console.error("stack stop:", error));
  };
  try {
    // Both at once; whichever started is stopped again if the other fails.
    const [started, startedAnvil] = await Promise.allSettled([setupTestDatabase(), startAnvil()]);
    if (started.status === "fulfilled") stops.push(started.value.drop);
    if (startedAnvil.status === "fulfilled") stops.push(startedAnvil.value.stop);
    if (started.status === "rejected") throw started.reason;
    if (startedAnvil.status === "rejected") throw startedAnvil.reason;
    const [database, anvil] = [started.value, startedAnvil.value];
    const rpcUrl = anvil.rpcUrl;
    const chain = localChain(rpcUrl);
    const transport = http(rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
    const testClient = createTestClient({ chain, transport, mode: "anvil" });

    const deployAndSeed = async () => {
      const { address } = await deployParty({ rpcUrl, deployer: anvilAccount(0) });
      await seedDemoData({ rpcUrl, address });
      return address;
    };
    // The app's own tables (db/migrations) while the chain is seeded.
    const [address] = await Promise.all([deployAndSeed(), migrate(database.url)]);

    const id = randomBytes(5).toString("hex");
    const indexer = await startIndexer({ databaseUrl: database.url, rpcUrl, schema: `s_${id}`, viewsSchema: `v_${id}` });
    stops.push(indexer.kill);
    await indexer.waitReady(120_000);
    await indexer.waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }), 60_000);

    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on("error", () => undefined);
    stops.push(() => pool.end());

    const appEnv: Record<string, string> = {
      DATABASE_URL: database.url,
      READ_MODEL_SCHEMA: indexer.viewsSchema,
      INDEXER_URL: indexer.url,
      CHAIN_RPC_URL: rpcUrl,
      IPFS_GATEWAY: TEST_IPFS_GATEWAY,
    };
    let app: AppServer | undefined;
    if (withApp) {
      app = await startAppServer({ env: appEnv });
      stops.push(app.stop);
    }

    const wallet = (account: PrivateKeyAccount) => createWalletClient({ chain, transport, account });
    /** Calls the party contract as `account` and waits for the receipt, failing on a revert. */
    const send = async (account: PrivateKeyAccount, functionName: string, args: readonly unknown[]) => {
      const contract = getContract({ address, abi: partyAbi, client: { public: publicClient, wallet: wallet(account) } });
      const write = contract.write as unknown as Record<string, (args: readonly unknown[]) => Promise<Hex>>;
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await write[functionName]!(args), pollingInterval: 20 });
      if (receipt.status !== "success") throw new Error(`${functionName} from ${account.address} reverted`);
      return receipt;
    };

    return {
      databaseUrl: database.url,
      rpcUrl,
      address: address as Address,
      indexer,
      viewsSchema: indexer.viewsSchema,
      app,
      /** The app server's base URL; throws when the stack was started without it. */
      get appUrl(): string {
        if (!app) throw new Error("this stack has no app server");
        return app.url;
      },
      /** The app's environment, to start further app servers (e.g. behind a proxy). */
      appEnv,
      publicClient,
      testClient,
      read: getContract({ address, abi: partyAbi, client: publicClient }),
      wallet,
      send,
      /** Rows of `text` (use `${stack.viewsSchema}` for the read model's schema). */
      query: async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      /** Waits until the indexer has indexed the chain's current head (read fresh, not from viem's cache). */
      waitForIndexer: async () => {
        await indexer.waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }), 60_000);
        if (app) await waitForPageCache(app.url, pool, indexer.viewsSchema);
      },
      /** Waits until the app server's page cache is at the database's current version (after a write to the app's tables). */
      waitForPageCache: () => (app ? waitForPageCache(app.url, pool, indexer.viewsSchema) : Promise.resolve()),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits until the server at `url` serves pages at the version the database is at now (it polls
 * it every 250 ms, server/read-model-version.ts): a page asked for after this shows every indexed
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
