/**
 * The live phase of the views bench: `connections` clients read the three pages together (each
 * request a random page kind and id) while a busy party's events reach the read model at `rate`
 * events a second (live-events.ts: the indexer's rows, counters, activity and version, each block
 * in one transaction). First `warmupSeconds` of the same, not measured.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { hammer, type Answer, type LoadResult } from "./hammer.js";
import { LiveEvents } from "./live-events.js";

export type LiveResult = LoadResult & { events: number; blocks: number; eventRate: number };

export type LivePhase = {
  url: string;
  /** A random page of a random kind. */
  path: () => string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Events a second. */
  rate: number;
  /** Seconds between blocks; 0: a block for each call (applyAtRate). */
  blockSeconds: number;
  databaseUrl: string;
  /** The tables schema (not the views). */
  schema: string;
  /** Runs between the warm-up and the measured run (which starts once it resolves). */
  beforeMeasuring?: () => Promise<void>;
  /** Each response of the measured run. */
  onResponse?: (answer: Answer) => void;
  /** Connection `i`'s own headers (a signed-in viewer's cookies). */
  headersOf?: (i: number) => Record<string, string>;
};

export async function livePhase(phase: LivePhase): Promise<LiveResult> {
  const client = new pg.Client({ connectionString: phase.databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const live = await LiveEvents.open(client, phase.schema, { seed: phase.rate });
    const run = (seconds: number, onResponse?: (answer: Answer) => void) =>
      Promise.all([hammer(phase.url, { path: phase.path, connections: phase.connections, seconds, onResponse, headersOf: phase.headersOf }), applyAtRate(live, phase.rate, seconds, phase.blockSeconds)]);
    await run(phase.warmupSeconds);
    await phase.beforeMeasuring?.();
    const [load, events] = await run(phase.seconds, phase.onResponse);
    return { ...load, events: events.events, blocks: events.blocks, eventRate: events.events / events.seconds };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The most calls one block takes. */
const MAX_CALLS_PER_BLOCK = 200;

/**
 * Calls of the mix at `rate` events a second. With `blockSeconds` 0, a block as soon as a call is
 * due: one call a block while the database keeps up, and behind (it was slow) the calls due since
 * then in one block, as a chain packs the transactions that wait. Else a block every
 * `blockSeconds` (Polygon's ~2 s) with the calls due by then. The rate holds on average.
 */
export async function applyAtRate(live: LiveEvents, rate: number, seconds: number, blockSeconds = 0): Promise<{ events: number; seconds: number; blocks: number }> {
  const started = performance.now();
  const end = started + seconds * 1000;
  let events = 0;
  let blocks = 0;
  let nextBlock = started;
  for (;;) {
    const at = blockSeconds > 0 ? nextBlock : started + (events / rate) * 1000;
    if (at >= end) break;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    nextBlock = at + blockSeconds * 1000;
    // Events owed by now; every call writes one at least.
    const owed = Math.floor(((performance.now() - started) / 1000) * rate) - events;
    events += await live.next(Math.min(MAX_CALLS_PER_BLOCK, Math.max(1, owed)));
    blocks++;
  }
  return { events, seconds: (performance.now() - started) / 1000, blocks };
}
