/**
 * The guard every POST action calls first:
 *
 *   const refused = guardPost(request, { bucket: "default", context });
 *   if (refused) return refused;        // or: enforcePost(request, ...) to throw it
 *
 * 1. Cross-site requests are refused with 403 `{ message }`: `Sec-Fetch-Site` present and not
 *    `same-origin`/`none`; else `Origin` present and not the app's origin (APP_ORIGIN when set,
 *    else the request URL's origin). Requests with neither header (curl, servers) pass.
 * 2. Rate limit per client address and bucket, a fixed window of one minute starting at the
 *    client's first request: "command" and "signin" 10 per minute, "default" 100 per minute;
 *    over it, 429 `{ message }` with Retry-After (seconds).
 *
 * The client address: `context.clientAddress` when the server provides one (server/index.ts gives
 * the socket's address unless TRUST_PROXY is set); else, with TRUST_PROXY=N (N ≥ 1 hops), the
 * N-th address from the right of X-Forwarded-For; else all clients share one "unknown" key
 * (`remix dev`, which gives actions no socket address).
 *
 * The counters live in this process's memory: right for one instance. Behind several instances
 * each counts on its own (the limit multiplies); use the proxy's or platform's limiter there.
 */
import { env } from "./env.server";
import { json } from "./http.server";

export type PostBucket = "command" | "signin" | "default";

export const RATE_LIMITS: Record<PostBucket, { limit: number; windowMs: number }> = {
  command: { limit: 10, windowMs: 60_000 },
  signin: { limit: 10, windowMs: 60_000 },
  default: { limit: 100, windowMs: 60_000 },
};

export type GuardPostOptions = {
  bucket: PostBucket;
  /** The action's `context`: its `clientAddress` (a string) is used when present. */
  context?: unknown;
};

export type PostGuardSettings = {
  /** The app's public origin; the request's own origin when unset. */
  appOrigin?: string;
  /** Proxy hops trusted for X-Forwarded-For; 0 trusts none. */
  trustProxy?: number;
  limits?: Record<PostBucket, { limit: number; windowMs: number }>;
  now?: () => number;
  /** Counters kept at most; past it the oldest are dropped (expired ones are swept every minute). */
  maxKeys?: number;
};

export type PostGuard = {
  (request: Request, options: GuardPostOptions): Response | undefined;
  /** Forgets every counter. */
  reset(): void;
};

const refuse = (status: number, message: string, headers: Record<string, string> = {}) => json(status, { message }, headers);

const BUCKET_TEXT: Record<PostBucket, string> = { command: "commands", signin: "sign-ins", default: "requests" };

export function createPostGuard(settings: PostGuardSettings | (() => PostGuardSettings) = {}): PostGuard {
  const counters = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  let warnedUnknown = false;
  const read = typeof settings === "function" ? settings : () => settings;

  function sweep(now: number, limits: PostGuardSettings["limits"] & object) {
    lastSweep = now;
    const longest = Math.max(...Object.values(limits).map((l) => l.windowMs));
    for (const [key, entry] of counters) if (now - entry.start >= longest) counters.delete(key);
  }

  const guard = ((request: Request, { bucket, context }: GuardPostOptions) => {
    const { appOrigin, trustProxy = 0, limits = RATE_LIMITS, now: clock = Date.now, maxKeys = 100_000 } = read();

    const crossSite = crossSiteRefusal(request, appOrigin);
    if (crossSite) return refuse(403, crossSite);

    const client = clientAddress(request, context, trustProxy);
    if (client === "unknown" && !warnedUnknown && env().NODE_ENV === "production") {
      warnedUnknown = true;
      console.warn("post-guard: no client address (set TRUST_PROXY behind a proxy); every client shares one rate limit");
    }
    const { limit, windowMs } = limits[bucket];
    const now = clock();
    if (now - lastSweep > 60_000) sweep(now, limits);

    const key = `${bucket} ${client}`;
    let entry = counters.get(key);
    if (!entry || now - entry.start >= windowMs) {
      // Re-inserted, so the map stays in window-start order and the first key is the oldest.
      counters.delete(key);
      while (counters.size >= maxKeys) counters.delete(counters.keys().next().value as string);
      entry = { start: now, count: 0 };
      counters.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000));
      return refuse(429, `Too many ${BUCKET_TEXT[bucket]}: at most ${limit} per minute. Try again in ${retryAfter} s.`, {
        "retry-after": String(retryAfter),
      });
    }
    return undefined;
  }) as PostGuard;
  guard.reset = () => counters.clear();
  return guard;
}

/** Why the request is cross-site, or undefined when it is not. */
export function crossSiteRefusal(request: Request, appOrigin?: string): string | undefined {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) {
    return site === "same-origin" || site === "none" ? undefined : `Cross-site requests are not allowed here (Sec-Fetch-Site: ${site.slice(0, 40)})`;
  }
  const origin = request.headers.get("origin");
  if (origin === null) return undefined;
  const expected = appOrigin ?? new URL(request.url).origin;
  return origin === expected ? undefined : `Cross-site requests are not allowed here (Origin: ${origin.slice(0, 100)})`;
}

/** The client's address for rate limits (see the module comment). */
export function clientAddress(request: Request, context: unknown, trustProxy: number): string {
  if (typeof context === "object" && context !== null && "clientAddress" in context) {
    const address = (context as { clientAddress?: unknown }).clientAddress;
    if (typeof address === "string" && address) return address;
  }
  if (trustProxy > 0) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const address = hops[hops.length - trustProxy] ?? hops[0];
    if (address) return address.slice(0, 64);
  }
  return "unknown";
}

let defaultGuard: PostGuard | undefined;

/** The app's guard, configured from the environment (APP_ORIGIN, TRUST_PROXY). */
export function guardPost(request: Request, options: GuardPostOptions): Response | undefined {
  defaultGuard ??= createPostGuard(() => {
    // Read lazily: env.server validates DATABASE_URL and the rest on first use.
    const { APP_ORIGIN, TRUST_PROXY } = env();
    return { appOrigin: APP_ORIGIN, trustProxy: TRUST_PROXY };
  });
  return defaultGuard(request, options);
}

/** Like {@link guardPost}, but throws the refusal (for UI routes' actions: it reaches the error boundary). */
export function enforcePost(request: Request, options: GuardPostOptions): void {
  const refused = guardPost(request, options);
  if (refused) throw refused;
}

/** Forgets the app guard's counters (tests). */
export function resetPostGuard(): void {
  defaultGuard?.reset();
}
