/**
 * `npm run dev`: the whole product on embedded defaults, one command.
 *   1. a database: DATABASE_URL when set, else an embedded PostgreSQL in .data/postgres;
 *   2. the local chain 137 (anvil, state in .data/anvil) with the contract and demo data, the
 *      ERC-4337 EntryPoint, passkey account factory and sponsoring paymaster, and the alto bundler;
 *   3. the indexer, filling the read model (in the views schema);
 *   4. the web app (`remix dev`: rebuilds on change), after the app's own migrations;
 *   5. the notifier (npm run notifier), sending to a local Bot API stand-in unless
 *      TELEGRAM_BOT_TOKEN or TELEGRAM_API_URL names a real one;
 *   6. a local IPFS node (blocks in .data/ipfs) holding the demo documents, where minters publish,
 *      and the document fetcher (npm run documents), which verifies and stores what evaluations
 *      and info messages point at.
 * Ctrl-C stops everything it started, in reverse order.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createPublicClient, http } from "viem";
import { migrate } from "../db/migrate.js";
import { anvilAccount } from "./lib/accounts.js";
import { stopProcess } from "./lib/processes.js";
import { startBundler } from "./lib/bundler.js";
import { provideDatabase, redactUrl } from "./lib/database.js";
import { DEFAULT_APP_PORT, DEFAULT_BUNDLER_PORT, DEFAULT_INDEXER_PORT, DEFAULT_IPFS_PORT } from "./lib/defaults.js";
import { indexerSchemaName, startIndexer } from "./lib/indexer.js";
import { startNotifierProcess } from "./lib/notifier-process.js";
import { demoDocumentBytes } from "./lib/demo-data/document-cids.js";
import { startDocumentsProcess } from "./lib/documents-process.js";
import { startIpfsNode } from "./lib/ipfs-node.js";
import { portFromEnv } from "./lib/port-from-env.js";
import { startTelegramStandIn } from "./lib/telegram-stand-in.js";
import { LOCAL_TELEGRAM_BOT_TOKEN } from "../app/ground/env.server.js";
import { startLocalChain } from "./lib/start-local-chain.js";
import { ROOT } from "./lib/paths.js";
import { deployWalletInfra } from "./lib/wallet-infra.js";

const stops: (() => Promise<void>)[] = [];
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

function step(text: string) {
  console.log(`\x1b[36m›\x1b[0m ${text}`);
}

try {
  step("starting the database");
  const database = await provideDatabase();
  stops.push(database.stop);
  step(`database: ${redactUrl(database.url)}${database.embedded ? " (embedded, .data/postgres)" : ""}`);

  step("starting the local chain 137 and seeding demo data");
  const chain = await startLocalChain();
  stops.push(chain.stop);
  step(`chain: ${chain.rpcUrl} (chain id 137), party contract ${chain.address}${chain.seeded ? ", demo data seeded" : ", demo data already there"}`);

  step("deploying the ERC-4337 stack and starting the bundler");
  await deployWalletInfra({ rpcUrl: chain.rpcUrl, deployer: anvilAccount(0) });
  const bundler = await startBundler({ rpcUrl: chain.rpcUrl, port: Number(process.env.BUNDLER_PORT ?? DEFAULT_BUNDLER_PORT) });
  stops.push(bundler.stop);
  step(`bundler: ${bundler.url} (EntryPoint v0.7)`);

  // A fresh chain (after deleting .data/anvil) must not resume an index of the old one: the
  // schema carries the chain's first block hash as well as the indexer build's hash.
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const firstBlock = await client.getBlock({ blockNumber: 1n });
  const schema = `${indexerSchemaName()}_${firstBlock.hash.slice(2, 10)}`;

  step("starting the indexer");
  const indexer = await startIndexer({
    databaseUrl: database.url,
    rpcUrl: chain.rpcUrl,
    schema,
    port: Number(process.env.INDEXER_PORT ?? DEFAULT_INDEXER_PORT),
    log: process.env.DEBUG_INDEXER ? (text) => process.stdout.write(text) : undefined,
  });
  stops.push(indexer.stop);
  indexer.process.on("exit", (code) => {
    if (stopping) return;
    console.error(`indexer exited with ${code}:\n${indexer.output().slice(-4000)}`);
    void shutdown(1);
  });
  await indexer.waitReady(120_000);
  const { block } = await indexer.status();
  step(`indexer: ${indexer.url}/status, read model in views schema "${indexer.viewsSchema}" at block ${block}`);

  step("starting the local IPFS node and the document fetcher");
  const ipfs = await startIpfsNode({ port: portFromEnv("IPFS_PORT", DEFAULT_IPFS_PORT), dir: join(ROOT, ".data", "ipfs") });
  stops.push(ipfs.stop);
  // Adding is idempotent: the demo documents are there even after .data/ipfs was deleted.
  for (const bytes of demoDocumentBytes()) await ipfs.add(bytes);
  const ipfsEnv = { IPFS_API_URL: ipfs.apiUrl, IPFS_GATEWAYS: ipfs.gatewayUrl };

  step("migrating the app's tables and starting the web app");
  await migrate(database.url);
  const documents = startDocumentsProcess({
    env: { ...(process.env as Record<string, string>), DATABASE_URL: database.url, READ_MODEL_SCHEMA: indexer.viewsSchema, ...ipfsEnv },
    onOutput: (text) => process.stdout.write(text),
  });
  stops.push(documents.stop);
  void documents.exited.then((code) => {
    if (!stopping) void shutdown(code ?? 1);
  });
  await documents.ready();
  const port = Number(process.env.PORT ?? DEFAULT_APP_PORT);
  const app = spawn(process.execPath, [join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "dev"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: database.url,
      CHAIN_RPC_URL: chain.rpcUrl,
      BUNDLER_RPC_URL: bundler.url,
      INDEXER_URL: indexer.url,
      READ_MODEL_SCHEMA: indexer.viewsSchema,
      ...ipfsEnv,
    },
  });
  stops.push(() => stopProcess(app));
  app.on("exit", (code) => {
    if (!stopping) void shutdown(code ?? 1);
  });

  step("starting the notifier");
  // Telegram cannot take the local token: without a real bot, messages go to a stand-in to look at.
  const realBot = Boolean(process.env.TELEGRAM_BOT_TOKEN || process.env.TELEGRAM_API_URL);
  const standIn = realBot ? undefined : await startTelegramStandIn({ token: LOCAL_TELEGRAM_BOT_TOKEN });
  if (standIn) stops.push(standIn.stop);
  const notifier = startNotifierProcess({
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      DATABASE_URL: database.url,
      READ_MODEL_SCHEMA: indexer.viewsSchema,
      ...(standIn ? { TELEGRAM_API_URL: standIn.url, TELEGRAM_BOT_TOKEN: LOCAL_TELEGRAM_BOT_TOKEN } : {}),
    },
    onOutput: (text) => process.stdout.write(text),
  });
  stops.push(notifier.stop);
  void notifier.exited.then((code) => {
    if (!stopping) void shutdown(code ?? 1);
  });
  await notifier.ready();

  console.log("\nReady. Ctrl-C stops everything.");
  console.log(`  app          http://localhost:${port}`);
  console.log(`  RPC          ${chain.rpcUrl}`);
  console.log(`  contract     ${chain.address}`);
  console.log(`  database     ${redactUrl(database.url)}`);
  console.log(`  indexer      ${indexer.url}/status`);
  console.log(`  bundler      ${bundler.url}`);
  console.log(`  IPFS         ${ipfs.apiUrl} (Kubo RPC and trustless gateway; blocks in .data/ipfs)`);
  console.log(`  telegram     ${standIn ? `${standIn.url}/messages (a stand-in: what the notifier sent)` : "the real Bot API (TELEGRAM_BOT_TOKEN)"}`);
  console.log(`  roles        http://localhost:${port}/dev/roles (signed in: any role with one click)`);
  console.log(`               npm run grant -- <address> <role> [chapterId] (without arguments: the roles)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
