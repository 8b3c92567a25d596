/**
 * Handlers for every event of the party contract and its proxy. Each keeps its counters up to date,
 * writes one activity row and records itself as the read model's last event
 * (party_totals.last_event), so pages never aggregate large tables, the state is rebuilt from logs
 * alone and the web server knows when its cached pages are stale.
 *
 * Handlers keep no state of their own: Ponder may run a block's handlers again after rolling the
 * block back (a retryable database error, a reorg), so everything they remember is in the store.
 * An event the read model cannot place (a role number the ABI does not name, a recommendation
 * without a pending application, as a later contract version might emit) is logged and recorded as
 * it came, never a crash.
 */
import { ponder, type Context, type Event } from "ponder:registry";
import {
  activity,
  applications,
  chapterExecutives,
  chapters,
  evaluations,
  executiveHistory,
  infoMessages,
  members,
  partyExecutives,
  partyTotals,
  recommendations,
  roleHolders,
  upgrades,
  userOperations,
  votes,
} from "ponder:schema";
import { and, eq, inArray } from "ponder";
import { createPublicClient, http, zeroAddress, type Address, type Hex, type TransactionReceipt } from "viem";
import { contentId } from "./lib/cid";
import { locationText } from "./lib/location";
import { decodeUserOperations, ENTRY_POINT_07 } from "./lib/user-operations";

type Db = Context["db"];
type AnyEvent = Event;

const ROLES = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"] as const;

/** The role's name, or `unknown(<n>)` for a number the ABI does not name (logged). */
function roleName(role: number, event: AnyEvent): string {
  const name = ROLES[role];
  if (name !== undefined) return name;
  warn(event, `RoleHolderSet with unknown role ${role}: recorded as unknown(${role})`);
  return `unknown(${role})`;
}

function eventId(event: AnyEvent): string {
  return `${event.block.number}-${event.log.logIndex}`;
}

