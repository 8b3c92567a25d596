/**
 * The app's configuration, the one module that reads `process.env` (the app, db/ and the web
 * server all ask it): validated on first use, then kept. Only `publicEnv()` reaches the browser.
 */
import type { Address } from "viem";
import { z } from "zod";
import { CHAIN_ID, LOCAL_WALLET, PARTY_ENV_REQUIRED, partyDeployment } from "../../abis/deployments";
import type { WalletConfig } from "./wallet-config";
import { parseProxyRanges } from "./client-address.server";

/** Ponder's views schema, which the indexer points at its live build: the app reads only this. */
export const DEFAULT_READ_MODEL_SCHEMA = "party";
/** Alchemy's Polygon PoS endpoint, completed with ALCHEMY_API_KEY. */
export const ALCHEMY_POLYGON_URL = "https://polygon-mainnet.g.alchemy.com/v2/";

/** TRUST_PROXY's ranges, or the issue saying what to write instead. */
function proxyRanges(text: string, context: z.RefinementCtx) {
  try {
    return parseProxyRanges(text);
  } catch (error) {
    context.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
    return z.NEVER;
  }
}

/** An optional setting: unset and empty are the same (`FOO=` in an env file). */
const optional = <T extends z.ZodTypeAny>(type: T) => z.preprocess((value) => (value === "" ? undefined : value), type.optional());

const fields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The database; pages answer 503 and the page cache is off without it. */
  DATABASE_URL: optional(z.string().min(1)),
  DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(1000)).transform((max) => max ?? 10),
  READ_MODEL_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,44}$/).default(DEFAULT_READ_MODEL_SCHEMA),
  /** Ponder's HTTP server, for the indexer's progress (/status). */
  INDEXER_URL: z.string().url().default("http://127.0.0.1:42069"),
  /** Chain 137 JSON-RPC, for the chain head (seconds behind). */
  CHAIN_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  /** `local` when unset, except with NODE_ENV=production: a production process must say which (abis/deployments.ts, PARTY_ENV_REQUIRED). */
  PARTY_ENV: optional(z.enum(["local", "production"])),
  /** The party contract on Polygon and its deployment block (PARTY_ENV=production; abis/deployments.ts checks them). */
  PARTY_ADDRESS: optional(z.string()),
  PARTY_START_BLOCK: optional(z.string()),
  /** Where the pages link a CID for people to open (a path gateway ending in /ipfs/). */
  IPFS_GATEWAY: z.string().url().default("https://ipfs.io/ipfs/"),
  /** The Kubo RPC API of the party's IPFS node, where a minter's document is added and pinned (docs/decisions/0011); the local node when PARTY_ENV=local. Server-only. */
  IPFS_API_URL: optional(z.string().url()),
  /** The Authorization header the IPFS node's RPC wants (e.g. "Basic …" behind a proxy), if any. Server-only, never logged. */
  IPFS_API_AUTHORIZATION: optional(z.string().min(1)),
  /** Trustless gateways (comma-separated base URLs) the document fetcher asks for blocks, in order; every block is verified, so none is trusted. */
  IPFS_GATEWAYS: optional(z.string().transform((list, ctx) => {
    const urls = list.split(",").map((u) => u.trim()).filter(Boolean);
    for (const url of urls) if (!z.string().url().safeParse(url).success) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `not a URL: ${url}` });
    return urls;
  })),
  /** How long one IPFS request may take, in milliseconds (5 s by default). */
  IPFS_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).transform((ms) => ms ?? 5_000),
  /** The most documents a second one fetcher stores while others keep the host's cores busy (100 by default; at full speed while a core is free), so a backlog leaves the pages their CPU. */
  DOCUMENTS_BUSY_RATE: optional(z.coerce.number().min(1).max(100_000)).transform((rate) => rate ?? 100),

  /** The public origin of the app (https://party.example), for the cross-site check of POSTs; the request's own origin when unset. Set it behind a TLS-terminating proxy. */
  APP_ORIGIN: optional(z.string().url().transform((url) => new URL(url).origin)),
  /** The proxies in front of the server, as addresses or CIDR ranges (comma-separated): only a request from one of them has its X-Forwarded-For read for the client address (rate limits, render gate; app/ground/client-address.server.ts). None by default; a count (the old meaning) is refused. */
  TRUST_PROXY: optional(z.string().transform(proxyRanges)).transform((ranges) => ranges ?? []),
  /** Telegram bot token, for checking the login widget's hash (register_telegram); the command answers 503 without it. PARTY_ENV=local has a stand-in one. */
  TELEGRAM_BOT_TOKEN: optional(z.string().min(1)),
  /** The bot's username (without @), whose Telegram Login Widget /me shows (PARTY_ENV=production); no widget without it. Public. */
  TELEGRAM_BOT_NAME: optional(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "a bot's username: letters, digits and _, without @")),
  /** Notifications (npm run notifier): how many blocks an event waits before it is told, so a reorg cannot take back a message. 0 on the local chain; on Polygon see docs/notifications.md. */
  NOTIFY_CONFIRMATIONS: optional(z.coerce.number().int().min(0).max(10_000)),
  /** Notifications: the window in seconds over which a burst of one kind to one recipient folds into one message (60 by default). */
  NOTIFY_FOLD_SECONDS: optional(z.coerce.number().int().min(0).max(86_400)).transform((s) => s ?? 60),
  /** The Telegram Bot API's base URL (https://api.telegram.org by default); tests and benches point it at a local stand-in. Server-only. */
  TELEGRAM_API_URL: z.string().url().default("https://api.telegram.org"),
  /** Scales the notifier's Telegram rate limits (30 messages/s overall, 1/s per chat) for benches against the stand-in; 1 in production. */
  NOTIFY_RATE_SCALE: optional(z.coerce.number().min(0.01).max(1000)).transform((scale) => scale ?? 1),
  /** Makes the notifier's retry rule (a day of tries, waits doubling up to 5 minutes) run this much faster, for tests; 1 in production. */
  NOTIFY_RETRY_SCALE: optional(z.coerce.number().min(1).max(100_000)).transform((scale) => scale ?? 1),
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

  /** The web server (server/index.ts): where it listens, and the page cache's size (0 turns it off). */
  PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((port) => port ?? 3000),
  HOST: optional(z.string().min(1)),
  PAGE_CACHE_MB: optional(z.coerce.number().min(0)).transform((mb) => mb ?? 256),
});

