/**
 * The security headers of every response the web server sends, in one place.
 *
 * - Every response: `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 *   strict-origin-when-cross-origin`, `X-Frame-Options: DENY` (for browsers older than
 *   `frame-ancestors`), and HSTS when the app's public origin (APP_ORIGIN) is https.
 * - HTML: a Content-Security-Policy. Scripts run only from this origin or inline with this
 *   response's nonce (app/entry.server.tsx puts it on every inline script). A page kept by the
 *   page cache is served to many clients, so it must not carry one response's nonce: when it is
 *   stored, its policy names the SHA-256 of each inline script it has instead (`hashPolicy`), so
 *   a cached page allows exactly its own scripts and nothing a nonce could be replayed for.
 *
 * With WALLET_BACKEND=alchemy the browser also frames Alchemy's signer (Turnkey's iframe) and
 * talks to Alchemy: those origins are allowed then and only then. Likewise Telegram's Login Widget
 * (its script from telegram.org, its button in a frame from oauth.telegram.org) when /me offers it
 * (TELEGRAM_BOT_NAME in production: app/services/telegram.server.ts).
 */
import { createHash, randomBytes } from "node:crypto";

export type SecuritySettings = {
  /** APP_ORIGIN: HSTS and upgrade-insecure-requests when it is https. */
  appOrigin?: string;
  walletBackend?: "local" | "alchemy";
  /** /me offers Telegram's Login Widget. */
  telegramWidget?: boolean;
};

const ALCHEMY_CONNECT = ["https://*.alchemy.com", "https://*.g.alchemy.com", "https://api.turnkey.com"];
const ALCHEMY_FRAMES = ["https://auth.turnkey.com", "https://signer.alchemy.com"];
const TELEGRAM_SCRIPTS = ["https://telegram.org"];
const TELEGRAM_FRAMES = ["https://oauth.telegram.org"];

/** A fresh nonce for one response. */
export const newNonce = () => randomBytes(16).toString("base64");

/** The policy with `scripts` as the inline scripts' sources (a nonce, or hashes). */
function policy(settings: SecuritySettings, scripts: string[]): string {
  const alchemy = settings.walletBackend === "alchemy";
  const https = settings.appOrigin?.startsWith("https:") ?? false;
  const frames = [...(alchemy ? ALCHEMY_FRAMES : []), ...(settings.telegramWidget ? TELEGRAM_FRAMES : [])];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(settings.telegramWidget ? TELEGRAM_SCRIPTS : []), ...scripts].join(" "),
    // React's style attributes and Account Kit's injected styles.
    "style-src 'self' 'unsafe-inline'",
    // QR codes are data: images.
    "img-src 'self' data:",
    `connect-src 'self'${alchemy ? ` ${ALCHEMY_CONNECT.join(" ")}` : ""}`,
    `frame-src ${frames.length > 0 ? frames.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The policy of a page rendered for one response, with its nonce. */
export const noncePolicy = (settings: SecuritySettings, nonce: string) => policy(settings, [`'nonce-${nonce}'`]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The policy of a stored page (its HTML's bytes): its inline scripts by hash, no nonce. The page is
 * read as Latin-1, one character per byte, where decoding the UTF-8 would cost more than the rest:
 * the tags are ASCII either way, and each script is hashed from its own bytes, which is what a
 * browser hashes.
 */
export function hashPolicy(settings: SecuritySettings, html: Buffer): string {
  const hashes = new Set<string>();
  for (const match of html.toString("latin1").matchAll(INLINE_SCRIPT)) {
    const [whole, attributes, body] = match;
    if (/\ssrc\s*=/i.test(attributes!) || !body) continue;
    const start = match.index + whole.indexOf(">") + 1;
    hashes.add(`'sha256-${createHash("sha256").update(html.subarray(start, start + body.length)).digest("base64")}'`);
  }
  return policy(settings, [...hashes]);
}

/** The headers every response carries. */
export function staticSecurityHeaders(settings: SecuritySettings): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    ...(settings.appOrigin?.startsWith("https:") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const isHtml = (headers: Headers) => /^text\/html\b/i.test(headers.get("content-type") ?? "");

/** Sets the security headers on a response (a CSP with `nonce` on HTML that has none yet). */
export function secure(response: Response, settings: SecuritySettings, nonce: string): Response {
  let headers = response.headers;
  try {
    headers.set("x-content-type-options", "nosniff");
  } catch {
    // Immutable headers (a fetched or redirect Response): copy them.
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(headers) });
    headers = response.headers;
  }
  for (const [name, value] of Object.entries(staticSecurityHeaders(settings))) headers.set(name, value);
  if (isHtml(headers) && !headers.has("content-security-policy")) headers.set("content-security-policy", noncePolicy(settings, nonce));
  return response;
}
