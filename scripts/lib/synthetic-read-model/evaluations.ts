/**
 * The synthetic read model's evaluations, votes and info messages (scripts/lib/synthetic-read-model.ts),
 * naming the documents' CIDs and digests of the temp tables t_evaluation_document and
 * t_info_document.
 */
import { blocks, role, textArray, ts, type Sizes, type Step } from "./sql.js";

const INFO_EVENTS = ["Statement", "GeneralAssembly", "Minutes", "Election", "Budget", "Congress"];

/**
 * The votes, on the second connection while the main one goes on (its own voter list, from the
 * members just inserted: the current members in account order). Vote k goes to evaluation
 * 1 + floor(E * ((k - 0.5) / V)^2), so evaluation 1 gets ~V/sqrt(E) votes and the newest ~V/(2E);
 * within an evaluation the voters are consecutive members in account order, hence unique.
 */
export async function loadVotes(step2: Step, sizes: Sizes) {
  const { S, E, V } = sizes;
  const { B_VOTE } = blocks(sizes);
  await step2(
    "t_voter (second connection)",
    `select setseed(0.4343);
     create temp table t_voter as
       select (row_number() over (order by account) - 1)::int as ord, account from ${S}.members where status = 'member';
     alter table t_voter add primary key (ord); analyze t_voter;`,
  );
  await step2(
    "votes (second connection)",
    `insert into ${S}.votes (evaluation_id, voter, score, block, "timestamp")
       select g.e, v.account,
         least(127, greatest(-128, round(((g.e * 37) % 160) - 60 + 90 * (random() + random() + random() - 1.5))))::int,
         ${B_VOTE} + g.k, ${ts(`${B_VOTE} + g.k`)}
       from (
         select k, least(${E}, 1 + floor(${E} * power((k - 0.5)::float8 / ${V}, 2))::int) as e from generate_series(1, ${V}) k
       ) g
       join t_voter v on v.ord = (g.e::bigint * 7919 + g.k) % (select count(*) from t_voter)`,
  );
}

/** Which chapter each evaluation is of (t_eval; the rows once the votes are in), and the info messages. */
export async function loadEvaluationsAndInfo(step: Step, sizes: Sizes) {
  const { S, C, E } = sizes;
  const { B_INFO } = blocks(sizes);
  // Evaluations in chapters that exist (their counters once the votes are in).
  await step(
    "t_eval",
    `create temp table t_eval as
       select e.id, case when c.removed then c.id - 1 else c.id end as chapter,
         case when e.id % 3 = 0 then ((e.id * 53) % 256) - 128 end as px_score,
         case when e.id % 3 = 0 then (select account from t_px_active where n = e.id % greatest(1, (select count(*) from t_px_active))) end as px_by
       from (select id, 1 + least(${C} - 1, floor(${C} * power(random(), 2))::int) as chapter0 from generate_series(1, ${E}) id) e
       join t_chapter c on c.id = e.chapter0;
     alter table t_eval add primary key (id); analyze t_eval;`,
  );
  await step(
    "info_messages",
    `insert into ${S}.info_messages (id, event_name, info_type, hash_code, hash_size, hash_digest, cid, sender, block, "timestamp")
       select id, (${textArray(INFO_EVENTS)})[1 + least(${INFO_EVENTS.length - 1}, floor(${INFO_EVENTS.length} * power(random(), 1.8))::int)],
         floor(random() * 8)::int, 18, 32, digest, cid,
         case when id % 10 = 0 then coalesce((select account from t_px_active where n = id % greatest(1, (select count(*) from t_px_active))), ${role("infoSender")})
           else ${role("infoSender")} end,
         ${B_INFO} + id * 2, ${ts(`${B_INFO} + id * 2`)}
       from t_info_document order by id`,
  );
}

/** The evaluations with their vote counters and score sums, once the votes are in. */
export async function insertEvaluations(step: Step, sizes: Sizes) {
  const { S } = sizes;
  const { B_EVAL } = blocks(sizes);
  await step(
    "evaluations",
    `insert into ${S}.evaluations (id, chapter_id, hash_code, hash_size, hash_digest, cid, vote_count, score_sum,
         party_executive_score, party_executive_scored_by, minted_by, block, "timestamp")
       select e.id, e.chapter, 18, 32, d.digest, d.cid,
         coalesce(v.n, 0), coalesce(v.score_sum, 0), e.px_score, e.px_by, ${role("evaluationMinter")},
         ${B_EVAL} + e.id * 4, ${ts(`${B_EVAL} + e.id * 4`)}
       from t_eval e
       join t_evaluation_document d on d.id = e.id
       left join (select evaluation_id, count(*)::int as n, sum(score)::int as score_sum from ${S}.votes group by evaluation_id) v
         on v.evaluation_id = e.id`,
  );
}
