/** Chapters: added, moved, removed, and their central committee member. */
import { ponder } from "ponder:registry";
import { applications, chapters, members } from "ponder:schema";
import { and, eq, inArray } from "ponder";
import { zeroAddress } from "viem";
import { recordActivity } from "../lib/activity";
import { bumpTotal } from "../lib/counters";
import { locationText } from "../lib/location";

ponder.on("Party:ChapterAdded", async ({ event, context }) => {
  const { db } = context;
  const { chapterId, location, x, y, by } = event.args;
  await db.insert(chapters).values({
    id: chapterId,
    location,
    locationText: locationText(location),
    x,
    y,
    memberCount: 0,
    executiveCount: 0,
    pendingApplicationCount: 0,
    evaluationCount: 0,
    centralCommitteeMember: null,
    addedBlock: event.block.number,
    addedAt: event.block.timestamp,
    removedBlock: null,
  });
  await bumpTotal(db, "chapterCount", 1);
  await recordActivity(context, event, "ChapterAdded", { actor: by, chapterId });
});

ponder.on("Party:ChapterLocationUpdated", async ({ event, context }) => {
  const { db } = context;
  const { chapterId, location, x, y, by } = event.args;
  await db.update(chapters, { id: chapterId }).set({ location, locationText: locationText(location), x, y });
  await recordActivity(context, event, "ChapterLocationUpdated", { actor: by, chapterId });
});

/**
 * Removing a chapter closes its pending applications (the contract emits no event per application:
 * ChapterRemoved is theirs). They become rejected by nobody, as an application closed for its
 * removed chapter always reads, and leave the chapter's and the party's pending counts.
 */
ponder.on("Party:ChapterRemoved", async ({ event, context }) => {
  const { db } = context;
  const { chapterId, by } = event.args;
  const chapter = await db.update(chapters, { id: chapterId }).set({ removedBlock: event.block.number });
  const pending = chapter.pendingApplicationCount;
  if (pending > 0) {
    // Set-based, in SQL: a chapter may have many pending applications. (Raw SQL flushes Ponder's
    // cache; chapters are rarely removed.) Members first, while their applications still read pending.
    const open = and(eq(applications.chapterId, chapterId), eq(applications.status, "applied"));
    await db.sql
      .update(members)
      .set({ pendingApplicationId: null })
      .where(inArray(members.account, db.sql.select({ account: applications.account }).from(applications).where(open)));
    await db.sql
      .update(applications)
      .set({ status: "rejected", decidedBy: null, decidedBlock: event.block.number, decidedAt: event.block.timestamp })
      .where(open);
    await db.update(chapters, { id: chapterId }).set({ pendingApplicationCount: 0 });
    await bumpTotal(db, "pendingApplicationCount", -pending);
  }
  await bumpTotal(db, "chapterCount", -1);
  await recordActivity(context, event, "ChapterRemoved", { actor: by, chapterId });
});

ponder.on("Party:CentralCommitteeMemberSet", async ({ event, context }) => {
  const { db } = context;
  const { chapterId, account, by } = event.args;
  const member = account === zeroAddress ? null : account;
  await db.update(chapters, { id: chapterId }).set({ centralCommitteeMember: member });
  await recordActivity(context, event, "CentralCommitteeMemberSet", { actor: by, subject: member, chapterId });
});
