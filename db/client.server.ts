/**
 * The one database client of the app: a pg pool behind drizzle, created on first use from
 * DATABASE_URL. Queries go through db/query.server.ts; tests point DATABASE_URL at their own database.
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
    // A statement the database works on (waiting on a lock) may take this long; one it does not
    // answer at all is given up much sooner (answerOrGiveUp).
    query_timeout: 10_000,
    // No JIT: a page's statement runs in about a millisecond, and compiling one whose estimate
    // crosses jit_above_cost (a list's rows each with their names: app/models/names.server.ts)
    // took 25 ms of it.
    options: "-c jit=off",
  });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  answerOrGiveUp(pool);
  instance = drizzle(pool, { schema });
  return instance;
}

export async function closeDb(): Promise<void> {
  const current = pool;
  pool = undefined;
  instance = undefined;
  await Promise.all([current?.end(), closeProbes()]);
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
