/**
 * The session cookie: `__Host-session`, an opaque random token (32 bytes, base64url). The server
 * keeps only its SHA-256 (app.sessions.id, see models/sessions.server.ts), so the table alone
 * cannot be replayed as cookies. `__Host-` makes browsers insist on Secure, Path=/ and no Domain.
 */

export const SESSION_COOKIE = "__Host-session";
/** 30 days (SPEC 9: wallet session expiry). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The Set-Cookie value that starts a session. */
export function sessionCookie(token: string, maxAgeSeconds = SESSION_MAX_AGE_SECONDS): string {
  if (!TOKEN.test(token)) throw new Error("session token must be 32 bytes, base64url");
  return `${SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${ATTRIBUTES}`;
}

/** The Set-Cookie value that removes the cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
}

/** The session token from the request's Cookie header, when there is a well-formed one. */
export function readSessionToken(request: Request): string | undefined {
  return sessionTokenFromCookieHeader(request.headers.get("cookie"));
}

/** readSessionToken on a raw Cookie header (the web server's page cache asks before any Request exists). */
export function sessionTokenFromCookieHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN.test(value)) return value;
  }
  return undefined;
}
