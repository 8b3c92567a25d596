/**
 * The indexer's handlers of the calls the live phase makes (live-events.ts), in SQL on the tables
 * Ponder created: indexer/src/Party/evaluations.ts (VoteCast), applications.ts (Applied,
 * Recommended, ApplicationDecided), membership.ts (JoinedChapter, JoinedParty) and their helpers in
 * indexer/src/lib (ensureMember, pendingApplication, bumpChapter/bumpTotal, recordActivity): the
 * same rows and counters, one activity row per event, in the order the contract emits the events.
 *
 * A block is one transaction with Ponder's bookkeeping around its handlers, as its realtime sync
 * writes a block: the temp table its live-query triggers write to, then the party totals row once
 * (its counters and last_event, as Ponder's cache flushes it), the block's checkpoint on the rows
 * its reorg triggers wrote, and `_ponder_checkpoint`.
 */
import type pg from "pg";

export type Hex = `0x${string}`;

export type ActionKind = "vote" | "revote" | "apply" | "recommend" | "approve" | "reject";

/** A contract call by `sender` (vote, applyForChapterMembership, recommendForChapterMembership, updateMemberApplicationForChapter). */
export type Action =
  | { kind: "vote" | "revote"; sender: Hex; evaluationId: string; chapterId: string; score: number }
  | { kind: "apply"; sender: Hex; chapterId: string }
  | { kind: "recommend" | "approve" | "reject"; sender: Hex; account: Hex; chapterId: string };

/** The block a call lands in; `logIndex` is its first event's. */
export type Block = { number: bigint; hash: Hex; timestamp: bigint; txHash: Hex; logIndex: number };

/** Ponder's checkpoint of a block still open: what its triggers write on reorg rows (MAX_CHECKPOINT_STRING). */
const OPEN_CHECKPOINT = "9".repeat(75);

type Totals = Partial<Record<"member_count" | "party_member_count" | "pending_application_count" | "vote_count", number>>;

/** Where the handlers write, read once (live-events.ts, LiveEvents.open). */
export type Tables = {
  /** The tables schema, quoted. */
  S: string;
  /** Ponder's `_reorg__*` tables in it. */
  reorgTables: string[];
  chainId: string;
  /** activity.block_hash, which newer indexer builds write (the web server checks continuity with it). */
  blockHashColumn: boolean;
};

/**
 * Runs `calls` (which writes each call with `write`, its transaction hash given) as `block`, in
 * one transaction; the number of events written.
 */
