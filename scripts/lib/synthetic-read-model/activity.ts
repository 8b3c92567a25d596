/**
 * The synthetic read model's activity (scripts/lib/synthetic-read-model.ts): one row per event the
 * other steps stand for, from their temp tables, as the indexer's handlers write them; VoteCast
 * rows only for the newest `share` of the votes, to keep the table at a few hundred thousand rows.
 */
import { blocks, lit, LOG, PARTY_ADMIN, role, ts, type Sizes, type Step } from "./sql.js";

type Select = { block: string; kind: string; actor: string; subject: string; chapter: string; evaluation: string; info?: string; from: string };

/** One activity row per row of `select.from`: a step that inserts them with log index `log`. */
const activityOf =
  (step: Step, S: string) =>
  (what: string, log: number, select: Select) =>
    step(
      `activity: ${what}`,
      `insert into ${S}.activity (id, sort_key, block_number, block_hash, "timestamp", tx_hash, log_index, kind, actor, subject, chapter_id, evaluation_id, info_id)
         select block || '-${log}', block::numeric * 1048576 + ${log}, block, pg_temp.digest('block:' || block), ${ts("block")}, pg_temp.digest('tx:' || block), ${log},
           kind, actor, subject, chapter_id, evaluation_id, info_id
         from (select ${select.block} as block, ${select.kind} as kind, ${select.actor} as actor, ${select.subject} as subject,
                 ${select.chapter}::numeric as chapter_id, ${select.evaluation}::numeric as evaluation_id, ${select.info ?? "null"}::numeric as info_id
               from ${select.from}) a`,
    );

