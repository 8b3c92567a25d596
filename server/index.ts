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
 * Its settings (PORT, HOST, PAGE_CACHE_MB, DATABASE_URL, READ_MODEL_SCHEMA) are read
 * with the app's own in app/utils/env.server.ts. `npm run dev` still runs `remix dev`, without
 * the cache.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { env } from "../app/utils/env.server";
import { sessionTokenFromCookieHeader } from "../app/utils/session-cookie.server";
import { PageCache } from "./page-cache";
import { pollReadModelVersion } from "./read-model-version";

type Bindings = { incoming: import("node:http").IncomingMessage };

export async function startServer({ buildPath = "build/index.js" }: { buildPath?: string } = {}) {
  // The build's React and Remix read NODE_ENV from the process itself.
  process.env.NODE_ENV ??= "production";
  const { NODE_ENV, PAGE_CACHE_MB: cacheMegabytes, DATABASE_URL, READ_MODEL_SCHEMA, PORT: port, HOST: host } = env();
  const build = (await import(pathToFileURL(resolve(buildPath)).href)) as ServerBuild;
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const remix = createRequestHandler(build, NODE_ENV);

  const version = cacheMegabytes > 0 && DATABASE_URL ? pollReadModelVersion({ databaseUrl: DATABASE_URL, schema: READ_MODEL_SCHEMA }) : undefined;
  const cache = version
    ? new PageCache({
        version: version.current,
        maxBytes: cacheMegabytes * 1024 * 1024,
        // Exactly when the app would see a session.
        personal: (cookie) => sessionTokenFromCookieHeader(cookie) !== undefined,
      })
    : undefined;

  const app = new Hono<{ Bindings: Bindings }>();
  // First, so static files are gzipped too (cached pages come gzipped already and pass through).
  app.use("*", compress());
  app.use(
    `${build.publicPath}*`,
    serveStatic({ root: "./public", onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  app.use("*", serveStatic({ root: "./public", onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }));
  // Every request carries its socket's address: the request guard's client address
  // (clientAddress in app/utils/post-guard.server.ts) is the socket's, or behind TRUST_PROXY
  // proxies the address they saw, and the socket's again when the request did not pass them all.
  app.all("*", (c) => {
    const request = c.req.raw;
    const context = { socketAddress: c.env.incoming.socket.remoteAddress };
    // The key from the raw request line, exactly as the fast path computes it.
    const key = cache?.key(request.method, c.env.incoming.url, request.headers.get("cookie"));
    return cache && key !== undefined ? cache.fill(request, key, (r) => remix(r, context)) : remix(request, context);
  });
  app.onError((error) => {
    console.error(error);
    return new Response("Internal Server Error", { status: 500, headers: { "content-type": "text/plain" } });
  });

  // Remix's single fetch needs the platform's own Request and Response, not the adapter's.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const server = createServer((req, res) => {
    if (cache?.serveHit(req, res)) return;
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
    async close() {
      await new Promise((done) => server.close(done));
      await version?.stop();
    },
  };
}

const entry = process.argv[1] && resolve(process.argv[1]);
if (entry && pathToFileURL(entry).href === import.meta.url) {
  const running = await startServer({ buildPath: process.argv[2] });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.server.closeAllConnections();
      void running.close().finally(() => process.exit(0));
    });
  }
}
