/**
 * The synthetic read model's bulk load (scripts/lib/synthetic-read-model.ts): set-based SQL
 * (`INSERT … SELECT … FROM generate_series`) in the order its steps need. The order is also the
 * order of the seeded random() draws: the same order gives the same read model.
 */
import { LOCAL_WALLET } from "../../../abis/deployments.js";
import { loadActivity, loadLastActivity } from "./activity.js";
import { insertEvaluations, loadEvaluationsAndInfo, loadVotes } from "./evaluations.js";
import { insertChapters, loadExecutives, loadMembers } from "./people.js";
import { SYNTHETIC_LAST_EVENT, ts, type Sizes, type Step } from "./sql.js";

/**
 * `step` runs on the main connection (which owns the temp tables, t_evaluation_document and
 * t_info_document among them: id, cid, digest), `step2` on the second one.
 */
export async function loadSql(step: Step, step2: Step, sizes: Sizes) {
  const { S } = sizes;
  // Deterministic helpers, session-local (pg_temp): an address, a 32-byte hex digest from a label.
  await step(
    "helpers",
    `select setseed(0.4242);
     create function pg_temp.addr(label text) returns text language sql immutable as
       $$ select '0x' || substr(md5(label), 1, 32) || substr(md5(label || '#'), 1, 8) $$;
     create function pg_temp.digest(label text) returns text language sql immutable as
       $$ select '0x' || md5(label) || md5(label || '*') $$;`,
  );

  await loadMembers(step, sizes);
  // The votes load on the second connection meanwhile.
  const votesLoaded = loadVotes(step2, sizes);
  // Awaited below; until then a failure must not count as an unhandled rejection.
  votesLoaded.catch(() => undefined);
  await loadExecutives(step, sizes);
  await loadEvaluationsAndInfo(step, sizes);
  await insertChapters(step, sizes);
  await loadActivity(step, sizes);
  await votesLoaded;
  await insertEvaluations(step, sizes);
  await loadLastActivity(step, sizes);

  // Every account a passkey account of the local factory: one passkey each, a second for a third of them.
  const owner = (label: string) => `'${LOCAL_WALLET.webAuthnVerifier.toLowerCase()}' || substr(pg_temp.digest('qx:' || ${label}), 3) || substr(pg_temp.digest('qy:' || ${label}), 3)`;
  await step(
    "smart_accounts, account_owners",
    `insert into ${S}.smart_accounts (account, salt, created_block, created_at)
       select account, '0x${"00".repeat(32)}', b, ${ts("b")} from t_member;
     insert into ${S}.account_owners (account, owner, added_block, added_at)
       select account, ${owner("i")}, b, ${ts("b")} from t_member
       union all
       select account, ${owner("'second:' || i")}, b + 1, ${ts("b + 1")} from t_member where i % 3 = 0;`,
  );

  // The indexer's Party:setup handler created the row (all zero) before the load.
  await step("party_totals: the setup handler's row", `delete from ${S}.party_totals`);
  await step(
    "party_totals",
    `insert into ${S}.party_totals (id, chapter_count, member_count, party_member_count, pending_application_count,
         evaluation_count, vote_count, info_count, last_event)
       select 1,
         (select count(*) from ${S}.chapters where removed_block is null),
         (select count(*) from ${S}.members where status = 'member'),
         (select count(*) from ${S}.members where party_member),
         (select count(*) from ${S}.applications where status = 'applied'),
         (select count(*) from ${S}.evaluations),
         (select count(*) from ${S}.votes),
         (select count(*) from ${S}.info_messages),
         '${SYNTHETIC_LAST_EVENT}'`,
  );
}