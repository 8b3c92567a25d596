/**
 * `npm run indexer`: Ponder on the party contract, writing this build's schema and pointing the
 * views schema (READ_MODEL_SCHEMA) at it. DATABASE_URL and PONDER_RPC_URL_137 configure it
 * (defaults: none, and the local chain); defaults in scripts/lib/defaults.ts.
 */
import { DEFAULT_CHAIN_PORT, DEFAULT_INDEXER_PORT, DEFAULT_VIEWS_SCHEMA } from "./lib/defaults.js";
import { startIndexer } from "./lib/indexer.js";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is not set: the indexer needs a Postgres database (npm run dev provides one).");
  process.exit(1);
}

const indexer = await startIndexer({
  databaseUrl,
  rpcUrl: process.env.PONDER_RPC_URL_137 ?? `http://127.0.0.1:${DEFAULT_CHAIN_PORT}`,
  schema: process.env.DATABASE_SCHEMA,
  viewsSchema: process.env.READ_MODEL_SCHEMA ?? DEFAULT_VIEWS_SCHEMA,
  port: Number(process.env.INDEXER_PORT ?? DEFAULT_INDEXER_PORT),
  log: (text) => process.stdout.write(text),
});
console.log(`indexer: schema ${indexer.schema}, views ${indexer.viewsSchema}, status ${indexer.url}/status`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void indexer.stop().then(() => process.exit(0)));
}
indexer.process.on("exit", (code) => process.exit(code ?? 1));