/**
 * A production process names its deployment: PARTY_ENV=local, the default elsewhere, mounts the
 * development routes. The local wallet's paymaster and account factory are development contracts:
 * on Polygon anyone could deploy them at their deterministic addresses, so production never names them.
 */
const schema = fields.superRefine(({ NODE_ENV, PARTY_ENV, WALLET_BACKEND }, context) => {
  if (NODE_ENV === "production" && PARTY_ENV === undefined) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["PARTY_ENV"], message: PARTY_ENV_REQUIRED });
  }
  if (PARTY_ENV === "production" && WALLET_BACKEND === "local") {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["WALLET_BACKEND"],
      message:
        "local is for development only and cannot run with PARTY_ENV=production (its paymaster and account factory are dev contracts anyone could deploy on Polygon); unset WALLET_BACKEND or set it to alchemy",
    });
  }
});

/**
 * The local chain's Telegram bot token when none is set: the local stand-in of the login widget
 * (/dev/telegram-login) signs with it, so linking Telegram works with `npm run dev` as it is.
 */
export const LOCAL_TELEGRAM_BOT_TOKEN = "0:local-stand-in-bot-token";

/** The local IPFS node of `npm run dev` (scripts/lib/ipfs-node.ts): its Kubo RPC and its trustless gateway. */
export const LOCAL_IPFS_URL = "http://127.0.0.1:5001";
/** Public trustless gateways (raw blocks), for a production that names none. */
export const PUBLIC_TRUSTLESS_GATEWAYS = ["https://trustless-gateway.link", "https://ipfs.io"];

const withDefaults = schema.transform((settings) => {
  const PARTY_ENV = settings.PARTY_ENV ?? "local";
  const local = PARTY_ENV === "local";
  return {
    ...settings,
    PARTY_ENV,
    TELEGRAM_BOT_TOKEN: settings.TELEGRAM_BOT_TOKEN ?? (local ? LOCAL_TELEGRAM_BOT_TOKEN : undefined),
    IPFS_API_URL: settings.IPFS_API_URL ?? (local ? LOCAL_IPFS_URL : undefined),
    IPFS_GATEWAYS: settings.IPFS_GATEWAYS?.length ? settings.IPFS_GATEWAYS : local ? [LOCAL_IPFS_URL] : PUBLIC_TRUSTLESS_GATEWAYS,
  };
});

