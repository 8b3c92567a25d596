/**
 * The whole product for a bench (bench:writes, bench:lighthouse): the production app server, from a
 * copy of the build, over the local stack (tests/setup/stack.ts) in a throwaway database on
 * DATABASE_URL's server (else the embedded one). `cleanUp` stops and removes whatever was started,
 * also after a failure half-way.
 */
import { rmSync } from "node:fs";
import { startStack, type Stack, type StartStackParameters } from "../../tests/setup/stack.js";
import { snapshotBuild } from "./app-build.js";
import { startAppServer } from "./app-server.js";
import { createDatabase, dropDatabase, provideDatabase, type ProvidedDatabase } from "./database.js";

type StackOptions = Omit<StartStackParameters, "app" | "database">;

export function benchApp(name: string, log: (message: string) => void) {
  let database: ProvidedDatabase | undefined;
  let databaseName: string | undefined;
  let stack: Stack | undefined;
  let buildCopy: string | undefined;
  return {
    async start(options: StackOptions): Promise<{ stack: Stack; url: string }> {
      log("app build (when out of date)");
      buildCopy = snapshotBuild(`${name}-app-`);
      database = await provideDatabase();
      databaseName = `${name.replace(/\W/g, "_")}_${process.pid}`;
      const databaseUrl = await createDatabase(database.url, databaseName);
      stack = await startStack({ ...options, app: false, database: databaseUrl });
      const app = await startAppServer({ dir: buildCopy, env: stack.appEnv });
      stack.adopt(app.stop);
      return { stack, url: app.url };
    },
    async cleanUp(): Promise<void> {
      await stack?.stop().catch((error: unknown) => log(`could not stop the stack: ${String(error)}`));
      if (database && databaseName) await dropDatabase(database.url, databaseName).catch((error: unknown) => log(`could not drop ${databaseName}: ${String(error)}`));
      await database?.stop().catch(() => undefined);
      if (buildCopy) rmSync(buildCopy, { recursive: true, force: true });
    },
  };
}
