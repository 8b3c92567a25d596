/**
 * What the Lighthouse bench reads from a Lighthouse result (LHR) and prints: the four category
 * scores as whole numbers, the run whose performance is the median of a page's runs, and the
 * audits that cost points, so a score below 100 says why.
 */
import type { Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

/** A page's four scores from 0 to 100; a category Lighthouse could not score (null) is an error, not a 0. */
export function scoresOf(lhr: Pick<Result, "categories" | "finalDisplayedUrl">): Scores {
  const scores = {} as Scores;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (typeof score !== "number") throw new Error(`Lighthouse gave ${lhr.finalDisplayedUrl} no ${id} score`);
    scores[id] = Math.round(score * 100);
  }
  return scores;
}

/** Of several runs of one page, the one with the median performance score (Lighthouse's own advice against its variance). */
export function medianRun<T extends Pick<Result, "categories" | "finalDisplayedUrl">>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error("no Lighthouse run to take the median of");
  const sorted = [...runs].sort((a, b) => scoresOf(a).performance - scoresOf(b).performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The audits that did not pass, category by category, the heavier first within each (weights
 * are on a different scale in each category): "seo: meta-description (0)", "performance:
 * unused-javascript (0.5, Est savings of 88 KiB)". Informative, manual and not applicable audits
 * are left out.
 */
export function lostPoints(lhr: Pick<Result, "categories" | "audits">): string[] {
  return CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => {
        const audit = lhr.audits[ref.id];
        return audit && audit.score !== null && audit.score < 1 && !["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode);
      })
      .sort((a, b) => b.weight - a.weight)
      .map((ref) => {
        const audit = lhr.audits[ref.id]!;
        // Lighthouse puts a no-break space between a number and its unit.
        const shown = audit.displayValue ? `, ${audit.displayValue.replace(/\u00a0/g, " ")}` : "";
        return `${id}: ${ref.id} (${audit.score}${shown})`;
      }),
  );
}

/** The bench's last stdout line: `{"pages":{"/":{"performance":N,…},…}}`, pages in the order measured. */
export function reportLine(pages: readonly { path: string; scores: Scores }[]): string {
  return JSON.stringify({ pages: Object.fromEntries(pages.map((p) => [p.path, p.scores])) });
}
