/**
 * The Lighthouse bench's reading and reporting (scripts/bench/lighthouse/report.ts) on a trimmed
 * real report of /chapters/1 (Lighthouse 12.8.2, before issue 17's fixes); Lighthouse itself is
 * run by `npm run bench:lighthouse`, not here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Result } from "lighthouse";
import { lostPoints, medianRun, reportLine, scoresOf } from "../../scripts/bench/lighthouse/report.js";
import { ROOT } from "../../scripts/lib/paths.js";

const chapter = JSON.parse(readFileSync(join(ROOT, "tests", "fixtures", "lighthouse-chapter-lhr.json"), "utf8")) as Result;
/** The report with other category scores. */
const withScores = (scores: Partial<Record<string, number | null>>): Result => ({
  ...chapter,
  categories: Object.fromEntries(Object.entries(chapter.categories).map(([id, c]) => [id, { ...c, score: id in scores ? scores[id]! : c.score }])),
});

it("reads the four category scores as whole numbers from 0 to 100", () => {
  expect(scoresOf(chapter)).toEqual({ performance: 98, accessibility: 92, "best-practices": 100, seo: 90 });
  expect(scoresOf(withScores({ performance: 0.955 }))).toMatchObject({ performance: 96 });
});

it("refuses a category Lighthouse could not score, instead of reporting 0", () => {
  expect(() => scoresOf(withScores({ seo: null }))).toThrow("Lighthouse gave http://127.0.0.1:3000/chapters/1 no seo score");
  const { seo: _, ...others } = chapter.categories;
  expect(() => scoresOf({ ...chapter, categories: others })).toThrow("no seo score");
});

it("takes the run with the median performance", () => {
  const runs = [0.91, 0.99, 0.95].map((performance) => withScores({ performance }));
  expect(scoresOf(medianRun(runs)).performance).toBe(95);
  expect(scoresOf(medianRun([withScores({ performance: 0.9 }), withScores({ performance: 0.8 })])).performance).toBe(80);
  expect(() => medianRun([])).toThrow("no Lighthouse run");
});

it("names the audits that cost points, by category, the heavier first, leaving out passed and informative ones", () => {
  expect(lostPoints(chapter)).toEqual([
    "performance: largest-contentful-paint (0.98, 1.8 s)",
    "performance: first-contentful-paint (0.88, 1.8 s)",
    "performance: unused-javascript (0, Est savings of 23 KiB)",
    "accessibility: color-contrast (0)",
    "accessibility: target-size (0)",
    "seo: meta-description (0)",
  ]);
});

it("prints one JSON line of every page's scores, in the order measured", () => {
  const line = reportLine([
    { path: "/", scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 } },
    { path: "/chapters/1", scores: scoresOf(chapter) },
  ]);
  expect(line).not.toContain("\n");
  expect(Object.keys(JSON.parse(line).pages)).toEqual(["/", "/chapters/1"]);
  expect(JSON.parse(line)).toEqual({
    pages: {
      "/": { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
      "/chapters/1": { performance: 98, accessibility: 92, "best-practices": 100, seo: 90 },
    },
  });
});
