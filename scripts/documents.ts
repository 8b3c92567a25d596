/**
 * `npm run documents`: the document fetcher (server/documents/fetcher.ts), which fetches, verifies
 * and stores the content of every evaluation and info message the read model names. Any number may
 * run on one database: each claims its fetches. Stopping it (SIGTERM, SIGINT) lets the turn in hand
 * finish; killing it loses nothing (a claimed fetch is tried again when its lease runs out).
 *
 * Settings (app/ground/env.server.ts): DATABASE_URL, READ_MODEL_SCHEMA, IPFS_GATEWAYS, IPFS_TIMEOUT_MS, DOCUMENTS_BUSY_RATE.
 */
import { env } from "../app/ground/env.server.js";
import { closeDb } from "../db/client.server.js";
import { migrate } from "../db/migrate.js";
import { startDocumentFetcher } from "../server/documents/fetcher.js";

// A setting refused at start-up (app/ground/env.server.ts) says what to change: that line, no stack.
try {
  env();
} catch (error) {
  console.error(`documents: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { DATABASE_URL, IPFS_GATEWAYS, IPFS_TIMEOUT_MS, READ_MODEL_SCHEMA, DOCUMENTS_BUSY_RATE } = env();
if (!DATABASE_URL) {
  console.error("documents: DATABASE_URL is not set: the fetcher reads the read model and stores documents in PostgreSQL");
  process.exit(1);
}
await migrate(DATABASE_URL);
const fetcher = startDocumentFetcher({ gateways: IPFS_GATEWAYS, timeoutMs: IPFS_TIMEOUT_MS, ratePerSecond: DOCUMENTS_BUSY_RATE, log: (line) => console.log(line) });
console.log(`documents: fetching the content of "${READ_MODEL_SCHEMA}" from ${IPFS_GATEWAYS.map((g) => new URL(g).host).join(", ")}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await fetcher.stop();
  await closeDb();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
