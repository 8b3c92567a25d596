/**
 * The synthetic read model's people (scripts/lib/synthetic-read-model.ts): role holders, chapters,
 * accounts with their memberships, applications with recommendations, chapter and party
 * executives. Its temp tables (t_role, t_chapter, t_member, t_cm, t_exec, t_px, t_app, t_rec, …)
 * say who is who for the later steps (evaluations.ts, activity.ts).
 */
import { blocks, lit, LOG, PARTY_ADMIN, role, textArray, ts, type Sizes, type Step } from "./sql.js";

const CITIES = [
  "Berlin", "Hamburg", "München", "Köln", "Frankfurt", "Stuttgart", "Düsseldorf", "Leipzig", "Dortmund", "Essen",
  "Bremen", "Dresden", "Hannover", "Nürnberg", "Duisburg", "Bochum", "Wuppertal", "Bielefeld", "Bonn", "Münster",
  "Wien", "Graz", "Linz", "Zürich", "Basel", "Bern", "Lyon", "Paris", "Marseille", "Lille",
  "Amsterdam", "Rotterdam", "Utrecht", "Bruxelles", "Antwerpen", "København", "Malmö", "Oslo", "Kraków", "Praha",
];

/** Role holders, chapters (their counters: insertChapters), accounts, applications, recommendations and members. */
export async function loadMembers(step: Step, sizes: Sizes) {
  const { S, C, M, PX } = sizes;
  const { B_MEM, B_EXEC, B_DEMOTE } = blocks(sizes);
  // Role holders.
  const roles = ["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"];
  await step(
    "role_holders",
    `create temp table t_role as
       select r.role, case when r.role = 'partyAdmin' then ${lit(PARTY_ADMIN)} else pg_temp.addr('role:' || r.role) end as holder,
         r.n::int as n
       from unnest(${textArray(roles)}) with ordinality as r(role, n);
     insert into ${S}.role_holders (role, holder, by, block, "timestamp")
       select role, holder, ${lit(PARTY_ADMIN)}, n, ${ts("n")} from t_role;`,
  );

  // Chapters (counters filled in at the end). The last 1 % of even hundreds are removed.
  await step(
    "t_chapter",
    `create temp table t_chapter as
       select id, (id % 100 = 0 and id > ${C} / 2) as removed, 1 + (id % 3) as n_exec,
         case when id % 97 = 13 then null
           else (${textArray(CITIES)})[1 + (id - 1) % ${CITIES.length}] || case when id > ${CITIES.length} then ' ' || (1 + (id - 1) / ${CITIES.length}) else '' end
         end as name
       from generate_series(1, ${C}) id;
     alter table t_chapter add primary key (id); analyze t_chapter;`,
  );

  // Accounts: status, chapter (skewed: u^3), kind of history.
  await step(
    "t_member",
    `create temp table t_member as
       with s as (
         select i, random() u1, random() u2, random() u3 from generate_series(1, ${M}) i
       ), k as (
         select i, u3,
           case when u1 < 0.87 then 'member' when u1 < 0.92 then 'left' when u1 < 0.95 then 'removed'
             when u3 < 0.5 then 'pending' when u3 < 0.75 then 'rejected' else 'partyonly' end as kind,
           1 + least(${C} - 1, floor(${C} * power(u2, 3))::int) as chapter0
         from s
       )
       select i, pg_temp.addr('member:' || i) as account, ${B_MEM} + i * 10 as b,
         case when kind = 'member' and c.removed then 'removed' else kind end as kind,
         -- applicants apply to a chapter that exists
         case when c.removed and kind = 'pending' then chapter0 - 1 else chapter0 end as chapter,
         case kind when 'member' then u3 < 0.7 when 'left' then u3 < 0.3 when 'partyonly' then true else u3 < 0.15 end as party_member
       from k join t_chapter c on c.id = k.chapter0;
     alter table t_member add primary key (i); analyze t_member;`,
  );

  // Current members, ranked per chapter (oldest first) and globally (by account), for picking
  // executives, recommenders and voters.
  await step(
    "t_cm",
    `create temp table t_cm as
       select chapter, row_number() over (partition by chapter order by i) as rn, account, i
       from t_member where kind = 'member';
     alter table t_cm add primary key (chapter, rn); analyze t_cm;
     create temp table t_csize as select chapter, count(*)::int as n from t_cm group by chapter;
     alter table t_csize add primary key (chapter); analyze t_csize;
     create temp table t_voter as select (row_number() over (order by account) - 1)::int as ord, account, i from t_cm;
     alter table t_voter add primary key (ord); analyze t_voter;`,
  );

  // Chapter executives: ranks 1..n_exec active; every tenth chapter also has a demoted one.
  await step(
    "t_exec",
    `create temp table t_exec as
       select c.id as chapter, cm.account, cm.rn, cm.rn <= c.n_exec as active,
         ${B_EXEC} + c.id * 5 + cm.rn as promoted_block,
         case when cm.rn > c.n_exec then ${B_DEMOTE} + c.id end as demoted_block
       from t_chapter c join t_cm cm on cm.chapter = c.id
       where cm.rn <= c.n_exec + case when c.id % 10 = 0 then 1 else 0 end;
     analyze t_exec;
     create temp table t_cc as
       select c.id as chapter, coalesce(cc.account, first.account) as account
       from t_chapter c
       join t_cm first on first.chapter = c.id and first.rn = 1
       left join t_cm cc on cc.chapter = c.id and cc.rn = c.n_exec + 2;`,
  );

  // Party executives: spread over current members; every fifth one demoted.
  await step(
    "t_px",
    `create temp table t_px as
       select j, v.account, j % 5 <> 4 as active
       from generate_series(0, least(${PX}, (select count(*) from t_voter)::int) - 1) j
       join t_voter v on v.ord = j * greatest(1, (select count(*) from t_voter)::int / ${PX});
     create temp table t_px_active as select row_number() over (order by j) - 1 as n, account from t_px where active;`,
  );

  // Applications: an approved one behind every membership (also for former members), pending
  // and rejected ones for the rest; decided by the chapter's first executive.
  await step(
    "t_app",
    `create temp table t_app as
       select m.b || '-${LOG.Applied}' as id, m.i, m.account, m.chapter, m.kind, m.b as applied_block,
         case m.kind when 'pending' then 'applied' when 'rejected' then 'rejected' else 'approved' end as status,
         case m.kind when 'pending' then m.i % 4 when 'rejected' then m.i % 2 else 1 + m.i % 2 end as n_rec,
         case when m.kind = 'pending' then null
           else coalesce(nullif(e.account, m.account), ${role("chapterAdmin")}) end as decided_by
       from t_member m
       left join t_exec e on e.chapter = m.chapter and e.rn = 1
       where m.kind <> 'partyonly';
     alter table t_app add primary key (id); analyze t_app;`,
  );
  await step(
    "t_rec",
    `create temp table t_rec as
       select distinct on (a.id, cm.account)
         (a.applied_block + 1 + k) || '-${LOG.Recommended}' as id, a.id as application_id, a.account, a.chapter,
         cm.account as by, a.applied_block + 1 + k as block
       from t_app a
       cross join lateral generate_series(0, a.n_rec - 1) k
       join t_csize s on s.chapter = a.chapter
       join t_cm cm on cm.chapter = a.chapter and cm.rn = 1 + (a.i * 31 + k * 7919) % s.n
       where cm.account <> a.account
       order by a.id, cm.account, k;
     create index on t_rec (application_id, block); analyze t_rec;`,
  );

  await step(
    "recommendations",
    `insert into ${S}.recommendations (id, application_id, account, chapter_id, by, block, "timestamp")
       select id, application_id, account, chapter, by, block, ${ts("block")} from t_rec`,
  );
  await step(
    "applications",
    `insert into ${S}.applications
       (id, account, chapter_id, status, recommenders, applied_block, applied_at, decided_by, decided_block, decided_at)
       select a.id, a.account, a.chapter, a.status::${S}.application_status,
         coalesce(r.recommenders, '{}'), a.applied_block, ${ts("a.applied_block")}, a.decided_by,
         case when a.decided_by is not null then a.applied_block + 5 end,
         case when a.decided_by is not null then ${ts("a.applied_block + 5")} end
       from t_app a
       left join (select application_id, array_agg(by order by block) as recommenders from t_rec group by application_id) r
         on r.application_id = a.id`,
  );
  await step(
    "members",
    `insert into ${S}.members (account, chapter_id, status, joined_block, joined_at, party_member, party_executive,
         executive_of, pending_application_id, first_seen_block)
       select m.account,
         case when m.kind in ('member', 'left', 'removed') then m.chapter end,
         (case when m.kind in ('member', 'left', 'removed') then m.kind else 'none' end)::${S}.member_status,
         case when m.kind in ('member', 'left', 'removed') then m.b + 5 end,
         case when m.kind in ('member', 'left', 'removed') then ${ts("m.b + 5")} end,
         m.party_member, coalesce(px.active, false), e.chapter,
         case when m.kind = 'pending' then m.b || '-${LOG.Applied}' end,
         case when m.kind = 'partyonly' then m.b + 6 else m.b end
       from t_member m
       left join t_exec e on e.account = m.account and e.active
       left join t_px px on px.account = m.account`,
  );
}

