/**
 * What the follower tests share: the local stack without demo data or app server (anvil, a
 * migrated database, the real indexer filling its views), a pool for the follower, and small
 * steps: link an account's Telegram, choose its kinds and its language, send a contract call and
 * wait until it is indexed, run one follower step, read the deliveries.
 *
 *   const ctx = useFollowerStack();        // once, at the top of the test file
 *   await ctx.link(ALICE);                 // in a test or a beforeAll
 */
import pg from "pg";
import { getAddress, parseEther, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { NotificationKind } from "../../../app/utils/notification-kinds.js";
import { followOnce, type FollowerOptions, type FollowStepOptions } from "../../../server/notifier/follower.js";
import { startStack, type Stack } from "../../setup/stack.js";
import { linkTelegram } from "./helpers.js";

export const ORIGIN = "https://party.test";

export type DeliveryRow = { key: string; address: string; chatId: string; kind: NotificationKind; text: string };

export type FollowerTestContext = {
  stack: Stack;
  pool: pg.Pool;
  /** Links `account`'s Telegram (a made-up chat id, one per account); returns the chat id. */
  link(account: PrivateKeyAccount | Address): Promise<string>;
  /** The kinds `account` chose on /me. */
  choose(account: PrivateKeyAccount | Address, kinds: NotificationKind[]): Promise<void>;
  /** The language `account` uses the app in, as /me and linking Telegram record it (null: none). */
  speak(account: PrivateKeyAccount | Address, language: string | null): Promise<void>;
  /** Calls the party contract as `account`, waits until the indexer has the block; the receipt. */
  send(account: PrivateKeyAccount, functionName: string, args: readonly unknown[]): Promise<{ blockNumber: bigint; transactionHash: Hex }>;
  /** A new funded account that the party has never seen. */
  newcomer(): Promise<PrivateKeyAccount>;
  /** The follower's options on this stack: no confirmations, no folding. */
  options(): FollowerOptions;
  /** One follower step with this stack's read model (no confirmations, no folding unless asked). */
  follow(options?: Partial<FollowStepOptions>): ReturnType<typeof followOnce>;
  /** The deliveries written since the last call (each test reads only its own). */
  newDeliveries(): Promise<DeliveryRow[]>;
  /** The follower's cursor (a sort key), or undefined before its first step. */
  cursor(): Promise<string | undefined>;
};

/** Registers beforeAll/afterAll: a stack without demo data or app server, and the follower's pool. */
export function useFollowerStack(): FollowerTestContext {
  const ctx = {} as FollowerTestContext;
  let chatIds = 1000n;
  let seen = new Set<string>();
  beforeAll(async () => {
    ctx.stack = await startStack({ seed: false, app: false });
    ctx.pool = new pg.Pool({ connectionString: ctx.stack.databaseUrl, max: 4 });
    ctx.pool.on("error", () => undefined);
    ctx.stack.adopt(() => ctx.pool.end());
  });
  afterAll(() => ctx.stack?.stop());

  const address = (account: PrivateKeyAccount | Address) => getAddress(typeof account === "string" ? account : account.address);
  ctx.link = async (account) => {
    const chatId = (chatIds += 1n);
    await linkTelegram(ctx.pool, address(account), chatId);
    return chatId.toString();
  };
  ctx.choose = async (account, kinds) => {
    await ctx.stack.query(
      `insert into app.notification_settings (address, kinds) values ($1, $2) on conflict (address) do update set kinds = excluded.kinds`,
      [address(account).toLowerCase(), kinds],
    );
  };
  ctx.speak = async (account, language) => {
    await ctx.stack.query(
      `insert into app.notification_settings (address, language) values ($1, $2) on conflict (address) do update set language = excluded.language`,
      [address(account).toLowerCase(), language],
    );
  };
  ctx.send = async (account, functionName, args) => {
    const receipt = await ctx.stack.send(account, functionName, args);
    await ctx.stack.indexer.waitForBlock(receipt.blockNumber, 60_000);
    return receipt;
  };
  ctx.newcomer = async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await ctx.stack.testClient.setBalance({ address: account.address, value: parseEther("1") });
    return account;
  };
  ctx.options = () => ({ pool: ctx.pool, readModelSchema: ctx.stack.viewsSchema, confirmations: 0, foldSeconds: 0, appOrigin: ORIGIN });
  ctx.follow = (options = {}) => followOnce({ ...ctx.options(), ...options });
  ctx.newDeliveries = async () => {
    const rows = await ctx.stack.query<DeliveryRow>(
      `select key, address, chat_id::text as "chatId", kind, text from app.notification_deliveries order by created_at, key`,
    );
    const fresh = rows.filter((r) => !seen.has(r.key));
    seen = new Set(rows.map((r) => r.key));
    return fresh;
  };
  ctx.cursor = async () => (await ctx.stack.query<{ sortKey: string }>(`select sort_key::text as "sortKey" from app.notifier_cursor`))[0]?.sortKey;
  return ctx;
}

/** An address as the read model and the deliveries write it. */
export const lower = (account: PrivateKeyAccount | Address) => (typeof account === "string" ? account : account.address).toLowerCase();

/** Waits until `check` holds (polling the state), or fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
