/**
 * bench:notify's data, on a synthetic read model (scripts/lib/synthetic-read-model.ts) of one
 * chapter: `recipients` of its members linked to Telegram (chats 1 … N) who chose evaluations on
 * /me, the read model's head put past every synthetic row (so the notifier's first step starts
 * after them), and then, when the bench says so, the one new evaluation of that chapter as the
 * indexer would record it: its activity row.
 */
import type pg from "pg";

export type BenchRecipients = { chapterId: string; headBlock: bigint };

/** Links the chapter's first `recipients` members and opts them in; throws when it has fewer. */
export async function prepareRecipients(client: pg.Client, { schema, recipients }: { schema: string; recipients: number }): Promise<BenchRecipients> {
  const S = `"${schema}"`;
  const { rows: chapters } = await client.query<{ id: string; members: number }>(
    `select chapter_id::text as id, count(*)::int as members from ${S}.members where status = 'member' group by chapter_id order by members desc limit 1`,
  );
  const chapter = chapters[0];
  if (!chapter || chapter.members < recipients) throw new Error(`the synthetic chapter has ${chapter?.members ?? 0} members, fewer than ${recipients} recipients`);
  await client.query(
    `insert into app.telegram_links (address, telegram_id, username, auth_date)
     select account, row_number() over (order by account), 'member' || row_number() over (order by account), 0
     from (select account from ${S}.members where chapter_id = $1 and status = 'member' order by account limit $2) m`,
    [chapter.id, recipients],
  );
  await client.query(`insert into app.notification_settings (address, kinds) select lower(address), array['evaluation'] from app.telegram_links`);

  // Ponder's checkpoint says how far the read model is; the notifier tells rows at or below it.
  const { rows } = await client.query<{ block: string }>(`select (max(block_number) + 10)::text as block from ${S}.activity`);
  const headBlock = BigInt(rows[0]!.block);
  await client.query(`update ${S}._ponder_checkpoint set latest_checkpoint = overlay(latest_checkpoint placing lpad($1, 16, '0') from 27 for 16)`, [
    headBlock.toString(),
  ]);
  return { chapterId: chapter.id, headBlock };
}

/** The evaluation's activity row at the head block, as the indexer writes it (Ponder's own triggers off: the indexer is not running). */
export async function mintEvaluation(client: pg.Client, { schema, chapterId, headBlock }: { schema: string } & BenchRecipients): Promise<string> {
  const S = `"${schema}"`;
  const logIndex = 0;
  const id = `${headBlock}-${logIndex}`;
  await client.query("begin");
  await client.query(`alter table ${S}.activity disable trigger all`);
  await client.query(
    `insert into ${S}.activity (id, sort_key, block_number, block_hash, "timestamp", tx_hash, log_index, kind, actor, subject, chapter_id, evaluation_id)
     values ($1, $2::numeric * 1048576 + $3, $2, $4, extract(epoch from now())::bigint, $5, $3, 'EvaluationMinted', $7, null, $6,
       (select coalesce(max(id), 0) + 1 from ${S}.evaluations))`,
    // The minter: someone who is not a recipient (nobody is told what they did themselves).
    [id, headBlock.toString(), logIndex, `0x${"b".repeat(64)}`, `0x${"c".repeat(64)}`, chapterId, `0x${"e".repeat(40)}`],
  );
  await client.query(`alter table ${S}.activity enable trigger all`);
  await client.query("commit");
  return id;
}