/** Chapter executives, party executives and their history. */
export async function loadExecutives(step: Step, sizes: Sizes) {
  const { S, C } = sizes;
  const { B_PX, B_DEMOTE } = blocks(sizes);
  await step(
    "chapter_executives",
    `insert into ${S}.chapter_executives (account, chapter_id, active, promoted_by, promoted_block, demoted_by, demoted_block)
       select account, chapter, active, ${role("chapterAdmin")}, promoted_block,
         case when demoted_block is not null then ${role("chapterAdmin")} end, demoted_block
       from t_exec`,
  );
  await step(
    "party_executives",
    `insert into ${S}.party_executives (account, active, promoted_by, promoted_block, demoted_by, demoted_block)
       select account, active, ${lit(PARTY_ADMIN)}, ${B_PX} + j,
         case when not active then ${lit(PARTY_ADMIN)} end, case when not active then ${B_DEMOTE + C} + j end
       from t_px`,
  );
  await step(
    "executive_history",
    `insert into ${S}.executive_history (id, account, chapter_id, action, by, block, "timestamp")
       select block || '-' || log_index, account, chapter, action::${S}.executive_action, by, block, ${ts("block")}
       from (
         select account, chapter, 'promoted' as action, ${role("chapterAdmin")} as by, promoted_block as block, ${LOG.ChapterExecutivePromoted} as log_index from t_exec
         union all
         select account, chapter, 'demoted', ${role("chapterAdmin")}, demoted_block, ${LOG.ChapterExecutiveDemoted} from t_exec where demoted_block is not null
         union all
         select account, null, 'promoted', ${lit(PARTY_ADMIN)}, ${B_PX} + j, ${LOG.PartyExecutivePromoted} from t_px
         union all
         select account, null, 'demoted', ${lit(PARTY_ADMIN)}, ${B_DEMOTE + C} + j, ${LOG.PartyExecutiveDemoted} from t_px where not active
       ) h`,
  );
}

