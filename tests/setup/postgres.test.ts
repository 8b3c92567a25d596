/**
 * Exercises the database helpers against real servers: whatever DATABASE_URL points at (or an
 * embedded server standing in for one), and the no-DATABASE_URL fallback.
 */
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  provideDatabase,
  startEmbeddedPostgres,
  withClient,
  type EmbeddedPostgresHandle,
} from "../../scripts/lib/database.js";
import { freePort as findFreePort } from "../../scripts/lib/free-port.js";
import { containerRuntimeAvailable, setupTestDatabase, type TestDatabase } from "./postgres.js";

/** Sets or deletes DATABASE_URL for the duration of a describe block. */
function useDatabaseUrlEnv(value: () => string | undefined) {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.DATABASE_URL;
    const next = value();
    if (next === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = next;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  });
}

async function roundTrip(url: string, table: string): Promise<string[]> {
  return withClient(url, async (client) => {
    await client.query(`CREATE TABLE ${table} (id serial PRIMARY KEY, note text NOT NULL)`);
    await client.query(`INSERT INTO ${table} (note) VALUES ($1), ($2)`, ["first", "second"]);
    const { rows } = await client.query<{ note: string }>(`SELECT note FROM ${table} ORDER BY id`);
    return rows.map((row) => row.note);
  });
}

async function tableExists(url: string, table: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ found: string | null }>("SELECT to_regclass($1) AS found", [table]);
    return rows[0]?.found !== null;
  });
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function adminUrlOf(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = "/postgres";
  return parsed.toString();
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  return withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return rowCount === 1;
  });
}

/** The pg error code, or the Node one (ECONNREFUSED), of a failed connect. */
async function connectError(url: string): Promise<string> {
  try {
    await withClient(url, (client) => client.query("SELECT 1"));
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return "connected";
}

describe("setupTestDatabase with DATABASE_URL", () => {
  // Use the given server; on a machine without one, an embedded server plays the external one.
  let standIn: EmbeddedPostgresHandle | undefined;
  let externalUrl = process.env.DATABASE_URL;
  beforeAll(async () => {
    if (!externalUrl) {
      standIn = await startEmbeddedPostgres();
      externalUrl = standIn.url;
    }
  });
  afterAll(async () => {
    await standIn?.stop();
  });
  useDatabaseUrlEnv(() => externalUrl);

  it("gives each setup its own working database and drop() removes it", async () => {
    const [first, second] = await Promise.all([setupTestDatabase(), setupTestDatabase()]);
    try {
      expect(first.source).toBe("env");
      expect(second.source).toBe("env");
      expect(databaseName(first.url)).toMatch(/^test_[0-9a-f]{12}$/);
      expect(databaseName(first.url)).not.toBe(databaseName(second.url));

      expect(await roundTrip(first.url, "widgets")).toEqual(["first", "second"]);
      expect(await roundTrip(second.url, "gadgets")).toEqual(["first", "second"]);
      // Distinct databases, not just distinct names: each sees only its own table.
      expect(await tableExists(first.url, "gadgets")).toBe(false);
      expect(await tableExists(second.url, "widgets")).toBe(false);
    } finally {
      await first.drop();
      await second.drop();
    }

    const admin = adminUrlOf(first.url);
    expect(await databaseExists(admin, databaseName(first.url))).toBe(false);
    expect(await databaseExists(admin, databaseName(second.url))).toBe(false);
    expect(await connectError(first.url)).toBe("3D000"); // invalid_catalog_name
    // The external server is not ours to stop.
    expect(await connectError(admin)).toBe("connected");
  });

  it("drop() succeeds although a connection to the database is still open", async () => {
    const database = await setupTestDatabase();
    const { Client } = (await import("pg")).default;
    const leaked = new Client({ connectionString: database.url });
    leaked.on("error", () => undefined);
    await leaked.connect();
    try {
      await database.drop();
      expect(await databaseExists(adminUrlOf(database.url), databaseName(database.url))).toBe(false);
    } finally {
      await leaked.end().catch(() => undefined);
    }
  });
});

describe("setupTestDatabase without DATABASE_URL", () => {
  useDatabaseUrlEnv(() => undefined);

  it("falls back to a server of its own and stops it after the last drop", async () => {
    // No container runtime on the dev machine means embedded; a runtime that answers means containers.
    const expected = (await containerRuntimeAvailable()) ? "testcontainers" : "embedded";

    const first: TestDatabase = await setupTestDatabase();
    const second: TestDatabase = await setupTestDatabase();
    try {
      expect(first.source).toBe(expected);
      expect(second.source).toBe(expected);
      expect(new URL(second.url).host).toBe(new URL(first.url).host); // one server per process
      expect(databaseName(first.url)).not.toBe(databaseName(second.url));

      expect(await roundTrip(first.url, "widgets")).toEqual(["first", "second"]);
      await first.drop();
      expect(await databaseExists(adminUrlOf(second.url), databaseName(first.url))).toBe(false);
      // The server outlives the first drop because the second database still needs it.
      expect(await roundTrip(second.url, "gadgets")).toEqual(["first", "second"]);
    } finally {
      await first.drop();
      await second.drop();
    }

    expect(await connectError(adminUrlOf(second.url))).toBe("ECONNREFUSED");
  });
});

describe("startEmbeddedPostgres", () => {
  it("removes a throwaway data dir on stop", async () => {
    const server = await startEmbeddedPostgres();
    expect(existsSync(join(server.dataDir, "PG_VERSION"))).toBe(true);
    await server.stop();
    expect(existsSync(server.dataDir)).toBe(false);
  });

  it("reuses an initialised data dir and keeps its data", async () => {
    const parent = await mkdtemp(join(tmpdir(), "embedded-pg-reuse-"));
    // mkdtemp makes it 0700; as root the server runs as the postgres user, which must get through
    // for the data to stay where this test removes it (embedded-postgres-root.test.ts: otherwise).
    await chmod(parent, 0o755);
    const dataDir = join(parent, "postgres");
    try {
      const before = await startEmbeddedPostgres({ dataDir });
      try {
        await roundTrip(before.url, "kept");
      } finally {
        await before.stop();
      }
      expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);

      const port = await findFreePort();
      const after = await startEmbeddedPostgres({ dataDir, port });
      try {
        expect(after.url).toBe(`postgresql://postgres:password@127.0.0.1:${port}/postgres`);
        const notes = await withClient(after.url, async (client) => {
          const { rows } = await client.query<{ note: string }>("SELECT note FROM kept ORDER BY id");
          return rows.map((row) => row.note);
        });
        expect(notes).toEqual(["first", "second"]);
      } finally {
        await after.stop();
      }
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("reports postgres' own output when the server cannot start", async () => {
    const blocker = await startEmbeddedPostgres();
    try {
      await expect(startEmbeddedPostgres({ port: blocker.port })).rejects.toThrow(/could not bind|already in use|lock file/i);
    } finally {
      await blocker.stop();
    }
  });
});

describe("provideDatabase", () => {
  let closedPort = 0;
  beforeAll(async () => {
    closedPort = await findFreePort();
  });
  useDatabaseUrlEnv(() => `postgresql://postgres:secret@127.0.0.1:${closedPort}/postgres`);

  it("rejects an unreachable DATABASE_URL with a message naming it, without leaking the password", async () => {
    const failure = provideDatabase();
    await expect(failure).rejects.toThrow(/DATABASE_URL is set but postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1/);
    await expect(failure).rejects.not.toThrow(/secret/);
  });
});
