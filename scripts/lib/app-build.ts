/**
 * The production build the app server runs from: `remix build` when build/ is stale, then a copy
 * in a directory of its own, so that a `remix build` or `remix dev` in this checkout meanwhile
 * cannot pull the files from under a running server.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./paths.js";

/** What `remix build` reads: a build older than any of these is stale. */
const BUILD_SOURCES = ["app", "abis", "db", "indexer/ponder.schema.ts", "indexer/schema", "remix.config.js", "package.json"];

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
