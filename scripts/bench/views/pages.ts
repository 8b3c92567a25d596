/**
 * The views bench's three pages and their first phase: per page, an uncached pass (every id of
 * its list once, in order: all page-cache misses, rendered by Remix, as after a new read-model
 * version; then the cache holds them, as in a server that has run a while), a warm-up and the
 * measured run (each request to a random id of the list), with the CPU it cost node and Postgres.
 */
import { cpuDelta, type CpuSnapshot } from "./cpu.js";
import { hammer, type LoadResult } from "./hammer.js";
import { pick, shuffled } from "./pick.js";
import { loadLine, say } from "./report.js";

export type Page = "chapter" | "member" | "evaluation";
export const PAGES: Page[] = ["chapter", "member", "evaluation"];
export const PREFIXES: Record<Page, string> = { chapter: "/chapters/", member: "/members/", evaluation: "/evaluations/" };

/** A random page of `page`'s list, or of a random kind. */
export function pagePath(ids: Record<Page, string[]>, page: Page = pick(PAGES)): string {
  return `${PREFIXES[page]}${pick(ids[page])}`;
}

/** `count` distinct pages (while the lists last), the kinds in turn, the ids in random order. */
export function distinctPaths(ids: Record<Page, string[]>, count: number): string[] {
  const lists = PAGES.map((page) => shuffled(ids[page]).map((id) => `${PREFIXES[page]}${id}`));
  const paths: string[] = [];
  const longest = Math.max(...lists.map((list) => list.length));
  for (let round = 0; round < longest; round++) {
    for (const list of lists) if (round < list.length) paths.push(list[round]!);
  }
  return paths.slice(0, count);
}

export type PageResult = LoadResult & { cpu: { server: number; postgres: number } };

export async function pagePhases({
  url,
  ids,
  connections,
  seconds,
  warmupSeconds,
  cpu,
}: {
  url: string;
  ids: Record<Page, string[]>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  cpu: () => Promise<CpuSnapshot>;
}): Promise<{ warm: Record<Page, PageResult>; uncached: Record<Page, LoadResult> }> {
  const warm = {} as Record<Page, PageResult>;
  const uncached = {} as Record<Page, LoadResult>;
  for (const page of PAGES) {
    const list = ids[page];
    const load = { prefix: PREFIXES[page], ids: list, connections };
    uncached[page] = await hammer(url, { ...load, amount: list.length });
    const u = uncached[page];
    say(`  ${page.padEnd(10)} uncached: ${list.length} pages, p50 ${u.p50.toFixed(1)} ms  p95 ${u.p95.toFixed(1)}  ${u.rps.toFixed(0)} pages/s  failed ${u.failed}`);
    await hammer(url, { ...load, seconds: warmupSeconds });
    const before = await cpu();
    const result = await hammer(url, { ...load, seconds });
    const used = cpuDelta(before, await cpu());
    warm[page] = { ...result, cpu: used };
    const perRequest = (s: number) => ((s * 1000) / Math.max(1, result.ok + result.failed)).toFixed(2);
    say(`  ${page.padEnd(10)} ${loadLine(result)}`);
    say(
      `  ${"".padEnd(10)} CPU per request: node ${perRequest(used.server)} ms, postgres backends ${perRequest(used.postgres)} ms ` +
        `(node ${((used.server / result.seconds) * 100).toFixed(0)} % of one core over the run)`,
    );
  }
  return { warm, uncached };
}
