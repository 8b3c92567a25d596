/** Where I stand, on /me: my application, my roles, and the votes awaiting me. */
import { Link } from "@remix-run/react";
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import type { EvaluationSummary } from "../../models/evaluations.server";
import type { MemberDetail } from "../../models/members.server";
import { evaluationLabel, mean } from "../../ground/format";
import type { Viewer } from "../../utils/viewer";
import { ClientOnly } from "../client-only";
import { ItemList } from "../item-list";
import { AddressLink, ChapterLink } from "../links";
import { VoteForm } from "../roles/member/section";
import { HeldRoles, Roles } from "../role-list";

const DECISION_KEYS = { applied: "me.decision.applied", approved: "me.decision.approved", rejected: "me.decision.rejected" } as const;

/** The latest application: where to, who recommended it, and its decision. */
export function MyApplication({ application: a }: { application: MemberDetail["applications"][number] | undefined }) {
  const { t } = useI18n();
  if (!a) return <p className="muted">{t("me.notApplied")}</p>;
  return (
    <div className="my-application" data-status={a.status}>
      <p>
        <Trans
          t={t}
          i18nKey={a.decidedBy ? "me.applicationDecided" : "me.applicationTo"}
          values={{ block: a.appliedBlock, decidedBlock: a.decidedBlock, decision: t(DECISION_KEYS[a.status]) }}
          components={{ chapter: <ChapterLink id={a.chapterId} />, decision: <strong />, by: <AddressLink address={a.decidedBy} /> }}
        />
      </p>
      <p>
        {t("me.recommendedBy")}{" "}
        {a.recommenders.length === 0 ? (
          <span className="muted">{t("me.nobodyYet")}</span>
        ) : (
          a.recommenders.map((r) => (
            <span key={r}>
              <AddressLink address={r} />{" "}
            </span>
          ))
        )}
      </p>
    </div>
  );
}

/** Every role the viewer holds: chapter and party ones, the single-holder ones, and a party admin role to accept. */
export function MyRoles({ viewer }: { viewer: Viewer | null }) {
  const { t } = useI18n();
  if (!viewer) return <p className="muted">{t("member.noRoles")}</p>;
  return (
    <>
      <Roles of={viewer} empty={viewer.holds.length || viewer.proposedPartyAdmin ? null : <p className="muted">{t("member.noRoles")}</p>} />
      <HeldRoles holds={viewer.holds} />
      {viewer.proposedPartyAdmin ? (
        <p className="proposed-party-admin">
          <Trans t={t} i18nKey="me.proposedPartyAdmin" components={{ go: <Link to="/party" /> }} />
        </p>
      ) : null}
    </>
  );
}

/** The chapter's evaluations without my vote, each with the vote form. */
export function VotesAwaiting({ evaluations, inChapter }: { evaluations: EvaluationSummary[]; inChapter: boolean }) {
  const { t, language } = useI18n();
  if (!inChapter) return <p className="muted">{t("me.membersVote")}</p>;
  return (
    <ItemList items={evaluations} itemKey={(e) => e.id} empty={t("me.votedOnAll")}>
      {(e) => (
        <div className="awaiting-vote" data-evaluation={e.id}>
          <Link to={`/evaluations/${e.id}`}>{evaluationLabel(e, t)}</Link>
          {t("evaluation.tally", { count: e.voteCount, mean: mean(e.scoreSum, e.voteCount, language) })}{" "}
          <ClientOnly>
            <VoteForm evaluationId={e.id} />
          </ClientOnly>
        </div>
      )}
    </ItemList>
  );
}
