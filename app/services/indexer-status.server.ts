/**
 * The indexer's state for the status bar on every page: indexed block, seconds behind the chain
 * head, and progress during a backfill. Read from Ponder's /status and /ready and the chain's
 * latest block, refreshed in the background at most once a second, so a page never waits on it
 * (and never spends a database query on it).
 */
import { env } from "../ground/env.server";

export type IndexerState = {
  /** False when the indexer or the chain did not answer. */
  known: boolean;
  ready: boolean;
  indexedBlock: number | null;
  headBlock: number | null;
  secondsBehind: number | null;
  /** 0..1 while backfilling, 1 when ready. */
  progress: number | null;
};

const UNKNOWN: IndexerState = { known: false, ready: false, indexedBlock: null, headBlock: null, secondsBehind: null, progress: null };
const REFRESH_MS = 1000;
const TIMEOUT_MS = 800;

let state: IndexerState = UNKNOWN;
let fetchedAt = 0;
let inflight: Promise<void> | undefined;
let startBlock: number | null = null;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return (await response.json()) as T;
}

async function refresh() {
  const { INDEXER_URL, CHAIN_RPC_URL } = env();
  try {
    const [status, ready, head] = await Promise.all([
      json<{ [chain: string]: { block?: { number: number; timestamp: number } } }>(`${INDEXER_URL}/status`),
      fetch(`${INDEXER_URL}/ready`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then((r) => r.status === 200),
      json<{ result?: { number: string; timestamp: string } }>(CHAIN_RPC_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBlockByNumber", params: ["latest", false] }),
      }),
    ]);
    const indexed = Object.values(status)[0]?.block;
    const headBlock = head.result ? Number(head.result.number) : null;
    const headTime = head.result ? Number(head.result.timestamp) : null;
    if (indexed && startBlock === null && !ready) startBlock = indexed.number;
    const from = startBlock ?? 0;
    state = {
      known: true,
      ready,
      indexedBlock: indexed?.number ?? null,
      headBlock,
      secondsBehind: indexed && headTime !== null ? Math.max(0, headTime - indexed.timestamp) : null,
      progress: ready
        ? 1
        : indexed && headBlock !== null && headBlock > from
          ? Math.min(1, Math.max(0, (indexed.number - from) / (headBlock - from)))
          : 0,
    };
  } catch {
    state = UNKNOWN;
  } finally {
    fetchedAt = Date.now();
  }
}

/** The latest known state; starts a refresh when it is older than a second. */
export async function getIndexerState(): Promise<IndexerState> {
  if (Date.now() - fetchedAt > REFRESH_MS && !inflight) {
    inflight = refresh().finally(() => (inflight = undefined));
    // Only the very first request waits; later ones show the previous state meanwhile.
    if (fetchedAt === 0) await inflight;
  }
  return state;
}
