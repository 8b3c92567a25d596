/**
 * The production web server: `npm start` (after the app's migrations), the Docker image's web
 * entry point, and what the tests and benchmarks run.
 *
 *   tsx server/index.ts [build/index.js]
 *
 * It does what `remix-serve` does (the build's assets under /build/ as immutable files, public/
 * for an hour, gzip, the Remix request handler) on Hono's Node adapter, plus the one thing
 * remix-serve has no place for: the page cache (server/page-cache.ts), which answers before any
 * framework code runs. Why not remix-serve: docs/decisions/0005-page-cache.md.
 *
 * Its settings (PORT, HOST, PAGE_CACHE_MB, DATABASE_URL, READ_MODEL_SCHEMA, TRUST_PROXY) are read
 * with the app's own in app/ground/env.server.ts. `npm run dev` still runs `remix dev`, without
 * the cache.
 */
import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { resolveLanguage } from "../app/i18n/language";
import { telegramLoginMethod } from "../app/services/telegram.server";
import { env } from "../app/ground/env.server";
import { sessionTokenFromCookieHeader } from "../app/utils/session-cookie.server";
import type { Viewer } from "../app/utils/viewer";
import { RETURN_PARAMS } from "../app/ground/return-params";
import { message } from "../app/i18n/message";
import { requestTarget } from "../app/utils/canonical-url.server";
import { clientAddress } from "../app/ground/client-address.server";
import { json, localText, messageBody } from "../app/utils/http.server";
import { crossSiteRefusal } from "../app/utils/post-guard.server";
import { mountedRoutes } from "./development-routes";
import { PageCache } from "./page-cache";
import { followReadModel } from "./read-model-changes";
import { RenderGate, RenderQueueFull } from "./render-gate";
import { ViewerPages } from "./viewer-pages";
import { viewerOfSession } from "../app/models/viewer.server";
import { hashPolicy, newNonce, secure, type SecuritySettings } from "./security-headers";

type Bindings = { incoming: import("node:http").IncomingMessage };
type Variables = { nonce: string };

/** Page renders at once: per client, and over all clients; and how many a client starts a second (server/render-gate.ts). */
// Each render holds up to ~3 database connections (DATABASE_POOL_MAX a pool, 10 by default) at once.
// 20 a second after a burst of 60: a person's page views, their data and the wallet's polls (at
// most ~2 a second) stay far inside it; a flood gets a few percent of the event loop.
const RENDERS = { perClient: 2, total: 8, maxQueued: 64, perSecond: 20, burst: 60 };
/**
 * How long a refusal for a full queue is held before it is sent. A flood keeps its connections
 * busy in a closed loop: answered at once, each one comes straight back, and refusing (a few
 * hundred a second) took more of the one event loop than the renders it was refusing. Held, a
 * refused connection costs a timer until it asks again.
 */
const REFUSAL_HOLD_MS = 1_000;
/** The platform's health checks: no database, a few microseconds, and they must answer while renders wait. */
const UNGATED = new Set(["/healthz", "/readyz"]);

