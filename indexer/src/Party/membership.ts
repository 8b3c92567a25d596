/** Chapter and party membership: joining, leaving, being removed. */
import { ponder } from "ponder:registry";
import { members } from "ponder:schema";
import { recordActivity } from "../lib/activity";
import { bumpChapter, bumpTotal } from "../lib/counters";
import { ensureMember, leaveChapter } from "../lib/members";

ponder.on("Party:JoinedChapter", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId, by } = event.args;
  await ensureMember(db, account, event);
  await db.update(members, { account }).set({
    chapterId,
    status: "member",
    joinedBlock: event.block.number,
    joinedAt: event.block.timestamp,
  });
  await bumpChapter(db, chapterId, "memberCount", 1);
  await bumpTotal(db, "memberCount", 1);
  await recordActivity(context, event, "JoinedChapter", { actor: by, subject: account, chapterId });
});

ponder.on("Party:LeftChapter", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId } = event.args;
  await leaveChapter(db, account, chapterId, "left");
  await recordActivity(context, event, "LeftChapter", { actor: account, subject: account, chapterId });
});

ponder.on("Party:RemovedFromChapter", async ({ event, context }) => {
  const { db } = context;
  const { account, chapterId, by } = event.args;
  await leaveChapter(db, account, chapterId, "removed");
  await recordActivity(context, event, "RemovedFromChapter", { actor: by, subject: account, chapterId });
});

ponder.on("Party:JoinedParty", async ({ event, context }) => {
  const { db } = context;
  const { account, by } = event.args;
  await ensureMember(db, account, event);
  await db.update(members, { account }).set({ partyMember: true });
  await bumpTotal(db, "partyMemberCount", 1);
  await recordActivity(context, event, "JoinedParty", { actor: by, subject: account });
});

ponder.on("Party:LeftParty", async ({ event, context }) => {
  const { db } = context;
  const { account } = event.args;
  await db.update(members, { account }).set({ partyMember: false });
  await bumpTotal(db, "partyMemberCount", -1);
  await recordActivity(context, event, "LeftParty", { actor: account, subject: account });
});

ponder.on("Party:RemovedFromParty", async ({ event, context }) => {
  const { db } = context;
  const { account, by } = event.args;
  await db.update(members, { account }).set({ partyMember: false });
  await bumpTotal(db, "partyMemberCount", -1);
  await recordActivity(context, event, "RemovedFromParty", { actor: by, subject: account });
});
