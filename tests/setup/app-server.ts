/**
 * The production app server for tests: `remix-serve build/index.js` (NODE_ENV=production) on a
 * free port, with exactly the environment the caller gives (plus PATH/HOME), waiting until
 * /healthz answers. The build must exist (tests/setup/build.ts builds it once per run).
 *
 * Servers run from the test run's own copy of build/ and public/ that the global setup made.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { inject } from "vitest";
import { stopProcess } from "../../scripts/lib/anvil.js";
import { freePort } from "../../scripts/lib/free-port.js";
import { ROOT } from "../../scripts/lib/indexer.js";

export type AppServer = {
  url: string;
  port: number;
  /** Where the server runs: the run's copy of build/ and public/. */
  dir: string;
  process: ChildProcess;
  /** The server's last 64 KB of stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
};

export type StartAppServerParameters = {
  /** DATABASE_URL, READ_MODEL_SCHEMA, INDEXER_URL, CHAIN_RPC_URL, IPFS_GATEWAY, ... */
  env: Record<string, string>;
  timeoutMs?: number;
};

const SERVE_CLI = join(ROOT, "node_modules", "@remix-run", "serve", "dist", "cli.js");

export async function startAppServer({ env, timeoutMs = 30_000 }: StartAppServerParameters): Promise<AppServer> {
  const build = inject("appBuild");
  if (!build) throw new Error("no app build: tests/setup/build.ts must run as vitest's globalSetup");
  if (build.error !== null) throw new Error(`the app build failed in the global setup (tests/setup/build.ts):\n${build.error}`);
  const port = await freePort();
  const child = spawn(process.execPath, [SERVE_CLI, "build/index.js"], {
    cwd: build.dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const onData = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-65536));
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.removeListener("exit", killOnExit));

  const url = `http://127.0.0.1:${port}`;
  // The server holds a pg pool that keeps it alive for a while after SIGTERM; nothing to save.
  const stop = () => stopProcess(child, 1000);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`remix-serve exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status === 200,
      () => false
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`remix-serve did not answer /healthz within ${timeoutMs} ms:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, dir: build.dir, process: child, output: () => output, stop };
}
