/**
 * Vitest globalSetup: the app tests run the production build. It is built once per test run
 * (`remix build`, skipped when build/ is a production build newer than every source) and copied
 * to a directory of this run's own, which every app server of the run serves from: another
 * `remix build` or `remix dev` in the same checkout meanwhile cannot pull the files from under it.
 *
 * A failed build does not stop the run (the contract or indexer tests do not need it): the error
 * is handed to the workers, and starting an app server then fails with it.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT } from "../../scripts/lib/indexer.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's copy of the production build (build/, public/, node_modules linked), or why there is none. */
    appBuild: { dir: string; error: null } | { dir: null; error: string };
  }
}

const SOURCES = ["app", "abis", "db", "indexer/ponder.schema.ts", "remix.config.js", "package.json"];

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
  return SOURCES.every((source) => newestMtime(join(ROOT, source)) < built);
}

function remixBuild(): void {
  const cli = join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`remix build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** Builds when needed and copies the build to a new temp directory. */
export function snapshotBuild(): string {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!isProductionBuild(ROOT) || !isFresh()) remixBuild();
    const dir = mkdtempSync(join(tmpdir(), "party-app-build-"));
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
  throw new Error("build/ and public/build/ keep changing (is another `remix build` or `remix dev` running?)");
}

export default function setup(project: TestProject): () => void {
  let dir: string | null = null;
  try {
    dir = snapshotBuild();
    project.provide("appBuild", { dir, error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`tests/setup/build.ts: ${message}`);
    project.provide("appBuild", { dir: null, error: message });
  }
  return () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
