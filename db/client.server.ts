/**
 * The app's database clients: pg pools behind drizzle, created on first use from DATABASE_URL,
 * each of up to DATABASE_POOL_MAX connections: `db()` for every statement, `preparedDb()` for the
 * prepared page statements alone. Queries go through db/query.server.ts; tests point DATABASE_URL
 * at their own database.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../app/ground/env.server";
import * as schema from "./app-schema";
import { closeProbes, databaseAnswers, readiness } from "./health.server";

/**
 * How long a statement goes unanswered before the database is asked whether it answers at all
 * (db/health.server.ts), and again as often while it stays unanswered. A page's statement takes
 * about a millisecond; with the question's own PROBE_TIMEOUT_MS, a page learns within about two
 * seconds that the database is gone.
 */
export const QUESTION_AFTER_MS = 1000;

/** A statement given up because the database does not answer: a 503 (db/query.server.ts). */
export class DatabaseNotAnswering extends Error {
  override readonly name = "DatabaseNotAnswering";
  /** A timeout, as the pages' 503 and the commands' "database unavailable" know it. */
  readonly code = "ETIMEDOUT";
  constructor() {
    super("The database did not answer");
  }
}

type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

let plain: Database | undefined;
let prepared: Database | undefined;

/**
 * What each pool's connections start with (pg's `options`). No JIT on either: a page's statement
 * runs in about a millisecond, and compiling one whose estimate crosses jit_above_cost (a list's
 * rows each with their names: app/models/names.server.ts) took 25 ms of it. The prepared
 * statements' pool always runs their generic plans (preparedDb).
 */
export const CONNECTION_SETTINGS = { plain: "-c jit=off", prepared: "-c jit=off -c plan_cache_mode=force_generic_plan" } as const;

/** A pg pool behind drizzle, each connection started with `settings`. */
function connect(settings: string): Database {
  const { DATABASE_URL, DATABASE_POOL_MAX } = env();
  if (!DATABASE_URL) throw new Error("DATABASE_URL is not set");
  const pool = new pg.Pool({
    connectionString: DATABASE_URL,
    max: DATABASE_POOL_MAX,
    // Fail fast while the database is down, so pages answer 503 instead of hanging.
    connectionTimeoutMillis: 2000,
    // A statement the database works on (waiting on a lock) may take this long; one it does not
    // answer at all is given up much sooner (answerOrGiveUp).
    query_timeout: 10_000,
    options: settings,
  });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  answerOrGiveUp(pool);
  return drizzle(pool, { schema });
}

/** The client of every statement but the prepared ones. */
export function db(): NodePgDatabase<typeof schema> {
  return (plain ??= connect(CONNECTION_SETTINGS.plain));
}

/**
 * The client of the prepared page statements (db/query.server.ts executePrepared), whose
 * connections always run a prepared statement's generic plan, planned once per connection. Left
 * to choose (plan_cache_mode auto), Postgres compares the generic plan's estimate with the custom
 * plans' and, for a page statement, kept choosing custom plans: planned again on every run, 5 to
 * 10 ms of planning for a statement that runs in 1 to 3 (docs/decisions/0009). Only here: an
 * unprepared statement is planned once anyway, and a generic plan of one with a pattern as a
 * value (`like $1`) cannot use an index that the value would allow.
 */
export function preparedDb(): Database {
  return (prepared ??= connect(CONNECTION_SETTINGS.prepared));
}

export async function closeDb(): Promise<void> {
  const clients = [plain, prepared];
  plain = prepared = undefined;
  await Promise.all([...clients.map((c) => c?.$client.end()), closeProbes()]);
}

/**
 * The pool's statements (every one drizzle sends outside a transaction) fail at once while the
 * database is said to be gone, and are given up when it stops answering while they wait.
 */
function answerOrGiveUp(target: pg.Pool) {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === "function") return query(...args);
    if (!databaseAnswers()) return Promise.reject(new DatabaseNotAnswering());
    const pending = query(...args);
    return pending instanceof Promise ? unlessGone(pending) : pending;
  }) as typeof target.query;
}

function unlessGone<T>(pending: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const watch = () => {
      timer = setTimeout(() => {
        void readiness().then((now) => {
          if (settled) return;
          if (now.ready || now.reason !== "database") return watch();
          settled = true;
          reject(new DatabaseNotAnswering());
        });
      }, QUESTION_AFTER_MS);
    };
    watch();
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    pending.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
