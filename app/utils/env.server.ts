/**
 * The app's configuration, validated once at start-up. Only `publicEnv()` reaches the browser.
 */
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is not set"),
  READ_MODEL_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,44}$/).default("party"),
  /** Ponder's HTTP server, for the indexer's progress (/status). */
  INDEXER_URL: z.string().url().default("http://127.0.0.1:42069"),
  /** Chain 137 JSON-RPC, for the chain head (seconds behind). */
  CHAIN_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  PARTY_ENV: z.enum(["local", "production"]).default("local"),
  IPFS_GATEWAY: z.string().url().default("https://ipfs.io/ipfs/"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** What the browser may see. */
export function publicEnv() {
  const { IPFS_GATEWAY, PARTY_ENV } = env();
  return { IPFS_GATEWAY, PARTY_ENV };
}
