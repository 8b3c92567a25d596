import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { ActivityList } from "../components/activity-list";
import { ChapterMap } from "../components/chapter-map";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ApplicationsTable } from "../components/applications-table";
import { AddressLink, NextPage } from "../components/links";
import { getChapter, getChapterMembers } from "../models/chapters.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { chapterLabel, formatTime, mean, shortAddress } from "../utils/format";
import { invariantResponse, parseAddress, parseChapterId, parseLimit } from "../utils/http.server";
import { pendingText } from "../utils/pending-text";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${chapterLabel(data.chapter)} · Party` : "Chapter · Party" },
];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseChapterId(params.chapterId);
  const url = new URL(request.url);
  const limit = parseLimit(url.searchParams.get("limit"), { fallback: 50, max: 200 });
  const afterRaw = url.searchParams.get("after");
  const after = afterRaw === null ? undefined : parseAddress(afterRaw, "after");

  const chapterQuery = getChapter(id);
  const [chapter, members, pending] = await Promise.all([
    chapterQuery,
    getChapterMembers({ chapterId: id, after, limit: limit + 1 }),
    // Operations on their way about this chapter or its applicants (applications, recommendations, decisions).
    chapterQuery.then((c) => (c ? pendingOperationsFor({ chapterId: id, accounts: c.pendingApplications.map((a) => a.account) }) : [])),
  ]);
  invariantResponse(chapter, `Chapter ${id} does not exist`, { status: 404 });
  const page = members.slice(0, limit);
  return { chapter, members: page, next: members.length > limit ? page[page.length - 1]!.account : null, pending };
}

/** Write buttons and the pending-operation watcher: fetched after hydration, never in the initial JavaScript. */
const OperationButton = lazy(() => import("../components/wallet/operation-button.client").then((m) => ({ default: m.OperationButton })));
const RecommendForm = lazy(() => import("../components/wallet/operation-button.client").then((m) => ({ default: m.RecommendForm })));
const PendingWatcher = lazy(() => import("../components/wallet/pending-watcher.client").then((m) => ({ default: m.PendingWatcher })));
const noSubscription = () => () => undefined;
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

export default function Chapter() {
  const { chapter, members, next, pending } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <>
      <h1>{chapterLabel(chapter)}</h1>
      {chapter.removedBlock ? <p className="muted">Removed at block {chapter.removedBlock}.</p> : null}
      {hydrated && !chapter.removedBlock ? (
        <Suspense fallback={null}>
          <p className="chapter-actions">
            <OperationButton operation="applyForChapterMembership" args={{ chapterId: chapter.id }}>
              Apply to this chapter
            </OperationButton>
          </p>
          <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
        </Suspense>
      ) : null}
      <div className="grid">
        <dl className="facts card">
          <dt>Chapter id</dt>
          <dd>{chapter.id}</dd>
          <dt>Location</dt>
          <dd>
            {chapter.locationText ?? <code>{chapter.location}</code>}
          </dd>
          <dt>Map position</dt>
          <dd>
            {chapter.x}, {chapter.y}
          </dd>
          <dt>Members</dt>
          <dd>{chapter.memberCount}</dd>
          <dt>Central committee</dt>
          <dd>
            <AddressLink address={chapter.centralCommitteeMember} />
          </dd>
          <dt>Added</dt>
          <dd>
            block {chapter.addedBlock}, {formatTime(chapter.addedAt)}
          </dd>
          <dt>Exports</dt>
          <dd>
            <a href={`/chapters/${chapter.id}/roster.csv`} download>
              Roster (CSV)
            </a>
          </dd>
        </dl>
        <ChapterMap chapters={[chapter]} />
      </div>

      <h2>Executives ({chapter.executiveCount})</h2>
      {chapter.executives.length === 0 ? (
        <p className="muted">No executives.</p>
      ) : (
        <ul>
          {chapter.executives.map((e) => (
            <li key={e.account}>
              <AddressLink address={e.account} /> <span className="muted">since block {e.promotedBlock}</span>
            </li>
          ))}
        </ul>
      )}

      <h2>
        Pending applications ({chapter.pendingApplicationCount}){" "}
        <Link to={`/chapters/${chapter.id}/applications`} className="muted">
          review queue
        </Link>
      </h2>
      <PendingList pending={pending} />
      <ApplicationsTable applications={chapter.pendingApplications} />
      {chapter.pendingApplicationCount > chapter.pendingApplications.length ? (
        <p className="muted more">
          The first {chapter.pendingApplications.length} of {chapter.pendingApplicationCount}:{" "}
          <Link to={`/chapters/${chapter.id}/applications`}>all of them in the review queue</Link>
        </p>
      ) : null}
      {hydrated && chapter.pendingApplications.length > 0 ? (
        <Suspense fallback={null}>
          <RecommendForm applicants={chapter.pendingApplications.map((a) => a.account)} />
        </Suspense>
      ) : null}

      <h2>Members</h2>
      <table>
        <thead>
          <tr>
            <th>Account</th>
            <th>Joined</th>
            <th>Role</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.account}>
              <td>
                <AddressLink address={m.account} />
              </td>
              <td>
                block {m.joinedBlock}, {formatTime(m.joinedAt)}
              </td>
              <td>{m.executive ? "executive" : "member"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <NextPage param="after" cursor={next} />

      <h2>Evaluations ({chapter.evaluationCount})</h2>
      {chapter.evaluations.length === 0 ? (
        <p className="muted">No evaluations.</p>
      ) : (
        <ul>
          {chapter.evaluations.map((e) => (
            <li key={e.id}>
              <Link to={`/evaluations/${e.id}`}>Evaluation {e.id}</Link>: {e.voteCount} votes, mean {mean(e.scoreSum, e.voteCount)}
            </li>
          ))}
        </ul>
      )}
      {chapter.evaluationCount > chapter.evaluations.length ? (
        <p className="muted more">
          The latest {chapter.evaluations.length} of {chapter.evaluationCount}:{" "}
          <Link to={`/evaluations?chapter=${chapter.id}`}>all evaluations of this chapter</Link>
        </p>
      ) : null}

      <h2>Recent activity</h2>
      <ActivityList rows={chapter.activity} />
    </>
  );
}

/** Operations sent but not yet in the read model: the applicant they are about, and who sent them. */
function PendingList({ pending }: { pending: ReturnType<typeof useLoaderData<typeof loader>>["pending"] }) {
  if (pending.length === 0) return null;
  return (
    <ul className="pending-operations">
      {pending.map((p) => {
        const about = p.subject.account ?? p.subject.accounts?.[0] ?? p.sender;
        return (
          <li key={p.userOpHash} data-operation={p.operation} data-account={about} data-status={p.status}>
            <span className="pending-badge">{pendingText(p)}</span> {shortAddress(about)}
            <span className="muted">
              {" "}
              · sent by {shortAddress(p.sender)}, {p.status}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
