/**
 * The app's configuration, validated once at start-up. Only `publicEnv()` reaches the browser.
 */
import { z } from "zod";
import { CHAIN_ID, partyDeployment } from "../../abis/deployments";
import { LOCAL_WALLET } from "../wallet/local/addresses";
import type { WalletConfig } from "../wallet/types";

/** An optional setting: unset and empty are the same (`FOO=` in an env file). */
const optional = <T extends z.ZodTypeAny>(type: T) => z.preprocess((value) => (value === "" ? undefined : value), type.optional());

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

  /** The public origin of the app (https://party.example), for the cross-site check of POSTs; the request's own origin when unset. Set it behind a TLS-terminating proxy. */
  APP_ORIGIN: optional(z.string().url().transform((url) => new URL(url).origin)),
  /** How many proxy hops to trust for X-Forwarded-For (the client address for rate limits); 0 (the default) trusts none. */
  TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)).transform((hops) => hops ?? 0),
  /** Telegram bot token, for checking the login widget's hash (register_telegram); the command answers 503 without it. */
  TELEGRAM_BOT_TOKEN: optional(z.string().min(1)),
  /** Segment write key; analytics are off (no client, no requests) without it. */
  SEGMENT_WRITE_KEY: optional(z.string().min(1)),
  /** Segment API host (https://api.segment.io when unset); tests point it at a local recorder. */
  SEGMENT_HOST: optional(z.string().url()),
  /** Key of the HMAC that turns wallet addresses into analytics user ids; analytics stay off without it. */
  ANALYTICS_SALT: optional(z.string().min(16, "ANALYTICS_SALT must be at least 16 characters")),

  /** Alchemy API key: the /api/alchemy-rpc proxy's upstream for PARTY_ENV=production. Server-only, never sent to the browser. */
  ALCHEMY_API_KEY: optional(z.string().min(1)),
  /** The proxy's full upstream URL for PARTY_ENV=production, instead of the Alchemy Polygon URL built from ALCHEMY_API_KEY. Server-only. */
  ALCHEMY_RPC_URL: optional(z.string().url()),
  /** The local ERC-4337 bundler (alto), for the proxy's bundler methods when PARTY_ENV=local. */
  BUNDLER_RPC_URL: z.string().url().default("http://127.0.0.1:4337"),
  /** How long the proxy waits for an upstream answer, in milliseconds (10 s by default). */
  RPC_PROXY_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).transform((ms) => ms ?? 10_000),

  /** Which wallet signs in the browser: `local` (passkey PartyAccount, local bundler and paymaster) or `alchemy` (Account Kit); by PARTY_ENV when unset. */
  WALLET_BACKEND: optional(z.enum(["local", "alchemy"])),
  /** Alchemy Gas Manager policy that sponsors the members' user operations (WALLET_BACKEND=alchemy); none when unset. Public: a policy id is not a secret. */
  ALCHEMY_GAS_POLICY_ID: optional(z.string().min(1)),
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

/** The same-origin JSON-RPC proxy the browser wallet talks to (app/routes/api.alchemy-rpc.ts). */
export const WALLET_RPC_PATH = "/api/alchemy-rpc";

/** What the browser may see. */
export function publicEnv() {
  const { IPFS_GATEWAY, PARTY_ENV } = env();
  return { IPFS_GATEWAY, PARTY_ENV, wallet: walletConfig() };
}

/**
 * The browser wallet's configuration: addresses and ids only, never a key. Null when the party
 * contract is not configured (production without PARTY_ADDRESS): pages still render, without
 * sign-in.
 */
export function walletConfig(): WalletConfig | null {
  const current = env();
  // Every page's root loader asks; the party address (a CREATE2 computation locally) once per env.
  if (cachedWallet?.source !== current) cachedWallet = { source: current, config: buildWalletConfig(current) };
  return cachedWallet.config;
}

let cachedWallet: { source: Env; config: WalletConfig | null } | undefined;

function buildWalletConfig({ PARTY_ENV, WALLET_BACKEND, ALCHEMY_GAS_POLICY_ID }: Env): WalletConfig | null {
  let partyAddress: WalletConfig["partyAddress"];
  try {
    partyAddress = partyDeployment({ ...process.env, PARTY_ENV }).address;
  } catch {
    return null;
  }
  const backend = WALLET_BACKEND ?? (PARTY_ENV === "production" ? "alchemy" : "local");
  const { entryPoint, factory, paymaster, webAuthnVerifier } = LOCAL_WALLET;
  return {
    backend,
    chainId: CHAIN_ID,
    partyAddress,
    rpcPath: WALLET_RPC_PATH,
    ...(backend === "local" ? { local: { entryPoint, factory, paymaster, webAuthnVerifier } } : {}),
    ...(backend === "alchemy" && ALCHEMY_GAS_POLICY_ID ? { gasPolicyId: ALCHEMY_GAS_POLICY_ID } : {}),
  };
}
