/**
 * The database gateway for raw SQL: `rows` and `firstRow` run it on the one client (./client.server.ts)
 * with an unreachable database turned into a thrown 503 Response (the error boundary explains it,
 * API routes answer it as JSON). The read model is read through Ponder's views schema (`views`);
 * the app only reads there, Ponder owns those tables.
 *
 * Not every query comes through here: the modules that write the app's own tables with drizzle's
 * builder or in a transaction (sessions, passkey names, profiles, disclosures, notifications,
 * My data, Telegram, commands) call `db()` themselves, and of those only My data, Telegram and the
 * command action turn an outage into the 503 here, with `unavailableResponse`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import { readModelSchema } from "../app/ground/env.server";
import { db, preparedDb } from "./client.server";

/** The views schema the read model is read through (READ_MODEL_SCHEMA, `party`): `${views}.chapters` in queries. */
export const views = sql.identifier(readModelSchema());

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

type Observer = { mode: "record" | "explain"; queries: { sql: string; params: unknown[]; prepared: boolean; plan?: unknown }[] };
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

/** The prepared statement's hash per statement text; names carry how often statements went stale. */
const statementHashes = new Map<string, string>();
let staleGeneration = 0;

/** A statement text's hash (for its prepared name), worked out once per text. */
function hashOf(text: string): string {
  let hash = statementHashes.get(text);
  if (!hash) statementHashes.set(text, (hash = createHash("sha1").update(text).digest("base64url")));
  return hash;
}

/** "cached plan must not change result type": the tables under a prepared statement changed. */
const isStalePlan = (error: unknown) => errorCode(error) === "0A000" && /cached plan/i.test(String((error as Error).message));

/**
 * Runs `query` as a named prepared statement on the prepared client's pool: each of its
 * connections parses and plans it once (its generic plan: client.server.ts preparedDb). A page's
 * one statement spent more of its time in parsing and planning than in running (its JSON
 * sub-selects make a long text): half of a page's database CPU (docs/decisions/0009). Only for
 * statements whose text is one of a few (values as parameters): each text stays prepared on each
 * connection.
 */
async function executePrepared(query: SQL): Promise<{ rows: unknown[] }> {
  const built = dialect.sqlToQuery(query);
  const run = (name: string) =>
    preparedDb()._.session.prepareQuery<{ execute: { rows: unknown[] } } & PreparedQueryConfig>(built, undefined, name, false).execute();
  const hash = hashOf(built.sql);
  const generation = staleGeneration;
  try {
    return await run(`prepared${generation}_${hash}`);
  } catch (error) {
    // The read model's views were replaced under it with another row type (a new indexer build):
    // Postgres refuses the statement on every connection that prepared it (the pool closes this
    // one). Under new names each connection prepares the texts again, against the views as they are.
    if (!isStalePlan(error)) throw error;
    if (staleGeneration === generation) staleGeneration++;
    return run(`prepared${staleGeneration}_${hash}`);
  }
}

/**
 * The plan a prepared statement runs by (its generic plan, preparedDb), as EXPLAIN (FORMAT JSON):
 * the statement prepared on one of the prepared client's connections, and explained as executed
 * there with its values. Postgres 16 says it in one step (`explain (generic_plan)`); 15 does not.
 */
async function explainGeneric(text: string, params: unknown[]): Promise<unknown> {
  const client = await preparedDb().$client.connect();
  const name = `explained_${hashOf(text)}`;
  try {
    await client.query({ name, text, values: params });
    // EXECUTE takes its values in its text: each as Postgres read it, a literal.
    const [read] = (await client.query({ text: `select ${params.map((_, i) => `$${i + 1}::text`).join(", ") || "1"}`, values: params, rowMode: "array" })).rows as (string | null)[][];
    const args = params.length ? `(${read!.map((v) => (v === null ? "null" : client.escapeLiteral(v))).join(", ")})` : "";
    const { rows } = await client.query<{ "QUERY PLAN": unknown }>(`explain (format json) execute ${client.escapeIdentifier(name)}${args}`);
    return rows[0]!["QUERY PLAN"];
  } finally {
    // Left prepared: node-postgres remembers which names it prepared on a connection.
    client.release();
  }
}

/**
 * Runs one query and returns its rows; an unreachable database becomes a thrown 503 Response.
 * `{ missingTable: "throw" }` lets the caller handle a missing table itself instead; `{ prepared:
 * true }` runs it as a prepared statement (executePrepared).
 */
export async function rows<T>(
  query: SQL,
  { missingTable = "503", prepared = false }: { missingTable?: "503" | "throw"; prepared?: boolean } = {},
): Promise<T[]> {
  const observing = observer.getStore();
  try {
    if (observing) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      if (observing.mode === "explain") {
        const plan = prepared ? await explainGeneric(text, params) : (await db().execute(sql`explain (format json) ${query}`)).rows[0]!["QUERY PLAN"];
        observing.queries.push({ sql: text, params, prepared, plan });
        return [];
      }
      observing.queries.push({ sql: text, params, prepared });
    }
    const result = prepared ? await executePrepared(query) : await db().execute(query);
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
