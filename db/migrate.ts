/**
 * Applies db/migrations/*.sql in name order, once each, recorded in app.migrations. Only the
 * app's own tables are migrated here; Ponder manages its own. Runs at app start (and in tests).
 *   npx tsx db/migrate.ts   (DATABASE_URL)
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { env } from "../app/ground/env.server.js";

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), "migrations");

export async function migrate(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One migrator at a time, whatever number of app processes start together.
    await client.query("select pg_advisory_lock(727274)");
    await client.query("create schema if not exists app");
    await client.query("create table if not exists app.migrations (name text primary key, applied_at timestamptz not null default now())");
    const done = new Set((await client.query<{ name: string }>("select name from app.migrations")).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const name of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) {
      if (done.has(name)) continue;
      await client.query("begin");
      try {
        await client.query(readFileSync(join(MIGRATIONS, name), "utf8"));
        await client.query("insert into app.migrations (name) values ($1)", [name]);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw new Error(`migration ${name} failed: ${error instanceof Error ? error.message : error}`);
      }
      applied.push(name);
    }
    return applied;
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    await client.end();
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === "") {
  // The first step of `npm start`: a setting the server would refuse (app/ground/env.server.ts) stops
  // it here, with the server's one line, before the database is touched.
  try {
    env();
  } catch (error) {
    console.error(`[server] cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set");
    process.exit(1);
  }
  const applied = await migrate(url);
  console.log(applied.length ? `applied ${applied.join(", ")}` : "app tables are up to date");
}
