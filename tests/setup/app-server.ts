/**
 * The production app server for tests (scripts/lib/app-server.ts: server/index.ts over the build,
 * NODE_ENV=production) on a free port, with exactly the environment the caller gives (plus
 * PATH/HOME), waiting until /healthz answers. Servers run from the test run's own copy of build/
 * and public/ that the global setup (tests/setup/build.ts) made.
 */
import { inject } from "vitest";
import { startAppServer as start, type AppServer } from "../../scripts/lib/app-server.js";

export type { AppServer };

export type StartAppServerParameters = {
  /** DATABASE_URL, READ_MODEL_SCHEMA, INDEXER_URL, CHAIN_RPC_URL, IPFS_GATEWAY, PAGE_CACHE_MB, ... */
  env: Record<string, string>;
  timeoutMs?: number;
};

export async function startAppServer({ env, timeoutMs }: StartAppServerParameters): Promise<AppServer> {
  const build = inject("appBuild");
  if (!build) throw new Error("no app build: tests/setup/build.ts must run as vitest's globalSetup");
  if (build.error !== null) throw new Error(`the app build failed in the global setup (tests/setup/build.ts):\n${build.error}`);
  return start({ dir: build.dir, env, timeoutMs });
}