export type Env = z.infer<typeof withDefaults>;

const KEYS = Object.keys(fields.shape);
let cached: { fingerprint: string; env: Env } | undefined;

/**
 * The validated environment. Parsed again only when one of its variables changed (tests point
 * DATABASE_URL and others at their own services), so reading it costs a string join.
 */
export function env(): Env {
  const fingerprint = KEYS.map((key) => process.env[key] ?? "\u0000").join("\u0001");
  if (cached?.fingerprint === fingerprint) return cached.env;
  const parsed = withDefaults.safeParse({ ...process.env, NODE_ENV: process.env.NODE_ENV || undefined });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  cached = { fingerprint, env: parsed.data };
  return parsed.data;
}

/**
 * READ_MODEL_SCHEMA alone, for a module that names the views schema as it loads (db/query.server.ts):
 * the rest of the environment is validated when a process starts, where a refused setting is one
 * line (server/index.ts), not an import's stack trace.
 */
export function readModelSchema(): string {
  return fields.shape.READ_MODEL_SCHEMA.parse(process.env.READ_MODEL_SCHEMA || undefined);
}

type RpcEnv = Pick<Env, "PARTY_ENV" | "BUNDLER_RPC_URL" | "ALCHEMY_RPC_URL" | "ALCHEMY_API_KEY">;

/** Alchemy's endpoint for Polygon (chain, bundler and gas manager in one), when configured. Server-only: it carries the key. */
export function alchemyRpcUrl({ ALCHEMY_RPC_URL, ALCHEMY_API_KEY }: RpcEnv = env()): string | undefined {
  return ALCHEMY_RPC_URL ?? (ALCHEMY_API_KEY ? `${ALCHEMY_POLYGON_URL}${ALCHEMY_API_KEY}` : undefined);
}

/** The JSON-RPC endpoint of the chain's ERC-4337 bundler: alto locally, Alchemy in production. */
export function bundlerRpcUrl(current: RpcEnv = env()): string | undefined {
  return current.PARTY_ENV === "local" ? current.BUNDLER_RPC_URL : alchemyRpcUrl(current);
}

/**
 * The party contract of PARTY_ENV (abis/deployments.ts): what the call builders address and the
 * verifying contract of every EIP-712 command and proof. Throws when production lacks PARTY_ADDRESS.
 */
export function partyAddress(): Address {
  const { PARTY_ENV, PARTY_ADDRESS, PARTY_START_BLOCK } = env();
  return partyDeployment({ PARTY_ENV, PARTY_ADDRESS, PARTY_START_BLOCK }).address;
}

/** The same-origin JSON-RPC proxy the browser wallet talks to (app/routes/api.alchemy-rpc.ts). */
export const WALLET_RPC_PATH = "/api/alchemy-rpc";

/** What the browser may see (the root loader's `env`). */
export function publicEnv() {
  const { IPFS_GATEWAY, PARTY_ENV } = env();
  return { IPFS_GATEWAY, PARTY_ENV, wallet: walletConfig() };
}
export type PublicEnv = ReturnType<typeof publicEnv>;

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
  let party: WalletConfig["partyAddress"];
  try {
    party = partyAddress();
  } catch {
    return null;
  }
  const backend = WALLET_BACKEND ?? (PARTY_ENV === "production" ? "alchemy" : "local");
  const { entryPoint, factory, paymaster, webAuthnVerifier } = LOCAL_WALLET;
  return {
    backend,
    chainId: CHAIN_ID,
    partyAddress: party,
    rpcPath: WALLET_RPC_PATH,
    ...(backend === "local" ? { local: { entryPoint, factory, paymaster, webAuthnVerifier } } : {}),
    ...(backend === "alchemy" && ALCHEMY_GAS_POLICY_ID ? { gasPolicyId: ALCHEMY_GAS_POLICY_ID } : {}),
  };
}
