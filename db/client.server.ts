/**
 * The one database client of the app: a pg pool behind drizzle, created on first use from
 * DATABASE_URL. Queries go through db/query.server.ts; tests point DATABASE_URL at their own database.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../app/utils/env.server";
import * as schema from "./app-schema";

let pool: pg.Pool | undefined;
let instance: NodePgDatabase<typeof schema> | undefined;

export function db(): NodePgDatabase<typeof schema> {
  if (instance) return instance;
  const { DATABASE_URL, DATABASE_POOL_MAX } = env();
  if (!DATABASE_URL) throw new Error("DATABASE_URL is not set");
  pool = new pg.Pool({
    connectionString: DATABASE_URL,
    max: DATABASE_POOL_MAX,
    // Fail fast while the database is down, so pages answer 503 instead of hanging.
    connectionTimeoutMillis: 2000,
    query_timeout: 10_000,
  });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  instance = drizzle(pool, { schema });
  return instance;
}

export async function closeDb(): Promise<void> {
  const current = pool;
  pool = undefined;
  instance = undefined;
  await current?.end();
}
