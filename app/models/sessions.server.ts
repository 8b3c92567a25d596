/**
 * Server-side sessions (app.sessions) behind the `__Host-session` cookie. The row's id is the
 * SHA-256 of the cookie's token, never the token itself. A session is valid until it expires
 * (30 days after log_in) or is revoked (log_out, or a new log_in from the same browser).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import { db } from "../../db/client.server";
import { sessions } from "../../db/app-schema";
import { SESSION_MAX_AGE_SECONDS } from "../utils/session-cookie.server";

export type Session = { address: Address; expiresAt: Date };

/** The database or a transaction on it: model functions that may run inside a command's transaction take one. */
export type Executor = ReturnType<typeof db> | Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** The row id for a cookie token. */
export function sessionId(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session for `address`; returns the cookie token (32 random bytes, base64url). */
export async function createSession(
  address: Address,
  { executor = db(), now = new Date() }: { executor?: Executor; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await executor
    .insert(sessions)
    .values({ id: sessionId(token), address: getAddress(address), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The live session the token names, if any. */
export async function findSession(token: string | undefined, now = new Date()): Promise<Session | undefined> {
  if (!token) return undefined;
  const [row] = await db()
    .select({ address: sessions.address, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ? { address: getAddress(row.address), expiresAt: row.expiresAt } : undefined;
}

/** Revokes the session the token names (a no-op for an unknown or revoked one). */
export async function revokeSession(
  token: string | undefined,
  { executor = db(), now = new Date() }: { executor?: Executor; now?: Date } = {},
): Promise<void> {
  if (!token) return;
  const revoked = await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId(token)), isNull(sessions.revokedAt)))
    .returning({ address: sessions.address });
  await sessionsEnded(executor, revoked);
}

/**
 * Tells the web server that these accounts' sessions ended: it forgets what it keeps of each
 * session's viewer at its next poll of the read model's changes (server/viewer-pages.ts), so a
 * revoked session is not served as signed in a moment later.
 */
async function sessionsEnded(executor: Executor, ended: readonly { address: string }[]): Promise<void> {
  const accounts = [...new Set(ended.map((s) => s.address.toLowerCase()))];
  if (accounts.length === 0) return;
  await executor.execute(
    sql`select app.record_page_change((select jsonb_agg(jsonb_build_object('account', a)) from unnest(${sql.param(accounts)}::text[]) a))`,
  );
}

/** Revokes every session of `address` (for "log out everywhere"). */
export async function revokeSessionsOf(address: Address, now = new Date()): Promise<number> {
  const revoked = await db()
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.address, getAddress(address)), isNull(sessions.revokedAt)))
    .returning({ address: sessions.address });
  await sessionsEnded(db(), revoked);
  return revoked.length;
}

/** Deletes sessions that expired or were revoked more than a day ago. */
export async function purgeSessions(now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const deleted = await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)))
    .returning({ id: sessions.id });
  return deleted.length;
}