/** An event the read model cannot place: logged with where it is, then recorded as it came. */
function warn(event: AnyEvent, message: string) {
  console.warn(`[party indexer] block ${event.block.number} log ${event.log.logIndex}: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// User operations
// ---------------------------------------------------------------------------------------------
const entryPoint = ENTRY_POINT_07.toLowerCase();
/** A client, not a marker: it holds no indexing state. */
let uncachedClient: ReturnType<typeof createPublicClient> | undefined;

/**
 * Records the EntryPoint's UserOperationEvents of the event's transaction, once per transaction.
 * Only a transaction sent to the EntryPoint (a bundle) can carry user operations, so a party
 * transaction from a plain account costs one string comparison and no request. For a bundle, the
 * receipt comes through context.client, which Ponder caches in its sync store (a re-index of the
 * same chain asks the RPC again only when caching is off, as on the local chain). Ponder's own
 * `includeTransactionReceipts` does not help: it keeps receipts without their logs.
 *
 * A bundle's party events come one after another, so party_totals.last_bundle marks the one done
 * and a bundle with 500 party events costs one receipt, not 500. The marker is in the store, not
 * in this module: when Ponder rolls a block back and runs it again, the marker goes back with the
 * rows, and the rows are written again.
 */
async function recordUserOperations(context: Context, event: AnyEvent) {
  if (event.transaction.to?.toLowerCase() !== entryPoint) return;
  const key = `${event.block.hash}:${event.transaction.hash}`;
  const totals = await context.db.find(partyTotals, { id: 1 });
  if (totals?.lastBundle === key) return;

  let receipt: TransactionReceipt = await context.client.getTransactionReceipt({ hash: event.transaction.hash });
  if (receipt.blockHash !== event.block.hash) {
    // Ponder's cache keeps receipts across reorgs: ask the node itself for the one in this block.
    uncachedClient ??= createPublicClient({ transport: http(process.env.PONDER_RPC_URL_137 ?? "http://127.0.0.1:8545") });
    receipt = await uncachedClient.getTransactionReceipt({ hash: event.transaction.hash });
  }
  const rows = decodeUserOperations(receipt.logs).map((operation) => ({
    ...operation,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  }));
  // Do nothing on conflict: after a crash Ponder may replay the rest of a half-flushed transaction.
  if (rows.length > 0) await context.db.insert(userOperations).values(rows).onConflictDoNothing();
  await context.db.update(partyTotals, { id: 1 }).set({ lastBundle: key });
}

/**
 * One activity row per event, and the event as the read model's version (party_totals.last_event,
 * `<block hash>:<log index>`); also the once-per-transaction hook for its user operations. Every
 * handler calls it exactly once.
 */
async function recordActivity(
  context: Context,
  event: AnyEvent,
  kind: string,
  fields: { actor?: Address | null; subject?: Address | null; chapterId?: bigint | null; evaluationId?: bigint | null },
) {
  await recordUserOperations(context, event);
  await context.db.insert(activity).values({
    id: eventId(event),
    sortKey: (event.block.number << 20n) + BigInt(event.log.logIndex),
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    kind,
    actor: fields.actor ?? null,
    subject: fields.subject ?? null,
    chapterId: fields.chapterId ?? null,
    evaluationId: fields.evaluationId ?? null,
  });
  // An update of a row Ponder keeps in memory: its store flushes the row once per batch of events.
  await context.db.update(partyTotals, { id: 1 }).set({ lastEvent: `${event.block.hash}:${event.log.logIndex}` });
}

/** The member row of `account`, created on first sight. */
async function ensureMember(db: Db, account: Address, event: AnyEvent) {
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

function bumpChapter(db: Db, id: bigint, field: "memberCount" | "executiveCount" | "pendingApplicationCount" | "evaluationCount", by: number) {
  return db.update(chapters, { id }).set((row) => ({ [field]: row[field] + by }));
}

type Total = "chapterCount" | "memberCount" | "partyMemberCount" | "pendingApplicationCount" | "evaluationCount" | "voteCount" | "infoCount";

/** Adds `by` to one party-wide total (the single totals row, created by Party:setup). */
async function bumpTotal(db: Db, field: Total, by: number) {
  await db.update(partyTotals, { id: 1 }).set((row) => ({ [field]: row[field] + by }));
}

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// The proxy: upgrades and initializers
// ---------------------------------------------------------------------------------------------
async function recordUpgrade(context: Context, event: AnyEvent, row: { kind: "upgraded" | "initialized"; implementation: Address | null; version: bigint | null }) {
  await context.db.insert(upgrades).values({
    id: eventId(event),
    ...row,
    block: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
}

ponder.on("Party:Upgraded", async ({ event, context }) => {
  await recordUpgrade(context, event, { kind: "upgraded", implementation: event.args.implementation, version: null });
  await recordActivity(context, event, "Upgraded", {});
});

ponder.on("Party:Initialized", async ({ event, context }) => {
  await recordUpgrade(context, event, { kind: "initialized", implementation: null, version: event.args.version });
  await recordActivity(context, event, "Initialized", {});
});

// ---------------------------------------------------------------------------------------------
// Chapters
// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// Applications and recommendations
// ---------------------------------------------------------------------------------------------
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

/** The account's pending application id, or null (logged: the contract says there is one). */
async function pendingApplication(db: Db, event: AnyEvent, eventName: string, account: Address): Promise<string | null> {
  const applicationId = (await db.find(members, { account }))?.pendingApplicationId ?? null;
  if (applicationId === null) warn(event, `${eventName}: ${account.toLowerCase()} has no pending application in the read model`);
  return applicationId;
}

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

// ---------------------------------------------------------------------------------------------
// Chapter and party membership
// ---------------------------------------------------------------------------------------------
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

async function leaveChapter(db: Db, account: Address, chapterId: bigint, status: "left" | "removed") {
  await db.update(members, { account }).set({ status });
  await bumpChapter(db, chapterId, "memberCount", -1);
  await bumpTotal(db, "memberCount", -1);
}

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

// ---------------------------------------------------------------------------------------------
// Executives
// ---------------------------------------------------------------------------------------------
async function recordExecutiveChange(
  db: Db,
  event: AnyEvent,
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

ponder.on("Party:RoleHolderSet", async ({ event, context }) => {
  const { db } = context;
  const { role, holder, by } = event.args;
  const name = roleName(role, event);
  // A new holder ends a pending proposal (the party admin's second step, acceptPartyAdmin).
  const row = { holder, by, block: event.block.number, timestamp: event.block.timestamp, pendingHolder: null, pendingBlock: null };
  await db
    .insert(roleHolders)
    .values({ role: name, ...row })
    .onConflictDoUpdate(row);
  await recordActivity(context, event, `RoleHolderSet:${name}`, { actor: by, subject: holder });
});

/** The party admin's first step: the proposed account becomes party admin once it accepts. */
ponder.on("Party:PartyAdminProposed", async ({ event, context }) => {
  const { db } = context;
  const { account, by } = event.args;
  const row = { pendingHolder: account, pendingBlock: event.block.number };
  if (await db.find(roleHolders, { role: "partyAdmin" })) {
    await db.update(roleHolders, { role: "partyAdmin" }).set(row);
  } else {
    warn(event, "PartyAdminProposed before any party admin was set: recorded with the proposer as holder");
    await db.insert(roleHolders).values({ role: "partyAdmin", holder: by, by, block: event.block.number, timestamp: event.block.timestamp, ...row });
  }
  await recordActivity(context, event, "PartyAdminProposed", { actor: by, subject: account });
});

// ---------------------------------------------------------------------------------------------
// Evaluations, votes and info messages
// ---------------------------------------------------------------------------------------------
ponder.on("Party:EvaluationMinted", async ({ event, context }) => {
  const { db } = context;
  const { evaluationId, chapterId, hashCode, hashSize, hashDigest, by } = event.args;
  await db.insert(evaluations).values({
    id: evaluationId,
    chapterId,
    hashCode,
    hashSize,
    hashDigest,
    cid: contentId({ hashCode, hashSize, hashDigest }),
    voteCount: 0,
    scoreSum: 0,
    partyExecutiveScore: null,
    partyExecutiveScoredBy: null,
    mintedBy: by,
    block: event.block.number,
    timestamp: event.block.timestamp,
  });
  await bumpChapter(db, chapterId, "evaluationCount", 1);
  await bumpTotal(db, "evaluationCount", 1);
  await recordActivity(context, event, "EvaluationMinted", { actor: by, chapterId, evaluationId });
});

ponder.on("Party:VoteCast", async ({ event, context }) => {
  const { db } = context;
  const { evaluationId, voter, score } = event.args;
  const previous = await db.find(votes, { evaluationId, voter });
  // Copy the old score now: `find` returns a view of Ponder's cached row, which the update below
  // changes in place (previous.score would then read the new score).
  const previousScore = previous ? previous.score : null;
  const row = { score, block: event.block.number, timestamp: event.block.timestamp };
  if (previous) {
    await db.update(votes, { evaluationId, voter }).set(row);
  } else {
    await db.insert(votes).values({ evaluationId, voter, ...row });
  }
  const evaluation = await db.update(evaluations, { id: evaluationId }).set((e) => ({
    voteCount: e.voteCount + (previous ? 0 : 1),
    scoreSum: e.scoreSum + score - (previousScore ?? 0),
  }));
  if (!previous) await bumpTotal(db, "voteCount", 1);
  await recordActivity(context, event, "VoteCast", { actor: voter, chapterId: evaluation.chapterId, evaluationId });
});

ponder.on("Party:PartyExecutiveScoreSet", async ({ event, context }) => {
  const { db } = context;
  const { evaluationId, executive, score } = event.args;
  const evaluation = await db
    .update(evaluations, { id: evaluationId })
    .set({ partyExecutiveScore: score, partyExecutiveScoredBy: executive });
  await recordActivity(context, event, "PartyExecutiveScoreSet", {
    actor: executive,
    chapterId: evaluation.chapterId,
    evaluationId,
  });
});

ponder.on("Party:InfoSent", async ({ event, context }) => {
  const { db } = context;
  const { infoId, eventName, infoType, hashCode, hashSize, hashDigest, sender } = event.args;
  await db.insert(infoMessages).values({
    id: infoId,
    eventName,
    infoType,
    hashCode,
    hashSize,
    hashDigest: hashDigest as Hex,
    cid: contentId({ hashCode, hashSize, hashDigest }),
    sender,
    block: event.block.number,
    timestamp: event.block.timestamp,
  });
  await bumpTotal(db, "infoCount", 1);
  await recordActivity(context, event, "InfoSent", { actor: sender });
});
