/**
 * The guard every POST action awaits first, and GETs that call upstream per request too:
 *
 *   const refused = await guardPost(request, { bucket: "default", context });
 *   if (refused) return refused;        // or: await enforcePost(request, ...) to throw it
 *   const limited = await guardLookup(request, { context });   // or enforceLookup in a page loader
 *
 * 1. POSTs only: cross-site requests are refused with 403 `{ message }`: `Sec-Fetch-Site` present
 *    and not `same-origin`/`none`; else `Origin` present and not the app's origin (APP_ORIGIN when
 *    set, else the request URL's origin). Requests with neither header (curl, servers) pass.
 * 2. Rate limit per client address and bucket, a fixed window of one minute starting at the
 *    client's first request: "command" and "signin" 10 per minute, "default" (other POSTs) 100,
 *    "lookup" (GET /api/operations/:hash and ?sender=, /verify?proof=: each calls the bundler or
 *    the chain) 240, twice what a wallet polling every 500 ms (app/wallet/track.ts) would send. Over it, 429
 *    with Retry-After (seconds): `{ message }` (English) from guardPost/guardLookup (guardKeyedPost
 *    adds the key and values, for answers a page shows), a keyed
 *    message (app/i18n/message.ts) from enforcePost/enforceLookup, which the error boundary shows
 *    in the page's language (the refusals' texts: app/locales/<language>/refusals.ts).
 *
 * The counters are in PostgreSQL (app.rate_limits, app/utils/rate-limit-counters.server.ts), so
 * every app server on one database counts one limit. When the database cannot be reached (or
 * without DATABASE_URL) the guard counts in this process's memory and logs a warning: the limit
 * then holds per process rather than not at all, and the routes that need no database (the RPC
 * proxy, /api/calls) keep working, so neither a 500 nor a 503 from the guard.
 *
 * The client: `clientAddress` (app/ground/client-address.server.ts), the socket's address, or
 * behind the proxies TRUST_PROXY names the address they saw; IPv6 by its /64. The socket's address
 * is `context.socketAddress`, which server/index.ts gives every request; `remix dev` gives none,
 * so there all clients share one "unknown" key.
 */
import { message, type Message } from "../i18n/message";
import { clientAddress, type ProxyRange } from "../ground/client-address.server";
import { env } from "../ground/env.server";
import { englishOf, json, messageBody, messageResponse } from "./http.server";
import { memoryCounters, postgresCounters, type RateLimitCounters } from "./rate-limit-counters.server";

export type Bucket = "command" | "signin" | "default" | "lookup";
export type PostBucket = Exclude<Bucket, "lookup">;

export type RateLimit = { limit: number; windowMs: number };

export const RATE_LIMITS: Record<Bucket, RateLimit> = {
  command: { limit: 10, windowMs: 60_000 },
  signin: { limit: 10, windowMs: 60_000 },
  default: { limit: 100, windowMs: 60_000 },
  lookup: { limit: 240, windowMs: 60_000 },
};

export type GuardOptions<B extends Bucket = Bucket> = {
  bucket: B;
  /** The loader's or action's `context`: its `socketAddress` (a string) is the client's socket. */
  context?: unknown;
};

export type GuardSettings = {
  /** The app's public origin; the request's own origin when unset. */
  appOrigin?: string;
  /** The proxies whose X-Forwarded-For is read (TRUST_PROXY); none by default. */
  trustProxy?: readonly ProxyRange[];
  limits?: Record<Bucket, RateLimit>;
  /** Count in app.rate_limits (every process on the database shares it); else in memory only. */
  database?: boolean;
  /** The clock (ms); the database's (or Date.now in memory) when unset. */
  now?: () => number;
  /** Windows kept at most in memory; past it the oldest are dropped. */
  maxKeys?: number;
};

/** Why a request is refused: 403 cross-site, 429 over the limit (Retry-After seconds); `message` is `text`'s English. */
export type Refusal = { status: 403 | 429; message: string; text: Message; retryAfter?: number };

const refusal = (status: Refusal["status"], text: Message, retryAfter?: number): Refusal => ({
  status,
  message: englishOf(text),
  text,
  ...(retryAfter === undefined ? {} : { retryAfter }),
});

export type Guard = {
  /** The cross-site check, then the rate limit. */
  post(request: Request, options: GuardOptions): Promise<Refusal | undefined>;
  /** The rate limit alone. */
  limit(request: Request, options: GuardOptions): Promise<Refusal | undefined>;
  /** Forgets every counter (tests). */
  reset(): Promise<void>;
};

const WARN_EVERY_MS = 60_000;

