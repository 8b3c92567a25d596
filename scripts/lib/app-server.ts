/**
 * The production web app for tests and benchmarks, started as `npm start` starts it
 * (server/index.ts over build/index.js, NODE_ENV=production), from a private copy of the build.
 *
 *   const dir = snapshotBuild("bench-views-");                // remix build when stale, then a copy
 *   const app = await startAppServer({ dir, env: { DATABASE_URL, ... } });
 *   await fetch(`${app.url}/chapters/1`); await app.stop();
 *
 * The copy means a `remix build` or `remix dev` in this checkout meanwhile cannot pull the files
 * from under a running server.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";
import { keepOutput, killWithParent, stopProcess } from "./processes.js";
import { ROOT } from "./paths.js";

/** What `remix build` reads: a build older than any of these is stale. */
const BUILD_SOURCES = ["app", "abis", "db", "indexer/ponder.schema.ts", "remix.config.js", "package.json"];
export const SERVER_ENTRY = join(ROOT, "server", "index.ts");

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** A complete production build in `dir`: the server build, the browser manifest it names and every browser file. */
export function isProductionBuild(dir: string): boolean {
  const server = join(dir, "build", "index.js");
  const metafile = join(dir, "build", "metafile.js.json");
  if (!existsSync(server) || !existsSync(metafile)) return false;
  const code = readFileSync(server, "utf8");
  const manifest = /url: "\/build\/(manifest-[A-Z0-9]+\.js)"/.exec(code)?.[1];
  if (!/\bmode = "production"/.test(code) || !manifest || !existsSync(join(dir, "public", "build", manifest))) return false;
  try {
    const { outputs } = JSON.parse(readFileSync(metafile, "utf8")) as { outputs: Record<string, unknown> };
    return Object.keys(outputs).every((output) => existsSync(join(dir, output)));
  } catch {
    return false;
  }
}

function isFresh(): boolean {
  const built = statSync(join(ROOT, "build", "index.js")).mtimeMs;
  return BUILD_SOURCES.every((source) => newestMtime(join(ROOT, source)) < built);
}

export function remixBuild(): void {
  const cli = join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`remix build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** `remix build` unless build/ is a production build newer than every source; then a copy in a new temp directory. */
export function snapshotBuild(prefix = "party-app-build-"): string {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!isProductionBuild(ROOT) || !isFresh()) remixBuild();
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cpSync(join(ROOT, "build"), join(dir, "build"), { recursive: true });
    cpSync(join(ROOT, "public"), join(dir, "public"), { recursive: true });
    // The copy may have caught another build half way; then build and copy again.
    if (isProductionBuild(dir)) {
      copyFileSync(join(ROOT, "package.json"), join(dir, "package.json"));
      symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
      return dir;
    }
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error("could not copy a complete build: is another `remix build` running in this checkout?");
}

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
 * Starts the production server in `dir` on a free port with exactly `env` (plus PATH and HOME)
 * and waits until /healthz answers.
 */
export async function startAppServer({ dir, env, timeoutMs = 30_000 }: { dir: string; env: Record<string, string>; timeoutMs?: number }): Promise<AppServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY, "build/index.js"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
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
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, dir, process: child, output, stop };
}
