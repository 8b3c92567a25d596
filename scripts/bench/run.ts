/**
 * A benchmark's life: `main` measures and prints; `cleanUp` stops and drops whatever it started,
 * once, after success, failure or a signal (SIGINT exits 130, SIGTERM 143). Exits the process.
 */
export async function runBench(name: string, main: () => Promise<void>, cleanUp: () => Promise<void>): Promise<never> {
  const log = (message: string) => process.stderr.write(`${message}\n`);
  let cleaning: Promise<void> | undefined;
  const cleanUpOnce = () => (cleaning ??= cleanUp());

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`\n${signal}: cleaning up`);
      void cleanUpOnce().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }

  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    exitCode = 1;
    log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await cleanUpOnce();
  }
  process.exit(exitCode);
}