export async function writeBlock(
  client: pg.Client,
  tables: Tables,
  block: Block,
  calls: (write: (action: Action, txHash: Hex) => Promise<void>) => Promise<void>,
): Promise<number> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const { S } = tables;
  const totals: Totals = {};
  let log = block.logIndex;
  await q("begin");
  try {
    await q("create temp table live_query_tables (table_name text primary key) on commit drop");
    await calls(async (action, txHash) => {
      log = await writeCall(q, tables, { ...block, txHash, logIndex: log }, action, totals);
    });
    // The party totals row, as Ponder flushes it: the counters and the last event.
    const sets = Object.entries(totals).map(([field, by]) => `${field} = ${field} + ${by}`);
    await q(`update ${S}.party_totals set ${[...sets, "last_event = $1"].join(", ")} where id = 1`, [`${block.hash}:${log - 1}`]);
    // Ponder's commitBlock (the block's reorg rows get its checkpoint) and checkpoint update, in one round trip.
    const checkpoint =
      `${block.timestamp.toString().padStart(10, "0")}${tables.chainId.padStart(16, "0")}${block.number.toString().padStart(16, "0")}` +
      `${"0".repeat(16)}5${String(log - 1).padStart(16, "0")}`;
    await q(
      [
        ...tables.reorgTables.map((table) => `update ${S}."${table}" set checkpoint = '${checkpoint}' where checkpoint = '${OPEN_CHECKPOINT}'`),
        `update ${S}._ponder_checkpoint set latest_checkpoint = '${checkpoint}'`,
      ].join(";\n"),
    );
    await q("commit");
  } catch (error) {
    await q("rollback");
    throw error;
  }
  return log - block.logIndex;
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The handlers of one call's events, from `block.logIndex` on; the log index after its last event. */
async function writeCall(q: Query, { S, blockHashColumn }: Tables, block: Block, action: Action, totals: Totals): Promise<number> {
  const number = block.number.toString();
  const timestamp = block.timestamp.toString();
  let log = block.logIndex;
  const bump = (field: keyof Totals, by: number) => (totals[field] = (totals[field] ?? 0) + by);
  const chapterBump = (chapterId: string, field: "member_count" | "pending_application_count", by: number) =>
    q(`update ${S}.chapters set ${field} = ${field} + $2 where id = $1`, [chapterId, by]);
  // recordActivity, which each handler calls once.
  const activity = async (kind: string, f: { actor: Hex; subject?: Hex; chapterId?: string; evaluationId?: string }) => {
    const hash = blockHashColumn ? [block.hash] : [];
    await q(
      `insert into ${S}.activity (id, sort_key, block_number, "timestamp", tx_hash, log_index, kind, actor, subject, chapter_id, evaluation_id${hash.length ? ", block_hash" : ""})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11${hash.length ? ", $12" : ""})`,
      [`${number}-${log}`, ((block.number << 20n) + BigInt(log)).toString(), number, timestamp, block.txHash, log, kind,
        f.actor, f.subject ?? null, f.chapterId ?? null, f.evaluationId ?? null, ...hash],
    );
    log++;
  };
  // ensureMember: the member row, created on first sight.
  const ensureMember = (account: Hex) =>
    q(
      `insert into ${S}.members (account, chapter_id, status, joined_block, joined_at, party_member, party_executive, executive_of, pending_application_id, first_seen_block)
       values ($1, null, 'none', null, null, false, false, null, null, $2) on conflict (account) do nothing`,
      [account, number],
    );
  // pendingApplication: the contract has checked there is one, so the read model has it.
  const pendingApplicationId = async (account: Hex): Promise<string> => {
    const { rows } = await q(`select pending_application_id as id from ${S}.members where account = $1`, [account]);
    if (!rows[0]?.id) throw new Error(`live events: ${account} has no pending application in the read model`);
    return rows[0].id;
  };

  switch (action.kind) {
    case "vote":
    case "revote": {
      // Party:VoteCast
      const { evaluationId, sender: voter, score } = action;
      const previous = await q(`select score from ${S}.votes where evaluation_id = $1 and voter = $2`, [evaluationId, voter]);
      const previousScore: number | undefined = previous.rows[0]?.score;
      if (previousScore !== undefined) {
        await q(`update ${S}.votes set score = $3, block = $4, "timestamp" = $5 where evaluation_id = $1 and voter = $2`, [evaluationId, voter, score, number, timestamp]);
      } else {
        await q(`insert into ${S}.votes (evaluation_id, voter, score, block, "timestamp") values ($1, $2, $3, $4, $5)`, [evaluationId, voter, score, number, timestamp]);
        bump("vote_count", 1);
      }
      const evaluation = await q(
        `update ${S}.evaluations set vote_count = vote_count + $2, score_sum = score_sum + $3 where id = $1 returning chapter_id::text as chapter_id`,
        [evaluationId, previousScore === undefined ? 1 : 0, score - (previousScore ?? 0)],
      );
      await activity("VoteCast", { actor: voter, chapterId: evaluation.rows[0].chapter_id, evaluationId });
      break;
    }
    case "apply": {
      // Party:Applied
      const { sender: account, chapterId } = action;
      const id = `${number}-${log}`;
      await ensureMember(account);
      await q(
        `insert into ${S}.applications (id, account, chapter_id, status, recommenders, applied_block, applied_at, decided_by, decided_block, decided_at)
         values ($1, $2, $3, 'applied', '{}', $4, $5, null, null, null)`,
        [id, account, chapterId, number, timestamp],
      );
      await q(`update ${S}.members set pending_application_id = $2 where account = $1`, [account, id]);
      await chapterBump(chapterId, "pending_application_count", 1);
      bump("pending_application_count", 1);
      await activity("Applied", { actor: account, subject: account, chapterId });
      break;
    }
    case "recommend": {
      // Party:Recommended
      const { account, chapterId, sender: by } = action;
      const applicationId = await pendingApplicationId(account);
      await q(
        `insert into ${S}.recommendations (id, application_id, account, chapter_id, by, block, "timestamp") values ($1, $2, $3, $4, $5, $6, $7)`,
        [`${number}-${log}`, applicationId, account, chapterId, by, number, timestamp],
      );
      await q(`update ${S}.applications set recommenders = array_append(recommenders, $2) where id = $1`, [applicationId, by]);
      await activity("Recommended", { actor: by, subject: account, chapterId });
      break;
    }
    case "approve":
    case "reject": {
      // Party:ApplicationDecided, then (approved) _joinChapter's JoinedChapter and JoinedParty.
      const { account, chapterId, sender: by } = action;
      const approved = action.kind === "approve";
      const applicationId = await pendingApplicationId(account);
      await q(
        `update ${S}.applications set status = $2, decided_by = $3, decided_block = $4, decided_at = $5 where id = $1`,
        [applicationId, approved ? "approved" : "rejected", by, number, timestamp],
      );
      await q(`update ${S}.members set pending_application_id = null where account = $1`, [account]);
      await chapterBump(chapterId, "pending_application_count", -1);
      bump("pending_application_count", -1);
      await activity(approved ? "ApplicationApproved" : "ApplicationRejected", { actor: by, subject: account, chapterId });
      if (!approved) break;
      await ensureMember(account);
      const member = await q(
        `update ${S}.members set chapter_id = $2, status = 'member', joined_block = $3, joined_at = $4 where account = $1 returning party_member`,
        [account, chapterId, number, timestamp],
      );
      await chapterBump(chapterId, "member_count", 1);
      bump("member_count", 1);
      await activity("JoinedChapter", { actor: by, subject: account, chapterId });
      if (member.rows[0].party_member) break;
      await q(`update ${S}.members set party_member = true where account = $1`, [account]);
      bump("party_member_count", 1);
      await activity("JoinedParty", { actor: by, subject: account });
      break;
    }
  }
  return log;
}
