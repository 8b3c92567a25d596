/** The sections of /me that are more than a list: my application, my roles, and the votes awaiting me. */
import { Link } from "@remix-run/react";
import type { EvaluationSummary } from "../../models/evaluations.server";
import type { MemberDetail } from "../../models/members.server";
import { mean } from "../../utils/format";
import { HELD_ROLE_LABEL, type Viewer } from "../../utils/viewer";
import { ClientOnly, VoteForm } from "../client-only";
import { ItemList } from "../item-list";
import { AddressLink, ChapterLink } from "../links";
import { Roles } from "../roles";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const DECISION_TEXT = { applied: "awaiting a decision", approved: "approved", rejected: "rejected" } as const;

/** The latest application: where to, who recommended it, and its decision. */
export function MyApplication({ application: a }: { application: MemberDetail["applications"][number] | undefined }) {
  if (!a) return <p className="muted">You have not applied to a chapter.</p>;
  return (
    <div className="my-application" data-status={a.status}>
      <p>
        To <ChapterLink id={a.chapterId} /> at block {a.appliedBlock}: <strong>{DECISION_TEXT[a.status]}</strong>
        {a.decidedBy ? (
          <>
            {" "}
            by <AddressLink address={a.decidedBy} /> at block {a.decidedBlock}
          </>
        ) : null}
        .
      </p>
      <p>
        Recommended by:{" "}
        {a.recommenders.length === 0 ? (
          <span className="muted">nobody yet</span>
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
  if (!viewer) return <p className="muted">No roles.</p>;
  const held = viewer.holds.map((role) => (
    <li key={role} data-role={role}>
      {capitalize(HELD_ROLE_LABEL[role])}
    </li>
  ));
  return (
    <>
      <Roles of={viewer} empty={held.length || viewer.proposedPartyAdmin ? null : <p className="muted">No roles.</p>} />
      {held.length ? <ul className="roles held-roles">{held}</ul> : null}
      {viewer.proposedPartyAdmin ? (
        <p className="proposed-party-admin">
          You are proposed as the next party admin: <Link to="/party">accept it on the party page</Link>.
        </p>
      ) : null}
    </>
  );
}

/** The chapter's evaluations without my vote, each with the vote form. */
export function VotesAwaiting({ evaluations, inChapter }: { evaluations: EvaluationSummary[]; inChapter: boolean }) {
  if (!inChapter) return <p className="muted">Members vote on their chapter&apos;s evaluations.</p>;
  return (
    <ItemList items={evaluations} itemKey={(e) => e.id} empty="None: you have voted on every evaluation of your chapter.">
      {(e) => (
        <div className="awaiting-vote" data-evaluation={e.id}>
          <Link to={`/evaluations/${e.id}`}>Evaluation {e.id}</Link>: {e.voteCount} votes, mean {mean(e.scoreSum, e.voteCount)}{" "}
          <ClientOnly>
            <VoteForm evaluationId={e.id} />
          </ClientOnly>
        </div>
      )}
    </ItemList>
  );
}