/** The activity of everything but the votes, the evaluations' rows and chapter removals. */
export async function loadActivity(step: Step, sizes: Sizes) {
  const { S, C } = sizes;
  const { B_CH, B_CC, B_LEAVE, B_PX, B_DEMOTE, B_EVAL } = blocks(sizes);
  const activity = activityOf(step, S);
  const chapterAdmin = role("chapterAdmin");
  await activity("RoleHolderSet", LOG.RoleHolderSet, {
    block: "n", kind: "'RoleHolderSet:' || role", actor: lit(PARTY_ADMIN), subject: "holder", chapter: "null", evaluation: "null", from: "t_role",
  });
  await activity("ChapterAdded", LOG.ChapterAdded, {
    block: `${B_CH} + id`, kind: "'ChapterAdded'", actor: chapterAdmin, subject: "null", chapter: "id", evaluation: "null", from: "t_chapter",
  });
  await activity("CentralCommitteeMemberSet", LOG.CentralCommitteeMemberSet, {
    block: `${B_CC} + chapter`, kind: "'CentralCommitteeMemberSet'", actor: chapterAdmin, subject: "account", chapter: "chapter", evaluation: "null", from: "t_cc",
  });
  await activity("Applied", LOG.Applied, {
    block: "applied_block", kind: "'Applied'", actor: "account", subject: "account", chapter: "chapter", evaluation: "null", from: "t_app",
  });
  await activity("Recommended", LOG.Recommended, {
    block: "block", kind: "'Recommended'", actor: "by", subject: "account", chapter: "chapter", evaluation: "null", from: "t_rec",
  });
  await activity("ApplicationApproved/Rejected", LOG.ApplicationDecided, {
    block: "applied_block + 5", kind: "case status when 'approved' then 'ApplicationApproved' else 'ApplicationRejected' end",
    actor: "decided_by", subject: "account", chapter: "chapter", evaluation: "null", from: "t_app where decided_by is not null",
  });
  await activity("JoinedChapter", LOG.JoinedChapter, {
    block: "applied_block + 5", kind: "'JoinedChapter'", actor: "decided_by", subject: "account", chapter: "chapter", evaluation: "null",
    from: "t_app where status = 'approved'",
  });
  await activity("JoinedParty", LOG.JoinedParty, {
    block: "b + 6", kind: "'JoinedParty'", actor: lit(PARTY_ADMIN), subject: "account", chapter: "null", evaluation: "null",
    from: "t_member where party_member",
  });
  await activity("LeftChapter/RemovedFromChapter", LOG.LeftOrRemoved, {
    block: `${B_LEAVE} + m.i`, kind: "case m.kind when 'left' then 'LeftChapter' else 'RemovedFromChapter' end",
    actor: `case m.kind when 'left' then m.account else coalesce(nullif(e.account, m.account), ${chapterAdmin}) end`,
    subject: "m.account", chapter: "m.chapter", evaluation: "null",
    from: "t_member m left join t_exec e on e.chapter = m.chapter and e.rn = 1 where m.kind in ('left', 'removed')",
  });
  await activity("ChapterExecutivePromoted", LOG.ChapterExecutivePromoted, {
    block: "promoted_block", kind: "'ChapterExecutivePromoted'", actor: chapterAdmin, subject: "account", chapter: "chapter", evaluation: "null", from: "t_exec",
  });
  await activity("ChapterExecutiveDemoted", LOG.ChapterExecutiveDemoted, {
    block: "demoted_block", kind: "'ChapterExecutiveDemoted'", actor: chapterAdmin, subject: "account", chapter: "chapter", evaluation: "null",
    from: "t_exec where demoted_block is not null",
  });
  await activity("PartyExecutivePromoted", LOG.PartyExecutivePromoted, {
    block: `${B_PX} + j`, kind: "'PartyExecutivePromoted'", actor: lit(PARTY_ADMIN), subject: "account", chapter: "null", evaluation: "null", from: "t_px",
  });
  await activity("PartyExecutiveDemoted", LOG.PartyExecutiveDemoted, {
    block: `${B_DEMOTE + C} + j`, kind: "'PartyExecutiveDemoted'", actor: lit(PARTY_ADMIN), subject: "account", chapter: "null", evaluation: "null",
    from: "t_px where not active",
  });
  await activity("EvaluationMinted", LOG.EvaluationMinted, {
    block: `${B_EVAL} + id * 4`, kind: "'EvaluationMinted'", actor: role("evaluationMinter"), subject: "null", chapter: "chapter", evaluation: "id", from: "t_eval",
  });
  await activity("PartyExecutiveScoreSet", LOG.PartyExecutiveScoreSet, {
    block: `${B_EVAL} + id * 4 + 2`, kind: "'PartyExecutiveScoreSet'", actor: "px_by", subject: "null", chapter: "chapter", evaluation: "id",
    from: "t_eval where px_score is not null",
  });
  await activity("InfoSent", LOG.InfoSent, {
    block: "block", kind: "'InfoSent'", actor: "sender", subject: "null", chapter: "null", evaluation: "null", info: "id", from: `${S}.info_messages`,
  });
}

/** VoteCast (the newest `share` of the votes, once they are in) and ChapterRemoved. */
export async function loadLastActivity(step: Step, sizes: Sizes) {
  const { S, V, share } = sizes;
  const { B_VOTE, B_CHREM } = blocks(sizes);
  const activity = activityOf(step, S);
  const chapterAdmin = role("chapterAdmin");
  await activity(`VoteCast (newest ${Math.round(share * 100)} %)`, LOG.VoteCast, {
    block: "v.block", kind: "'VoteCast'", actor: "v.voter", subject: "null", chapter: "e.chapter", evaluation: "v.evaluation_id",
    from: `${S}.votes v join t_eval e on e.id = v.evaluation_id where v.block > ${B_VOTE + Math.floor(V * (1 - share))}`,
  });
  await activity("ChapterRemoved", LOG.ChapterRemoved, {
    block: `${B_CHREM} + id`, kind: "'ChapterRemoved'", actor: chapterAdmin, subject: "null", chapter: "id", evaluation: "null",
    from: "t_chapter where removed",
  });
}
