import type pg from "pg";
import { percentile } from "../percentile.js";
import { pick } from "./pick.js";

export type Recorded = { sql: string; params: unknown[] }[];

/** `connections` clients replaying each page's statements (in parallel per page, as the loaders do) for `seconds`. */
export async function sqlFloor(pool: pg.Pool, samples: Recorded[], seconds: number, connections: number): Promise<{ p50: number; p95: number; rate: number }> {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const queries = pick(samples);
        const t = performance.now();
        await Promise.all(queries.map((q) => pool.query(q.sql, q.params as unknown[])));
        times.push(performance.now() - t);
      }
    }),
  );
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rate: times.length / seconds };
}
