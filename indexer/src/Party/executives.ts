/** Chapter and party executives: promotions and demotions, and their history. */
import { ponder, type Event } from "ponder:registry";
import { chapterExecutives, executiveHistory, members, partyExecutives } from "ponder:schema";
import type { Address } from "viem";
import { recordActivity } from "../lib/activity";
import { bumpChapter } from "../lib/counters";
import { eventId, type Db } from "../lib/event";

async function recordExecutiveChange(
  db: Db,
  event: Event,
  change: { account: Address; chapterId: bigint | null; action: "promoted" | "demoted"; by: Address },
) {
  await db.insert(executiveHistory).values({
    id: eventId(event),
    ...change,
    block: event.block.number,
    timestamp: event.block.timestamp,
  });
}

ponder.on("Party:ChapterExecutivePromoted", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId, by } = event.args;
  const promoted = { active: true, promotedBy: by, promotedBlock: event.block.number, demotedBy: null, demotedBlock: null };
  await db
    .insert(chapterExecutives)
    .values({ account, chapterId, ...promoted })
    .onConflictDoUpdate(promoted);
  await db.update(members, { account }).set({ executiveOf: chapterId });
  await bumpChapter(db, chapterId, "executiveCount", 1);
  await recordExecutiveChange(db, event, { account, chapterId, action: "promoted", by });
  await recordActivity(context, event, "ChapterExecutivePromoted", { actor: by, subject: account, chapterId });
});

ponder.on("Party:ChapterExecutiveDemoted", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId, by } = event.args;
  await db
    .update(chapterExecutives, { account, chapterId })
    .set({ active: false, demotedBy: by, demotedBlock: event.block.number });
  await db.update(members, { account }).set({ executiveOf: null });
  await bumpChapter(db, chapterId, "executiveCount", -1);
  await recordExecutiveChange(db, event, { account, chapterId, action: "demoted", by });
  await recordActivity(context, event, "ChapterExecutiveDemoted", { actor: by, subject: account, chapterId });
});

ponder.on("Party:PartyExecutivePromoted", async ({ event, context }) => {
  const { db } = context;
  const { account, by } = event.args;
  const promoted = { active: true, promotedBy: by, promotedBlock: event.block.number, demotedBy: null, demotedBlock: null };
  await db
    .insert(partyExecutives)
    .values({ account, ...promoted })
    .onConflictDoUpdate(promoted);
  await db.update(members, { account }).set({ partyExecutive: true });
  await recordExecutiveChange(db, event, { account, chapterId: null, action: "promoted", by });
  await recordActivity(context, event, "PartyExecutivePromoted", { actor: by, subject: account });
});

ponder.on("Party:PartyExecutiveDemoted", async ({ event, context }) => {
  const { db } = context;
  const { account, by } = event.args;
  await db.update(partyExecutives, { account }).set({ active: false, demotedBy: by, demotedBlock: event.block.number });
  await db.update(members, { account }).set({ partyExecutive: false });
  await recordExecutiveChange(db, event, { account, chapterId: null, action: "demoted", by });
  await recordActivity(context, event, "PartyExecutiveDemoted", { actor: by, subject: account });
});
