/**
 * `npm run bench:lighthouse`: Lighthouse's scores (performance, accessibility, best practices,
 * SEO) of the pages most people open, as a phone on a slow network sees them.
 *
 * The production app server (scripts/lib/app-server.ts, from a private copy of the build) over the
 * demo data: anvil with the party contract and the deterministic demo data, the indexer filling a
 * throwaway database's read model. Then, for `/`, `/chapters/1`, a demo chapter executive's
 * `/members/:address` and `/evaluations/1`: one request each to fill the page cache (a page is
 * served from it in the steady state), and BENCH_LIGHTHOUSE_RUNS (3) Lighthouse runs
 * (bench/lighthouse/audit.ts: Lighthouse 12's Node API against /usr/bin/chromium, headless, its
 * default mobile emulation and simulated throttling), of which the run with the median
 * performance counts.
 *
 * Human-readable lines go to stderr: every run's scores, and for each page the audits that cost
 * it points. The median run's full report is kept in artifacts/lighthouse/<page>.json (open it in
 * https://googlechrome.github.io/lighthouse/viewer/). The last stdout line is one JSON object:
 *   {"pages":{"/":{"performance":N,"accessibility":N,"best-practices":N,"seo":N},…}}
 *
 * Environment (all optional):
 *   DATABASE_URL               server to create the throwaway database on (else the embedded dev server)
 *   BENCH_LIGHTHOUSE_RUNS=3    Lighthouse runs per page
 *   BENCH_LIGHTHOUSE_URL       measure this running server instead (it must serve the demo data: `npm run dev`)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import type { Result } from "lighthouse";
import { auditUrl } from "./bench/lighthouse/audit.js";
import { lostPoints, medianRun, reportLine, scoresOf, type Scores } from "./bench/lighthouse/report.js";
import { runBench } from "./bench/run.js";
import { benchApp } from "./lib/bench-app.js";
import { buildDemoPlan } from "./lib/demo-data/plan.js";
import { ROOT } from "./lib/paths.js";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const REPORTS = join(ROOT, "artifacts", "lighthouse");

const log = (message: string) => process.stderr.write(`${message}\n`);

const bench = benchApp("bench-lighthouse", log);

/** The production server over the demo data; its base URL. */
async function startServer(): Promise<string> {
  log("starting anvil with the demo data, the indexer and the app server");
  return (await bench.start({})).url;
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number of at least 1, got "${process.env.BENCH_LIGHTHOUSE_RUNS}"`);
  log(`bench:lighthouse on ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`);
  const base = process.env.BENCH_LIGHTHOUSE_URL?.replace(/\/$/, "") ?? (await startServer());
  // The page's one URL (an address in lower case; any other spelling is a redirect).
  const member = buildDemoPlan().chapters[0]!.executives[0]!.address.toLowerCase();
  const pages = [
    { path: "/", name: "chapters" },
    { path: "/chapters/1", name: "chapter" },
    { path: `/members/${member}`, name: "member" },
    { path: "/evaluations/1", name: "evaluation" },
  ];
  mkdirSync(REPORTS, { recursive: true });

  const measured: { path: string; scores: Scores }[] = [];
  for (const { path, name } of pages) {
    const warm = await fetch(`${base}${path}`, { redirect: "manual" });
    if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}, not 200: is this the demo data?`);
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await auditUrl(`${base}${path}`);
      runs.push(lhr);
      log(`${path} run ${run}: ${JSON.stringify(scoresOf(lhr))} (load average ${loadavg()[0].toFixed(1)})`);
    }
    const median = medianRun(runs);
    writeFileSync(join(REPORTS, `${name}.json`), JSON.stringify(median));
    for (const line of lostPoints(median)) log(`  ${line}`);
    measured.push({ path, scores: scoresOf(median) });
  }
  log(`reports: ${REPORTS}`);
  process.stdout.write(`${reportLine(measured)}\n`);
}

await runBench("bench:lighthouse", main, bench.cleanUp);
