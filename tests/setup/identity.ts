/**
 * The identity tests' harness: a stack (startStack) with a real anvil (chain 137, party contract
 * at its deterministic address) and a real Postgres database with the app's migrations, no demo
 * data, indexer or app server; the chain behind a TCP proxy that can be cut; and the /api/command
 * route module called directly as Remix would. env() caches on first read, so the environment is
 * set in beforeAll before the app modules are imported.
 */
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { Address, PrivateKeyAccount } from "viem";
import { startStack, type Stack } from "./stack.js";
import { startTcpProxy, viaProxy } from "./tcp-proxy.js";
import {
  commandRequestBody,
  commandTypedData,
  newCommandMessage,
  type CommandMessage,
  type CommandName,
  type CommandTypedData,
} from "../../app/utils/command-typed-data.js";

/**
 * The proxy the identity tests' requests come through (TRUST_PROXY): a route called with
 * `context: VIA_PROXY` counts its client by the request's X-Forwarded-For, as behind a real one.
 */
export const PROXY = "192.0.2.250";
export const VIA_PROXY = { socketAddress: PROXY };

export const TEST_BOT_TOKEN = "123456789:AAtest-bot-token-for-identity-tests";
export const APP_URL = "https://party.test";

type RouteModule = typeof import("../../app/routes/api.command.js");

export type Identity = {
  tc: Stack;
  proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  sql: pg.Client;
  route: RouteModule;
  party: Address;
};

export type UseIdentityOptions = {
  /** Extra environment for the app (SEGMENT_*, ANALYTICS_SALT, ...). */
  env?: Record<string, string>;
};

/** Registers beforeAll/afterAll; the returned object is filled in beforeAll. */
export function useIdentity({ env = {} }: UseIdentityOptions = {}): Identity {
  const ctx = {} as Identity;
  beforeAll(async () => {
    ctx.tc = await startStack({ seed: false, indexer: false, app: false, database: true });
    ctx.proxy = await startTcpProxy({ host: "127.0.0.1", port: ctx.tc.anvil.port });
    ctx.tc.adopt(ctx.proxy.close);
    for (const key of ["SEGMENT_WRITE_KEY", "SEGMENT_HOST", "ANALYTICS_SALT", "APP_ORIGIN"]) delete process.env[key];
    Object.assign(process.env, {
      DATABASE_URL: ctx.tc.databaseUrl,
      CHAIN_RPC_URL: viaProxy(ctx.tc.rpcUrl, ctx.proxy.port),
      PARTY_ENV: "local",
      TRUST_PROXY: PROXY,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      ...env,
    });
    ctx.sql = new pg.Client({ connectionString: ctx.tc.databaseUrl });
    await ctx.sql.connect();
    ctx.route = await import("../../app/routes/api.command.js");
    const { partyDeployment } = await import("../../abis/deployments.js");
    ctx.party = partyDeployment().address;
    if (ctx.party !== ctx.tc.address) throw new Error(`party contract at ${ctx.tc.address}, expected ${ctx.party}`);
  });
  afterAll(async () => {
    const { closeAnalytics } = await import("../../app/utils/analytics.server.js");
    await closeAnalytics(2_000);
    const { closeDb } = await import("../../db/client.server.js");
    await closeDb();
    await ctx.sql?.end();
    // The proxy, the database and the chain.
    await ctx.tc?.stop();
  });
  return ctx;
}

let ipCounter = 0;
/** A fresh client address (X-Forwarded-For) so that tests do not share a rate-limit window. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type Answer = {
  status: number;
  /** A refusal's `message` in English, and the key and values of app/locales it is made from. */
  body: { message?: string; key?: string; values?: Record<string, string | number>; ok?: boolean; command?: string; signer?: string; expiresAt?: string; telegram?: { username: string; visible: boolean } };
  headers: Headers;
  setCookie: string | null;
};

export type PostOptions = {
  /** The session token to send as the `__Host-session` cookie. */
  token?: string;
  /** Client address (X-Forwarded-For); a fresh one when unset. */
  ip?: string;
  headers?: Record<string, string>;
};

