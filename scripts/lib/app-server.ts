/**
 * The production web app, started as `npm start` starts it (server/index.ts over build/index.js,
 * NODE_ENV=production), from a copy of the build (app-build.ts):
 *
 *   const dir = snapshotBuild("bench-views-build-");
 *   const app = await startAppServer({ dir, env: { DATABASE_URL, ... } });
 *   await fetch(`${app.url}/chapters/1`); await app.stop();
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./free-port.js";
import { ROOT } from "./paths.js";
import { keepOutput, killWithParent, stopProcess } from "./processes.js";

export const SERVER_ENTRY = join(ROOT, "server", "index.ts");

export type AppServer = {
  url: string;
  port: number;
  /** Where the server runs: a copy of build/ and public/ (snapshotBuild). */
  dir: string;
  process: ChildProcess;
  /** The server's last 64 KB of stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts the production server in `dir` on a free port with exactly `env` (plus PATH and HOME,
 * and PARTY_ENV=local unless `env` sets it) and waits until /healthz answers.
 */
export async function startAppServer({ dir, env, timeoutMs = 30_000 }: { dir: string; env: Record<string, string>; timeoutMs?: number }): Promise<AppServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY, "build/index.js"], {
    cwd: dir,
    // A production server names its deployment (app/ground/env.server.ts): the local chain's unless the caller says otherwise.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARTY_ENV: "local", ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child, 65536);
  killWithParent(child);

  const url = `http://127.0.0.1:${port}`;
  // The server holds pg pools that keep it alive for a while after SIGTERM; nothing to save.
  const stop = () => stopProcess(child, 1000);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server exited with ${child.exitCode}:\n${output().slice(-4000)}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app server did not answer /healthz within ${timeoutMs} ms:\n${output().slice(-4000)}`);
    }
    await sleep(100);
  }
  return { url, port, dir, process: child, output, stop };
}
