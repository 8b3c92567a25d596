/**
 * The live phase of the views bench: `connections` clients read the three pages together (each
 * request a random page kind and id) while a busy party's events reach the read model at `rate`
 * events a second (live-events.ts: the indexer's rows, counters, activity and version, each block
 * in one transaction). First `warmupSeconds` of the same, not measured.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { hammer, type LoadResult } from "./hammer.js";
import { LiveEvents } from "./live-events.js";

export type LiveResult = LoadResult & { events: number; eventRate: number };

export type LivePhase = {
  url: string;
  /** A random page of a random kind. */
  path: () => string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Events a second. */
  rate: number;
  databaseUrl: string;
  /** The tables schema (not the views). */
  schema: string;
};

export async function livePhase(phase: LivePhase): Promise<LiveResult> {
  const client = new pg.Client({ connectionString: phase.databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const live = await LiveEvents.open(client, phase.schema, { seed: phase.rate });
    const run = (seconds: number) =>
      Promise.all([hammer(phase.url, { path: phase.path, connections: phase.connections, seconds }), applyAtRate(live, phase.rate, seconds)]);
    await run(phase.warmupSeconds);
    const [load, events] = await run(phase.seconds);
    return { ...load, events: events.events, eventRate: events.events / events.seconds };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The most calls one block takes when the generator is behind. */
const MAX_CALLS_PER_BLOCK = 50;

/**
 * Blocks of calls of the mix, each due when the events so far reach `rate` a second. One call a
 * block while the database keeps up; behind (it was slow), the calls due since then go into one
 * block, as a chain packs the transactions that wait, so the rate holds on average.
 */
export async function applyAtRate(live: LiveEvents, rate: number, seconds: number): Promise<{ events: number; seconds: number }> {
  const started = performance.now();
  const end = started + seconds * 1000;
  let due = started;
  let events = 0;
  while (due < end) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const behind = Math.floor(((performance.now() - due) / 1000) * rate);
    const n = await live.next(Math.min(MAX_CALLS_PER_BLOCK, 1 + behind));
    events += n;
    due += (n / rate) * 1000;
  }
  return { events, seconds: (performance.now() - started) / 1000 };
}