export async function startServer({ buildPath = "build/index.js" }: { buildPath?: string } = {}) {
  // The build's React and Remix read NODE_ENV from the process itself.
  process.env.NODE_ENV ??= "production";
  const { NODE_ENV, PAGE_CACHE_MB: cacheMegabytes, DATABASE_URL, READ_MODEL_SCHEMA, TRUST_PROXY, PORT: port, HOST: host, APP_ORIGIN, WALLET_BACKEND } = env();
  const security: SecuritySettings = { appOrigin: APP_ORIGIN, walletBackend: WALLET_BACKEND, telegramWidget: telegramLoginMethod()?.kind === "widget" };
  const build = (await import(pathToFileURL(resolve(buildPath)).href)) as ServerBuild;
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  // The development routes (/dev/…) only with PARTY_ENV=local.
  const remix = createRequestHandler(mountedRoutes(build, env().PARTY_ENV), NODE_ENV);

  const cache =
    cacheMegabytes > 0 && DATABASE_URL
      ? new PageCache({
          maxBytes: cacheMegabytes * 1024 * 1024,
          // Exactly when the app would see a session.
          personal: (cookie) => sessionTokenFromCookieHeader(cookie) !== undefined,
          personalParams: RETURN_PARAMS,
          // Every spelling of a page the app takes for it (app/utils/canonical-url.server.ts) is one entry.
          target: requestTarget,
          // One copy of a page per language, picked exactly as the app picks it.
          language: resolveLanguage,
          // A stored page is served to many clients: its scripts by hash, not one response's nonce.
          storedHeaders: (headers, html) =>
            headers["content-security-policy"] ? { ...headers, "content-security-policy": hashPolicy(security, html) } : headers,
        })
      : undefined;
  // Signed-in requests for cached pages: the page their kind of viewer shares (server/viewer-pages.ts).
  const viewerPages = cache ? new ViewerPages(cache) : undefined;
  // Drops the cached pages (and the viewers) of what each indexed event or app change touches (server/read-model-changes.ts).
  const version =
    viewerPages && DATABASE_URL
      ? followReadModel({ databaseUrl: DATABASE_URL, schema: READ_MODEL_SCHEMA, onChange: (v, dropped) => viewerPages.advance(v, dropped) })
      : undefined;

  const gate = new RenderGate(RENDERS);
  const app = new Hono<{ Bindings: Bindings; Variables: Variables }>();
  // First, so static files are gzipped too (cached pages come gzipped already and pass through).
  app.use("*", compress());
  // Every response leaves with the security headers (cache hits carry them in their entry).
  app.use("*", async (c, next) => {
    c.set("nonce", newNonce());
    await next();
    const response = secure(c.res, security, c.get("nonce"));
    // This server's cache is the surrogate these headers speak to: they never leave (server/page-cache.ts).
    response.headers.delete("surrogate-control");
    response.headers.delete("surrogate-key");
    personalHeaders(response.headers, c.req.header("cookie"));
    if (response !== c.res) {
      // Hono's setter would copy the old response's headers onto the new one.
      c.res = undefined;
      c.res = response;
    }
  });
  app.use(
    `${build.publicPath}*`,
    serveStatic({ root: "./public", onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  // public/'s other files (favicon.svg): only a path under one of its entries looks on the disk, so
  // a page's path costs no failed lstat (a system call) per request.
  const publicFiles = serveStatic({ root: "./public", onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
  const publicEntries = new Set(existsSync("public") ? readdirSync("public") : []);
  app.use("*", (c, next) => (publicEntries.has(c.req.path.split("/")[1]!) ? publicFiles(c, next) : next()));
  // Every request carries its socket's address: the client (app/ground/client-address.server.ts) is
  // the socket's, or behind the TRUST_PROXY proxies the address they saw; an IPv6 one by its /64.
  app.all("*", async (c) => {
    const request = c.req.raw;
    const context = { socketAddress: c.env.incoming.socket.remoteAddress };
    const nonce = c.get("nonce");
    const render = async (r: Request, viewer?: Viewer) => secure(await remix(r, { ...context, cspNonce: nonce, viewer }), security, nonce);
    // A write from another site: refused here as every action's guard would. Remix's own check of
    // a page action's Origin throws a plain Error, which would answer 500 before the guard runs.
    if (request.method !== "GET" && request.method !== "HEAD") {
      const crossSite = crossSiteRefusal(request, APP_ORIGIN);
      if (crossSite) return json(403, { message: crossSite });
    }
    if (UNGATED.has(c.req.path)) return render(request);
    // The key from the raw request line, exactly as the fast path computes it.
    const key = cache?.key(request.method, c.env.incoming.url, request.headers.get("cookie"), request.headers.get("accept-language"));
    // Every render waits for its client's turn (server/render-gate.ts): a miss, and as much a request
    // no cache may answer (a session cookie, real or made up; loader data; an auth return; a write),
    // so one client's flood of either waits for itself.
    const client = clientAddress(request, context, TRUST_PROXY);
    const gated = (r: Request, begins?: () => void, viewer?: Viewer) =>
      gate.run(client, () => {
        begins?.();
        return render(r, viewer);
      });
    const token = viewerPages && key === undefined ? sessionTokenFromCookieHeader(request.headers.get("cookie")) : undefined;
    try {
      if (token !== undefined)
        return await viewerPages!.serve(request, c.env.incoming.url, {
          token,
          lookup: (t) => gate.run(client, () => viewerOfSession(t)),
          own: (viewer) => gated(request, undefined, viewer),
          shared: (r, viewer, begins) => gated(r, begins, viewer),
        });
      return await (cache && key !== undefined ? cache.fill(request, key, gated) : gated(request));
    } catch (error) {
      if (!(error instanceof RenderQueueFull)) throw error;
      await new Promise((held) => setTimeout(held, REFUSAL_HOLD_MS));
      const busy = message("refusals.server.busy");
      const headers = { "retry-after": "5", "cache-control": "no-store" };
      // The JSON API's refusals are JSON; anything else plain text in the request's language, as a browser shows it.
      if (c.req.path.startsWith("/api/")) return json(503, messageBody(busy), headers);
      return localText(request, busy, 503, headers);
    }
  });
  app.onError((error, c) => {
    console.error(error);
    return localText(c.req.raw, message("refusals.server.failed"), 500);
  });

  // Remix's single fetch needs the platform's own Request and Response, not the adapter's.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") lingerOverUnreadBody(req, res);
    if (!originForm(req)) {
      const answer = secure(localText(requestOf(req), message("refusals.server.badTarget"), 400, { "cache-control": "no-store" }), security, newNonce());
      void answer.text().then((text) => res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(text));
      return;
    }
    if (cache?.serveHit(req, res) || viewerPages?.serveHit(req, res)) return;
    // What the cache is at: a test can wait for it to reach what the database says.
    if (req.url === "/healthz" && version) res.setHeader("x-read-model-version", version.current() ?? "");
    void listener(req, res);
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((ready) => server.listen(port, host, ready));
  console.log(
    `[server] http://${host ?? "localhost"}:${port} (page cache ${cache ? `${cacheMegabytes} MB` : "off"}, NODE_ENV ${NODE_ENV})`,
  );

  return {
    server,
    cache,
    gate,
    async close() {
      await new Promise((done) => server.close(done));
      await version?.stop();
    },
  };
}

const entry = process.argv[1] && resolve(process.argv[1]);
if (entry && pathToFileURL(entry).href === import.meta.url) {
  const running = await startServer({ buildPath: process.argv[2] }).catch((error: unknown) => {
    // A setting refused at start-up (app/ground/env.server.ts) says what to change: that line, no stack.
    console.error(`[server] cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.server.closeAllConnections();
      void running.close().finally(() => process.exit(0));
    });
  }
}

/**
 * Makes an absolute-form request target (`GET http://any.host/page`, as a proxy is sent) the
 * origin-form one every other request has, its authority the Host (RFC 9112 3.2.2), so it finds
 * the page's entry instead of taking one of its own. False for a target that is neither (`*`,
 * `example.com:443`, garbage): no page has it.
 */
function originForm(req: IncomingMessage): boolean {
  const target = req.url ?? "";
  if (target.startsWith("/")) return true;
  if (!/^https?:\/\//i.test(target)) return false;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  req.url = url.pathname + url.search;
  req.headers.host = url.host;
  return true;
}

/** The headers of a raw request that pick an answer's language, as a Request (for localText). */
function requestOf(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request("http://localhost/", { headers });
}

/** How long a connection whose request body was left unread stays half-open after the answer. */
const LINGER_MS = 5_000;

/**
 * A body the app refused part-way (413) or never read: none of the rest is read, and the answer
 * must still reach the client. Closing the socket with the upload still arriving answers the
 * client with a reset, and a client that had not yet read the answer (it is busy writing, or the
 * machine is loaded) loses it: its next write fails and its socket is destroyed unread. So, as
 * nginx's lingering close: after the answer a FIN, and the socket is destroyed only after
 * LINGER_MS, or at once when the client closes. Both ways of destroying it at once are held off:
 * Node's own for a `Connection: close` request (socket.destroySoon) and the web adapter's clean-up
 * of an unread request (autoCleanupIncoming destroys it a tick after the answer).
 */
function lingerOverUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => (req.complete ? destroySoon() : linger());
  let lingering = false;
  const linger = () => {
    if (lingering) return;
    lingering = true;
    req.destroy = () => req;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  res.once("finish", () => {
    if (!req.complete) linger();
  });
}

/**
 * Pages show each viewer their own controls (app/models/viewer.server.ts), so no cache between the
 * server and the browser may hand one person's page to another: every page and data answer
 * varies by Cookie, and one rendered for a session is private. They vary by Accept-Language too:
 * without a language cookie, it picks the page's language (app/i18n/language.ts). Static files
 * (public) stay as set.
 */
function personalHeaders(headers: Headers, cookie: string | undefined) {
  const control = headers.get("cache-control") ?? "";
  if (/\bpublic\b/.test(control)) return;
  headers.append("vary", "Cookie, Accept-Language");
  if (sessionTokenFromCookieHeader(cookie) !== undefined && !/\b(private|no-store)\b/.test(control)) {
    headers.set("cache-control", control ? `private, ${control}` : "private, no-cache");
  }
}
