/**
 * Pages as a signed-in account sees them, for route tests: a live session row for any address
 * (the `__Host-session` cookie's token, stored as its SHA-256 as log_in does), and a GET of the
 * production server with that cookie. Signing in through /api/command needs the account's key;
 * these tests look at the pages of demo accounts whose keys they do not hold.
 */
import { createHash, randomBytes } from "node:crypto";
import { getAddress, type Address } from "viem";
import { ACCOUNT_COOKIE } from "../../app/ground/shared-viewer.js";
import { SESSION_COOKIE } from "../../app/utils/session-cookie.server.js";
import { get, type Page } from "./html.js";

type Queries = { query: (text: string, params?: unknown[]) => Promise<unknown[]> };

/**
 * The demo read model's first account (by address, after `offset` more) whose members row matches
 * `where` (SQL over `m`), for a test to sign in as: lower case, as the read model spells it.
 */
export async function demoAccount(stack: Queries & { viewsSchema: string }, where: string, offset = 0): Promise<string> {
  const [row] = (await stack.query(
    `select m.account from ${stack.viewsSchema}.members m where ${where} order by m.account limit 1 offset ${offset}`,
  )) as { account: string }[];
  if (!row) throw new Error(`no demo account where ${where}`);
  return row.account;
}

/** The account of each token sessionFor made: getAs sends it in the account cookie, as a browser would. */
const accounts = new Map<string, Address>();

/** A session for `address`, valid for a day; returns the cookie's token. */
export async function sessionFor(stack: Queries, address: Address | string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const id = createHash("sha256").update(token).digest("hex");
  await stack.query(`insert into app.sessions (id, address, expires_at) values ($1, $2, now() + interval '1 day')`, [id, getAddress(address)]);
  accounts.set(token, getAddress(address));
  return token;
}

/**
 * The Cookie header of a browser signed in with `token`: the session, and the account cookie that
 * the server sets beside it (a page shared by a kind of viewer is answered only with both:
 * server/viewer-pages.ts).
 */
export const cookiesOf = (token: string) => `${SESSION_COOKIE}=${token}${accounts.has(token) ? `; ${ACCOUNT_COOKIE}=${accounts.get(token)}` : ""}`;

/** GET `path` with the cookies of `token` (none when undefined). */
export const getAs = (base: string, path: string, token?: string): Promise<Page> => get(base, path, token ? { cookie: cookiesOf(token) } : {});

/** The role controls a page offers (their server-rendered `data-controls` markers), sorted and unique. */
export const controlsOf = (page: Page) => [...new Set([...page.main.matchAll(/data-controls="([^"]+)"/g)].map((m) => m[1]!))].sort();
