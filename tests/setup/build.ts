/**
 * Vitest globalSetup: the app tests run the production build. It is built once per test run
 * (`remix build`, skipped when build/ is a production build newer than every source) and copied
 * to a directory of this run's own, which every app server of the run serves from: another
 * `remix build` or `remix dev` in the same checkout meanwhile cannot pull the files from under it.
 *
 * A failed build does not stop the run (the contract or indexer tests do not need it): the error
 * is handed to the workers, and starting an app server then fails with it.
 */
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { snapshotBuild } from "../../scripts/lib/app-build.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's copy of the production build (build/, public/, node_modules linked), or why there is none. */
    appBuild: { dir: string; error: null } | { dir: null; error: string };
  }
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
