/**
 * The counters the handlers keep, so that no page aggregates a large table: per chapter (on its
 * row) and party-wide (the single party_totals row, created by Party:setup).
 */
import { chapters, partyTotals } from "ponder:schema";
import type { Db } from "./event";

type ChapterCount = "memberCount" | "executiveCount" | "pendingApplicationCount" | "evaluationCount";

/** Adds `by` to one of the chapter's counts. */
export function bumpChapter(db: Db, id: bigint, field: ChapterCount, by: number) {
  return db.update(chapters, { id }).set((row) => ({ [field]: row[field] + by }));
}

type Total = "chapterCount" | "memberCount" | "partyMemberCount" | "pendingApplicationCount" | "evaluationCount" | "voteCount" | "infoCount";

/** Adds `by` to one party-wide total. */
export async function bumpTotal(db: Db, field: Total, by: number) {
  await db.update(partyTotals, { id: 1 }).set((row) => ({ [field]: row[field] + by }));
}
