/** Member rows: created on first sight, left or removed from a chapter, their pending application. */
import type { Event } from "ponder:registry";
import { members } from "ponder:schema";
import type { Address } from "viem";
import { bumpChapter, bumpTotal } from "./counters";
import { warn, type Db } from "./event";

/** The member row of `account`, created on first sight. */
export async function ensureMember(db: Db, account: Address, event: Event) {
  const existing = await db.find(members, { account });
  if (existing) return existing;
  return db.insert(members).values({
    account,
    chapterId: null,
    status: "none",
    joinedBlock: null,
    joinedAt: null,
    partyMember: false,
    partyExecutive: false,
    executiveOf: null,
    pendingApplicationId: null,
    firstSeenBlock: event.block.number,
  });
}

/** The account leaves its chapter (status left or removed) and the chapter's and party's member counts. */
export async function leaveChapter(db: Db, account: Address, chapterId: bigint, status: "left" | "removed") {
  await db.update(members, { account }).set({ status });
  await bumpChapter(db, chapterId, "memberCount", -1);
  await bumpTotal(db, "memberCount", -1);
}

/** The account's pending application id, or null (logged: the contract says there is one). */
export async function pendingApplication(db: Db, event: Event, eventName: string, account: Address): Promise<string | null> {
  const applicationId = (await db.find(members, { account }))?.pendingApplicationId ?? null;
  if (applicationId === null) warn(event, `${eventName}: ${account.toLowerCase()} has no pending application in the read model`);
  return applicationId;
}
