/**
 * Whether the database answers, and whether the read model is in it: the readiness the pages
 * (db/client.server.ts) and `/readyz` go by.
 *
 * A database that stops answering (a frozen server, a hung disk or network) accepts connections
 * and statements and says nothing, so only a deadline tells. A page's statement takes about a
 * millisecond, but one may also wait on a lock for seconds (an indexer swapping its views, a
 * migration) while the database answers everything else: so a statement unanswered for a moment
 * is not given up by itself, the database is asked on a connection of its own, and only when that
 * question goes unanswered too is the database said to be gone. Then every page answers 503 at
 * once, without a statement, and the database is asked again in the background until it answers.
 * docs/operations.md, "A database that stops answering", says what an operator sees.
 */
import pg from "pg";
import { env } from "../app/ground/env.server";

/** How long the database has to answer the question (a catalog lookup: well under a millisecond). */
export const PROBE_TIMEOUT_MS = 1000;
/** While the database is said to be gone, how often it is asked again. */
const RETRY_MS = 500;
/** An answer younger than this answers /readyz again (a load balancer's probes are one question a moment). */
const FRESH_MS = 250;

export type Readiness = { ready: true } | { ready: false; reason: "noDatabase" | "database" | "readModel"; schema: string };

let probes: { url: string; pool: pg.Pool } | undefined;
let answering = true;
let last: { at: number; readiness: Readiness } | undefined;
let asking: Promise<Readiness> | undefined;
let retry: NodeJS.Timeout | undefined;

/** False from a question the database left unanswered until one it answers: pages do not wait for it meanwhile. */
export function databaseAnswers(): boolean {
  return answering;
}

/** Asks the database now (one question at a time, whoever asks), or gives a fresh answer. */
export function readiness({ fresh = false }: { fresh?: boolean } = {}): Promise<Readiness> {
  if (fresh && last && performance.now() - last.at < FRESH_MS) return Promise.resolve(last.readiness);
  return (asking ??= ask().finally(() => (asking = undefined)));
}

async function ask(): Promise<Readiness> {
  const { DATABASE_URL, READ_MODEL_SCHEMA: schema } = env();
  let result: Readiness;
  if (!DATABASE_URL) {
    result = { ready: false, reason: "noDatabase", schema };
  } else {
    try {
      // The views' tables by name only: no lock, so a statement holding one cannot hold this up.
      const { rows } = await poolFor(DATABASE_URL).query<{ present: boolean }>("select to_regclass($1) is not null as present", [
        `${pg.escapeIdentifier(schema)}.party_totals`,
      ]);
      setAnswering(true);
      result = rows[0]?.present ? { ready: true } : { ready: false, reason: "readModel", schema };
    } catch {
      setAnswering(false);
      result = { ready: false, reason: "database", schema };
    }
  }
  last = { at: performance.now(), readiness: result };
  return result;
}

/** One connection of its own, kept open: a full or hung page pool does not hold up the question. */
function poolFor(url: string): pg.Pool {
  if (probes?.url === url) return probes.pool;
  void probes?.pool.end().catch(() => undefined);
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  pool.on("error", () => undefined); // a dropped connection: the next question reconnects
  probes = { url, pool };
  return pool;
}

function setAnswering(now: boolean) {
  answering = now;
  if (now) {
    clearInterval(retry);
    retry = undefined;
  } else {
    retry ??= setInterval(() => void readiness(), RETRY_MS).unref();
  }
}

/** Ends the question's connection (db/client.server.ts closeDb). */
export async function closeProbes(): Promise<void> {
  const current = probes;
  probes = undefined;
  setAnswering(true);
  last = undefined;
  await current?.pool.end();
}
