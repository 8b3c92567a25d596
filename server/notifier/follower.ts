/**
 * The notifier's follower: reads the read model's activity rows in order (one per contract event,
 * indexer/schema/activity.ts) and turns each into deliveries (./deliveries.ts), which the sender
 * sends on Telegram. Who is told what: ./follower-notices.ts and ./follower-recipients.ts; bursts:
 * ./follower-folds.ts; the texts, in each recipient's language: ./messages.ts.
 *
 * One step (followOnce) is one transaction: lock the cursor row, read the next confirmed rows
 * after it, write their deliveries and open folds, move the cursor past them, commit. So:
 * - Several followers at once (replicas of `npm run notifier`) take turns on the cursor's lock:
 *   the one waiting reads the cursor its predecessor committed, so no row is read twice or skipped.
 * - A crash anywhere before the commit rolls everything back, and the next step does it again;
 *   after the commit, the deliveries are there for the sender. Nothing is lost or doubled (the
 *   delivery keys are unique besides).
 *
 * Confirmations: a row is read only once its block is `confirmations` blocks below the read
 * model's head (the indexer's latest checkpoint). A reorg can only replace blocks above the head
 * minus its depth, so with NOTIFY_CONFIRMATIONS at least the chain's deepest reorg, every row
 * read stays in the chain: nothing already told is ever taken back, and an event a reorg removes
 * was never read. (A row a reorg removes before that is simply never seen.) Should the row at the
 * cursor be gone after all (a reorg deeper than that, or a new local chain), the follower logs it
 * and goes on from the confirmed head rather than retell or guess.
 */
import pg from "pg";
import { enqueueDeliveries, type Delivery } from "./deliveries";
import { addToFolds, deliveryKey, gatherFolds, takeClosedFolds, type FoldPart } from "./follower-folds";
import { FOLDABLE, isNotable, noticesOf, type ActivityRow } from "./follower-notices";
import { chaptersOf, recipientsOf } from "./follower-recipients";
import { textsOnce } from "./messages";

export type FollowerOptions = {
  pool: pg.Pool;
  /** Ponder's views schema (READ_MODEL_SCHEMA). */
  readModelSchema: string;
  /** Blocks an event waits below the read model's head before it is told (NOTIFY_CONFIRMATIONS). */
  confirmations: number;
  /** The window over which a burst folds into one message; 0 sends each event at once (NOTIFY_FOLD_SECONDS). */
  foldSeconds: number;
  /** The public origin the messages link to (APP_ORIGIN). */
  appOrigin: string;
  /** Rows read per transaction (500). */
  batchSize?: number;
  /** Where the follower says what went wrong (stderr). */
  log?: (line: string) => void;
};

export type FollowStepOptions = FollowerOptions & {
  /** The database time the step runs at (folds open and close by it); the transaction's now() when unset. */
  now?: Date;
  /** Runs last before the commit (tests make the step crash there). */
  beforeCommit?: (client: pg.PoolClient) => Promise<void>;
};

export type FollowStep = {
  /** Activity rows read (all kinds). */
  read: number;
  /** New deliveries written (events told at once and folds closed). */
  delivered: number;
  /** More confirmed rows are waiting: step again without pausing. */
  more: boolean;
  /** The cursor after the step (a sort key). */
  cursor: string;
};

const CURSOR = "activity";
const logToStderr = (line: string) => console.error(line);
const DEFAULT_BATCH = 500;

/** The read model's head block: the block number in Ponder's latest checkpoint (characters 27 to 42). */
const headBlock = (views: string) => `(select max(substr(latest_checkpoint, 27, 16)::numeric) from ${views}._ponder_checkpoint)`;