export function createGuard(settings: GuardSettings | (() => GuardSettings) = {}): Guard {
  const read = typeof settings === "function" ? settings : () => settings;
  let memory: RateLimitCounters | undefined;
  let shared: RateLimitCounters | undefined;
  let warnedUnknown = false;
  let lastFallbackWarning = -Infinity;

  async function count(bucket: Bucket, client: string, { limit, windowMs }: RateLimit, current: GuardSettings) {
    memory ??= memoryCounters({ maxKeys: current.maxKeys });
    const now = current.now?.();
    if (current.database) {
      try {
        return await (shared ??= postgresCounters()).hit(bucket, client, windowMs, now);
      } catch (error) {
        if (Date.now() - lastFallbackWarning > WARN_EVERY_MS) {
          lastFallbackWarning = Date.now();
          const why = error instanceof Response ? `${error.status} ${await error.text()}` : error instanceof Error ? error.message : String(error);
          console.warn(`request guard: rate limits count in this process's memory until the database answers again (${why.slice(0, 200)})`);
        }
      }
    }
    return memory.hit(bucket, client, windowMs, now);
  }

  async function limit(request: Request, { bucket, context }: GuardOptions): Promise<Refusal | undefined> {
    const current = read();
    const client = clientAddress(request, context, current.trustProxy ?? []);
    if (client === "unknown" && !warnedUnknown && env().NODE_ENV === "production") {
      warnedUnknown = true;
      console.warn("request guard: no client address (the request has no socket address); every client shares one rate limit");
    }
    const rule = (current.limits ?? RATE_LIMITS)[bucket];
    const hit = await count(bucket, client, rule, current);
    if (hit.count <= rule.limit) return undefined;
    const retryAfter = Math.max(1, Math.ceil((hit.resetAt - hit.now) / 1000));
    return refusal(429, message(`refusals.tooMany.${bucket}`, { limit: rule.limit, count: retryAfter }), retryAfter);
  }

  return {
    async post(request, options) {
      const crossSite = crossSiteText(request, read().appOrigin);
      return crossSite ? refusal(403, crossSite) : limit(request, options);
    },
    limit,
    async reset() {
      await memory?.clear();
      if (read().database) await (shared ??= postgresCounters()).clear().catch(() => undefined);
    },
  };
}

/** Why the request is cross-site (a keyed message), or undefined when it is not. */
export function crossSiteText(request: Request, appOrigin?: string): Message | undefined {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) {
    return site === "same-origin" || site === "none" ? undefined : message("refusals.crossSite.fetchSite", { site: site.slice(0, 40) });
  }
  const origin = request.headers.get("origin");
  if (origin === null) return undefined;
  const expected = appOrigin ?? new URL(request.url).origin;
  return origin === expected ? undefined : message("refusals.crossSite.origin", { origin: origin.slice(0, 100) });
}

/** Why the request is cross-site in English (the JSON API's `message`), or undefined when it is not. */
export function crossSiteRefusal(request: Request, appOrigin?: string): string | undefined {
  const text = crossSiteText(request, appOrigin);
  return text && englishOf(text);
}

let appGuard: Guard | undefined;

/** The app's guard, configured from the environment (APP_ORIGIN, TRUST_PROXY, DATABASE_URL). */
function guard(): Guard {
  return (appGuard ??= createGuard(() => {
    // Read lazily: env.server validates the environment on first use.
    const { APP_ORIGIN, TRUST_PROXY, DATABASE_URL } = env();
    return { appOrigin: APP_ORIGIN, trustProxy: TRUST_PROXY, database: DATABASE_URL !== undefined };
  }));
}

const retryHeaders = (refusal: Refusal): Record<string, string> => (refusal.retryAfter ? { "retry-after": String(refusal.retryAfter) } : {});

/** The JSON API's refusal: its English `message` only. */
const asJson = (refusal: Refusal | undefined) => refusal && json(refusal.status, { message: refusal.message }, retryHeaders(refusal));

/** A page's refusal, thrown to the error boundary: keyed, so it shows in the page's language. */
const asThrown = (refusal: Refusal) => messageResponse(refusal.text, refusal.status, retryHeaders(refusal));

/** A POST's guard: the JSON refusal (403 or 429), or undefined to go on. */
export async function guardPost(request: Request, options: GuardOptions<PostBucket>): Promise<Response | undefined> {
  return asJson(await guard().post(request, options));
}

/**
 * Like {@link guardPost}, with the refusal's key and values beside its English: `{ message, key,
 * values }`, for the JSON answers a page shows (the wallet's commands, /me's Telegram stand-in).
 */
export async function guardKeyedPost(request: Request, options: GuardOptions<PostBucket>): Promise<Response | undefined> {
  const refusal = await guard().post(request, options);
  return refusal && json(refusal.status, messageBody(refusal.text), retryHeaders(refusal));
}

/** Like {@link guardPost}, but throws the refusal as a keyed message (for UI routes' actions: it reaches the error boundary). */
export async function enforcePost(request: Request, options: GuardOptions<PostBucket>): Promise<void> {
  const refusal = await guard().post(request, options);
  if (refusal) throw asThrown(refusal);
}

/** A GET that calls upstream: the JSON 429 over the "lookup" limit, or undefined to go on. */
export async function guardLookup(request: Request, { context }: { context?: unknown }): Promise<Response | undefined> {
  return asJson(await guard().limit(request, { bucket: "lookup", context }));
}

/** Like {@link guardLookup}, but throws the 429 as a keyed message (page loaders: it reaches the error boundary). */
export async function enforceLookup(request: Request, { context }: { context?: unknown }): Promise<void> {
  const refusal = await guard().limit(request, { bucket: "lookup", context });
  if (refusal) throw asThrown(refusal);
}

/** Forgets the app guard's counters, in memory and in the database (tests). */
export async function resetPostGuard(): Promise<void> {
  await appGuard?.reset();
}