export function commandRequest(body: unknown, { token, ip = nextIp(), headers = {} }: PostOptions = {}): Request {
  return new Request(`${APP_URL}/api/command`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(token ? { cookie: `theme=dark; __Host-session=${token}` } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** POSTs to the route's action and reads the JSON answer. */
export async function post(route: RouteModule, body: unknown, options: PostOptions = {}): Promise<Answer> {
  const response = await route.action({ request: commandRequest(body, options), params: {}, context: VIA_PROXY });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Answer["body"], headers: response.headers, setCookie: response.headers.get("set-cookie") };
}

/** The token from a `__Host-session=<token>; ...` Set-Cookie value. */
export function tokenFrom(setCookie: string | null): string {
  const token = /^__Host-session=([A-Za-z0-9_-]{43});/.exec(setCookie ?? "")?.[1];
  if (!token) throw new Error(`no session token in ${setCookie}`);
  return token;
}

const issuedSignedAt = new Set<bigint>();
/**
 * A signing time at most a few minutes in the past that no earlier call returned: two messages
 * alike in everything, signedAt included, have one digest, and the second would be a replay.
 */
export function freshSignedAt(): bigint {
  let at = nowSeconds();
  while (issuedSignedAt.has(at)) at -= 1n;
  issuedSignedAt.add(at);
  return at;
}

export type SignOptions = {
  /** freshSignedAt() when unset. */
  signedAt?: bigint;
  /** Tamper with the domain. */
  domain?: Partial<CommandTypedData["domain"]>;
  /** Sign as this account while the message names another signer. */
  signer?: Address;
};

/** A body signed by an EOA (`as`), with the message's signer being `as` unless `signer` says otherwise. */
export async function signedBody(
  party: Address,
  as: PrivateKeyAccount,
  name: CommandName,
  params: readonly string[] = [],
  options: SignOptions = {},
): Promise<{ message: CommandMessage; body: ReturnType<typeof commandRequestBody> }> {
  const message = newCommandMessage(options.signer ?? as.address, name, params);
  message.signedAt = options.signedAt ?? freshSignedAt();
  const typedData = commandTypedData(party, message);
  const signature = await as.signTypedData({ ...typedData, domain: { ...typedData.domain, ...options.domain } });
  return { message, body: commandRequestBody(message, signature) };
}

export function unsignedBody(signer: Address, name: CommandName, params: readonly string[] = [], signedAt?: bigint) {
  const message = newCommandMessage(signer, name, params);
  if (signedAt !== undefined) message.signedAt = signedAt;
  return commandRequestBody(message);
}

export const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

export type TelegramFields = Partial<Record<"id" | "first_name" | "last_name" | "username" | "photo_url" | "auth_date" | "hash", string>>;

/** Widget data with Telegram's hash (computed here from the spec, independently of the app). */
export function telegramLogin(fields: Omit<TelegramFields, "hash">, botToken = TEST_BOT_TOKEN): Required<Pick<TelegramFields, "hash">> & TelegramFields {
  const checkString = Object.keys(fields)
    .filter((k) => fields[k as keyof typeof fields])
    .sort()
    .map((k) => `${k}=${fields[k as keyof typeof fields]}`)
    .join("\n");
  // The HMAC key is SHA-256(bot token) (not HMAC("WebAppData", token) as for Mini Apps).
  const key = createHash("sha256").update(botToken).digest();
  const hash = createHmac("sha256", key).update(checkString).digest("hex");
  return { ...fields, hash };
}

/** The seven params of register_telegram, in order; absent fields are empty strings. */
export function telegramParams(fields: TelegramFields): string[] {
  return [fields.id, fields.first_name, fields.last_name, fields.username, fields.photo_url, fields.auth_date, fields.hash].map((v) => v ?? "");
}

export type Recorded = { method: string; path: string; headers: IncomingHttpHeaders; text: string; body: unknown };

/**
 * A local HTTP endpoint standing in for Segment's API: records every request, answers `status`;
 * between hold() and release() it records requests but answers none of them until release().
 */
export async function startRecorder(initialStatus = 200) {
  const requests: Recorded[] = [];
  let status = initialStatus;
  let held: (() => void)[] | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, text, body });
      const answer = () => res.writeHead(status, { "content-type": "application/json" }).end(status < 300 ? '{"success":true}' : '{"error":"down"}');
      if (held) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setStatus: (next: number) => {
      status = next;
    },
    hold: () => {
      held ??= [];
    },
    release: () => {
      const answers = held ?? [];
      held = null;
      for (const answer of answers) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

