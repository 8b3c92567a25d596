import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/**/*.test.ts"],
    // The app tests serve the production build: `remix build` once per run, when out of date.
    // No process a test starts outlives the run (tests/setup/children.ts).
    globalSetup: ["tests/setup/build.ts", "tests/setup/children.ts"],
    setupFiles: ["tests/setup/children-per-file.ts"],
    globals: true,
    // Each file starts its own anvil and database; two cores, so two forks.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
