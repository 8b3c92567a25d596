/**
 * The database gateway every model and service queries through: raw SQL on the one client, with
 * an unreachable database turned into a thrown 503 Response (the error boundary explains it,
 * API routes answer it as JSON). The read model is read through the views schema `V`; the app
 * only reads there, Ponder owns those tables.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { env } from "../app/utils/env.server";
import { db } from "./client.server";

/** The views schema (READ_MODEL_SCHEMA, `party`), for `${V}.chapters` in queries. */
export const V = sql.identifier(env().READ_MODEL_SCHEMA);

/** Postgres error codes and socket errors that mean "the database is not reachable now". */
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
  "53300", // too_many_connections
  "3D000", // database does not exist
]);
/** undefined_table: the views do not exist until the indexer's first backfill is done. */
const MISSING_TABLE = "42P01";

function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string") return e.code;
  }
  if (error instanceof Error && /timeout|Connection terminated/i.test(error.message)) return "ETIMEDOUT";
  return undefined;
}

/** The table is not there (the views point at no build yet, or at an older one without it). */
export const isMissingTable = (error: unknown) => errorCode(error) === MISSING_TABLE;

/** The 503 for an error that means the database (or the read model) is not there now, else undefined. */
export function unavailableResponse(error: unknown): Response | undefined {
  const code = errorCode(error);
  if (code === MISSING_TABLE) {
    return new Response("The read model is not ready yet: the indexer is still doing its first backfill.", { status: 503 });
  }
  if (code && UNAVAILABLE.has(code)) {
    return new Response("The database is not reachable right now. This page will work again once it is back.", { status: 503 });
  }
  return undefined;
}

type Observer = { mode: "record" | "explain"; queries: { sql: string; params: unknown[]; plan?: unknown }[] };
const observer = new AsyncLocalStorage<Observer>();
const dialect = new PgDialect();

/**
 * Runs `run` and returns every query executed meanwhile (tests count them per loader). With
 * `explain`, each query is replaced by `EXPLAIN (FORMAT JSON)` of itself and returns no rows,
 * so a test can check every query's plan for sequential scans.
 */
export async function observeQueries<T>(run: () => Promise<T>, { explain = false } = {}) {
  const context: Observer = { mode: explain ? "explain" : "record", queries: [] };
  let result: T | undefined;
  let error: unknown;
  await observer.run(context, async () => {
    try {
      result = await run();
    } catch (e) {
      error = e;
    }
  });
  return { result, error, queries: context.queries };
}

/**
 * Runs one query and returns its rows; an unreachable database becomes a thrown 503 Response.
 * `{ missingTable: "throw" }` lets the caller handle a missing table itself instead.
 */
export async function rows<T>(query: SQL, { missingTable = "503" }: { missingTable?: "503" | "throw" } = {}): Promise<T[]> {
  const observing = observer.getStore();
  try {
    if (observing) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      if (observing.mode === "explain") {
        const result = await db().execute(sql`explain (format json) ${query}`);
        observing.queries.push({ sql: text, params, plan: (result.rows[0] as Record<string, unknown>)["QUERY PLAN"] });
        return [];
      }
      observing.queries.push({ sql: text, params });
    }
    const result = await db().execute(query);
    return result.rows as T[];
  } catch (error) {
    if (missingTable === "throw" && isMissingTable(error)) throw error;
    const response = unavailableResponse(error);
    if (response) throw response;
    throw error;
  }
}

export async function firstRow<T>(query: SQL): Promise<T | undefined> {
  return (await rows<T>(query))[0];
}
