/** Applications for chapter membership and their recommendations. */
import { ponder } from "ponder:registry";
import { applications, members, recommendations } from "ponder:schema";
import { zeroAddress } from "viem";
import { recordActivity } from "../lib/activity";
import { bumpChapter, bumpTotal } from "../lib/counters";
import { eventId } from "../lib/event";
import { ensureMember, pendingApplication } from "../lib/members";

ponder.on("Party:Applied", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId } = event.args;
  const id = eventId(event);
  await ensureMember(db, account, event);
  await db.insert(applications).values({
    id,
    account,
    chapterId,
    status: "applied",
    recommenders: [],
    appliedBlock: event.block.number,
    appliedAt: event.block.timestamp,
    decidedBy: null,
    decidedBlock: null,
    decidedAt: null,
  });
  await db.update(members, { account }).set({ pendingApplicationId: id });
  await bumpChapter(db, chapterId, "pendingApplicationCount", 1);
  await bumpTotal(db, "pendingApplicationCount", 1);
  await recordActivity(context, event, "Applied", { actor: account, subject: account, chapterId });
});

ponder.on("Party:Recommended", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId, by } = event.args;
  const applicationId = await pendingApplication(db, event, "Recommended", account);
  await db.insert(recommendations).values({
    id: eventId(event),
    applicationId,
    account,
    chapterId,
    by,
    block: event.block.number,
    timestamp: event.block.timestamp,
  });
  if (applicationId !== null) {
    await db.update(applications, { id: applicationId }).set((row) => ({ recommenders: [...row.recommenders, by] }));
  }
  await recordActivity(context, event, "Recommended", { actor: by, subject: account, chapterId });
});

ponder.on("Party:ApplicationDecided", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId, approved, by } = event.args;
  const applicationId = await pendingApplication(db, event, "ApplicationDecided", account);
  if (applicationId !== null) {
    await db.update(applications, { id: applicationId }).set({
      status: approved ? "approved" : "rejected",
      // The zero address: closed by nobody (contract versions before issue #12 emitted it).
      decidedBy: by === zeroAddress ? null : by,
      decidedBlock: event.block.number,
      decidedAt: event.block.timestamp,
    });
    await db.update(members, { account }).set({ pendingApplicationId: null });
    await bumpChapter(db, chapterId, "pendingApplicationCount", -1);
    await bumpTotal(db, "pendingApplicationCount", -1);
  }
  await recordActivity(context, event, approved ? "ApplicationApproved" : "ApplicationRejected", {
    actor: by === zeroAddress ? null : by,
    subject: account,
    chapterId,
  });
});