/** One step: the next confirmed rows (at most batchSize) and the folds whose window has closed, in one transaction. */
export async function followOnce(options: FollowStepOptions): Promise<FollowStep> {
  const { pool, confirmations, foldSeconds, appOrigin, batchSize = DEFAULT_BATCH } = options;
  const views = pg.escapeIdentifier(options.readModelSchema);
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection that dies while checked out reports here, not to the pool: without a listener it would end the process.
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
  try {
    await client.query("begin");
    const cursor = await lockCursor(client, views, confirmations, options.log ?? logToStderr);
    const now = options.now ?? (await client.query<{ now: Date }>("select now() as now")).rows[0]!.now;
    // Always: folds opened before NOTIFY_FOLD_SECONDS was set to 0 still close.
    const deliveries: Delivery[] = await takeClosedFolds(client, views, now, appOrigin);

    const { rows } = await client.query<ActivityRow & { blockHash: string }>(
      `select a.id, a.sort_key::text as "sortKey", a.block_number::text as "blockNumber", a.block_hash as "blockHash",
         a.kind, a.actor, a.subject, a.chapter_id::text as "chapterId", a.evaluation_id::text as "evaluationId",
         a.info_id::text as "infoId",
         (select d.title from app.documents d where d.kind = 'evaluation'
            and d.cid = (select e.cid from ${views}.evaluations e where e.id = a.evaluation_id)) as "evaluationTitle",
         (select d.title from app.documents d where d.kind = 'info'
            and d.cid = (select i.cid from ${views}.info_messages i where i.id = a.info_id)) as "infoTitle"
       from ${views}.activity a
       where a.sort_key > $1::numeric and a.block_number <= ${headBlock(views)} - $2
       order by a.sort_key limit $3`,
      [cursor, confirmations, batchSize],
    );
    const notices = await noticesOf(client, views, rows.filter(isNotable));
    const [recipients, chapters] = await Promise.all([
      recipientsOf(client, views, notices),
      chaptersOf(client, views, notices.map((n) => n.event.chapterId)),
    ]);
    const folding: Omit<FoldPart, "count">[] = [];
    // A notice's text is made once per language: a new evaluation to 10,000 members is a few texts.
    const textOf = textsOnce();
    for (const { notice: i, address, chatId, language } of recipients) {
      const { event, kind, text } = notices[i]!;
      if (foldSeconds > 0 && FOLDABLE.has(kind) && event.chapterId !== null) {
        folding.push({ address, kind, chapterId: event.chapterId, firstEvent: event.id });
        continue;
      }
      const said = textOf(String(i), language, (t) => {
        const chapter = event.chapterId === null ? undefined : (chapters.get(event.chapterId) ?? { id: event.chapterId, locationText: null });
        const title = event.evaluationId ? event.evaluationTitle : event.infoTitle;
        return text(t, { origin: appOrigin, chapter, evaluationId: event.evaluationId, infoId: event.infoId, title });
      });
      deliveries.push({ key: deliveryKey(kind, event.id, address), address, chatId, kind, text: said });
    }
    await addToFolds(client, gatherFolds(folding), now, foldSeconds);
    const delivered = await enqueueDeliveries(client, deliveries);

    const last = rows.at(-1);
    if (last) {
      await client.query(`update app.notifier_cursor set sort_key = $2::numeric, block_hash = $3, updated_at = now() where name = $1`, [CURSOR, last.sortKey, last.blockHash]);
    }
    await options.beforeCommit?.(client);
    await client.query("commit");
    return { read: rows.length, delivered, more: rows.length === batchSize, cursor: last?.sortKey ?? cursor };
  } catch (error) {
    await client.query("rollback").catch((failed: Error) => (broken ??= failed));
    throw error;
  } finally {
    client.off("error", onError);
    // A connection that failed (or could not roll back) is not given back to the pool.
    client.release(broken);
  }
}

/**
 * Locks the cursor row for this transaction (other followers wait here) and returns its sort key.
 * The first step ever, or one that finds the row at the cursor gone, puts it at the confirmed head.
 */
async function lockCursor(client: pg.PoolClient, views: string, confirmations: number, log: (line: string) => void): Promise<string> {
  const select = `select c.sort_key::text as "sortKey",
      c.block_hash is null or exists (select 1 from ${views}.activity a where a.sort_key = c.sort_key and a.block_hash = c.block_hash) as "continuous"
    from app.notifier_cursor c where c.name = $1 for update of c`;
  let [row] = (await client.query<{ sortKey: string; continuous: boolean }>(select, [CURSOR])).rows;
  if (row?.continuous) return row.sortKey;
  const atHead = `select sort_key, block_hash from ${views}.activity where block_number <= ${headBlock(views)} - $2 order by sort_key desc limit 1`;
  if (row) {
    log(`notifier: the activity row at the cursor (sort key ${row.sortKey}) is no longer indexed (a new chain, or a reorg deeper than NOTIFY_CONFIRMATIONS): going on from the confirmed head`);
    await client.query(
      `update app.notifier_cursor c set sort_key = coalesce(h.sort_key, -1), block_hash = h.block_hash, updated_at = now()
       from (select 1) one left join (${atHead}) h on true where c.name = $1`,
      [CURSOR, confirmations],
    );
  } else {
    await client.query(
      `insert into app.notifier_cursor (name, sort_key, block_hash)
       select $1, coalesce(h.sort_key, -1), h.block_hash from (select 1) one left join (${atHead}) h on true
       on conflict (name) do nothing`,
      [CURSOR, confirmations],
    );
  }
  [row] = (await client.query<{ sortKey: string; continuous: boolean }>(select, [CURSOR])).rows;
  return row!.sortKey;
}

export type Follower = { stop(): Promise<void> };

/**
 * Runs followOnce every `pollMs` (1 s), at once again while rows are waiting. A failed step (the
 * database or the read model away) is logged when its reason changes and tried again at the next
 * poll; its transaction rolled back, so nothing is lost.
 */
export function startFollower(options: FollowerOptions & { pollMs?: number }): Follower {
  const { pollMs = 1000, log = logToStderr } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastProblem: string | undefined;
  const run = async () => {
    try {
      while (!stopped && (await followOnce(options)).more);
      if (lastProblem) log("notifier: following the activity again");
      lastProblem = undefined;
    } catch (error) {
      const problem = (error as { code?: string }).code === "42P01" ? "the read model is not there yet (the indexer's first backfill?)" : String(error instanceof Error ? error.message : error);
      if (problem !== lastProblem) log(`notifier: could not follow the activity: ${problem}; trying again every ${pollMs} ms`);
      lastProblem = problem;
    }
  };
  let running = run();
  const next = () => {
    if (!stopped) timer = setTimeout(() => void (running = run().then(next)), pollMs);
  };
  void running.then(next);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
