import { ponder } from "ponder:registry";
import { partyTotals } from "ponder:schema";

/**
 * The single totals row, once, before the first event: Ponder runs setup handlers only when a
 * build starts from scratch (not again on crash recovery) and commits them before any event is
 * indexed, so every handler may simply update the row.
 */
ponder.on("Party:setup", async ({ context }) => {
  await context.db.insert(partyTotals).values({
    id: 1,
    chapterCount: 0,
    memberCount: 0,
    partyMemberCount: 0,
    pendingApplicationCount: 0,
    evaluationCount: 0,
    voteCount: 0,
    infoCount: 0,
    lastEvent: null,
    lastBundle: null,
  });
});