/** The chapters with their counters, once the evaluations are placed (t_eval, evaluations.ts). */
export async function insertChapters(step: Step, sizes: Sizes) {
  const { S } = sizes;
  const { B_CH, B_CHREM } = blocks(sizes);
  await step(
    "chapters",
    `insert into ${S}.chapters (id, location, location_text, x, y, member_count, executive_count, pending_application_count,
         evaluation_count, central_committee_member, added_block, added_at, removed_block)
       select c.id,
         case when c.name is null then pg_temp.digest('location:' || c.id)
           else '0x' || rpad(encode(convert_to(c.name, 'UTF8'), 'hex'), 64, '0') end,
         c.name, (c.id * 7919) % 65536, (c.id * 104729) % 65536,
         coalesce(m.n, 0), coalesce(x.n, 0), coalesce(p.n, 0), coalesce(ev.n, 0), cc.account,
         ${B_CH} + c.id, ${ts(`${B_CH} + c.id`)}, case when c.removed then ${B_CHREM} + c.id end
       from t_chapter c
       left join t_csize m on m.chapter = c.id
       left join (select chapter, count(*)::int as n from t_exec where active group by chapter) x on x.chapter = c.id
       left join (select chapter, count(*)::int as n from t_app where status = 'applied' group by chapter) p on p.chapter = c.id
       left join (select chapter, count(*)::int as n from t_eval group by chapter) ev on ev.chapter = c.id
       left join t_cc cc on cc.chapter = c.id`,
  );
}
