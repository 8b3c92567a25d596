/**
 * Runs the Ponder indexer (`ponder start`) as a child process.
 *
 * Each build of the indexer writes its own schema (`party_<hash of the indexer's sources>`), and
 * Ponder points the views schema (DEFAULT_VIEWS_SCHEMA unless told) at it once the backfill is
 * done: a new build fills a fresh schema while the app keeps reading the old one, and restarting
 * the same build resumes from its checkpoint (crash recovery).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULT_VIEWS_SCHEMA } from "./defaults.js";
import { freePort } from "./free-port.js";
import { ROOT } from "./paths.js";
import { keepOutput, killWithParent, stopProcess } from "./processes.js";

const require = createRequire(import.meta.url);
export const INDEXER_ROOT = join(ROOT, "indexer");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

/** `party_` and a hash of everything that decides what the indexer writes. */
export function indexerSchemaName(): string {
  const hash = createHash("sha256");
  const files = [
    join(INDEXER_ROOT, "ponder.config.ts"),
    // The schema's entry point and the table definitions it re-exports (Ponder's own build id
    // hashes only the entry point).
    join(INDEXER_ROOT, "ponder.schema.ts"),
    ...filesUnder(join(INDEXER_ROOT, "schema")),
    ...filesUnder(join(INDEXER_ROOT, "src")),
    join(ROOT, "abis", "party.ts"),
    join(ROOT, "abis", "party-account.ts"),
    join(ROOT, "abis", "party-account-factory.ts"),
    join(ROOT, "abis", "deployments.ts"),
    // The content-id codec the handlers import from the app (one codec for both).
    join(ROOT, "app", "calls", "cid.ts"),
    join(ROOT, "app", "calls", "multibase.ts"),
  ];
  for (const file of files) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  return `party_${hash.digest("hex").slice(0, 12)}`;
}

export type StartIndexerParameters = {
  databaseUrl: string;
  /** Ponder root; the product's indexer/ by default (the benchmark's baseline has its own). */
  root?: string;
  rpcUrl: string;
  schema?: string;
  viewsSchema?: string;
  port?: number;
  /** Extra environment, e.g. PARTY_ENV, PONDER_POLLING_INTERVAL_MS. */
  env?: Record<string, string>;
  /** Where Ponder's output goes; kept in memory (last 64 KB) when unset. */
  log?: (line: string) => void;
};

export type IndexerStatus = { block: number | null; ready: boolean };

export type Indexer = {
  url: string;
  port: number;
  schema: string;
  viewsSchema: string;
  process: ChildProcess;
  output(): string;
  status(): Promise<IndexerStatus>;
  waitReady(timeoutMs?: number): Promise<void>;
  waitForBlock(block: number | bigint, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  /** kill -9: no chance to clean up, as in a crash. */
  kill(): Promise<void>;
};

export function ponderBin(): string {
  // ponder's "exports" hides package.json (require.resolve throws ERR_PACKAGE_PATH_NOT_EXPORTED)
  // and has no require condition, so look for the package along Node's lookup paths.
  for (const dir of require.resolve.paths("ponder") ?? []) {
    const bin = join(dir, "ponder", "dist", "esm", "bin", "ponder.js");
    if (existsSync(bin)) return bin;
  }
  throw new Error("ponder is not installed (npm install)");
}

export async function startIndexer(params: StartIndexerParameters): Promise<Indexer> {
  const port = params.port ?? (await freePort());
  const schema = params.schema ?? indexerSchemaName();
  const viewsSchema = params.viewsSchema ?? DEFAULT_VIEWS_SCHEMA;
  const args = [ponderBin(), "start", "--root", params.root ?? INDEXER_ROOT, "--schema", schema, "--views-schema", viewsSchema, "--port", String(port), "--hostname", "127.0.0.1"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: params.databaseUrl,
      PONDER_RPC_URL_137: params.rpcUrl,
      PONDER_TELEMETRY_DISABLED: "true",
      // Ponder prefers PORT over --port; the app's PORT must not leak into it.
      PORT: String(port),
      NO_COLOR: "1",
      ...params.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child, 65536, params.log);
  killWithParent(child);

  const url = `http://127.0.0.1:${port}`;

  async function status(): Promise<IndexerStatus> {
    try {
      const ready = (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) })).status === 200;
      const body = (await (await fetch(`${url}/status`, { signal: AbortSignal.timeout(2000) })).json()) as {
        polygon?: { block?: { number?: number } };
      };
      return { ready, block: body.polygon?.block?.number ?? null };
    } catch {
      return { ready: false, block: null };
    }
  }

  async function waitUntil(check: (s: IndexerStatus) => boolean, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`indexer exited (${child.exitCode}) before ${what}:\n${output().slice(-4000)}`);
      if (check(await status())) return;
      await sleep(100);
    }
    throw new Error(`indexer not ${what} after ${timeoutMs} ms:\n${output().slice(-4000)}`);
  }

  return {
    url,
    port,
    schema,
    viewsSchema,
    process: child,
    output,
    status,
    waitReady: (timeoutMs = 60_000) => waitUntil((s) => s.ready, "ready", timeoutMs),
    waitForBlock: (block, timeoutMs = 60_000) =>
      waitUntil((s) => s.ready && s.block !== null && s.block >= Number(block), `at block ${block}`, timeoutMs),
    stop: () => stopProcess(child),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
