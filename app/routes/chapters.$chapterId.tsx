import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "../components/activity-list";
import { ApplicationsTable } from "../components/applications-table";
import { ChapterMap } from "../components/chapter-map";
import { ClientOnly, OperationButton, PendingWatcher, RecommendForm } from "../components/client-only";
import { DataTable, type Column } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ExportFact, Fact, Facts } from "../components/facts";
import { ItemList } from "../components/item-list";
import { AddressLink, NextPage, RowLink } from "../components/links";
import { PendingList } from "../components/pending-list";
import { ChapterAdminSection } from "../components/screens/chapter-admin";
import { ChapterVerification } from "../components/screens/chapter-verification";
import { removeMemberColumns } from "../components/screens/chapter-executive";
import { Controls } from "../components/screens/controls";
import { ChapterExecutiveControls } from "../components/screens/party";
import { getChapter, getChapterMembers, type ChapterMemberRow } from "../models/chapters.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { chapterLabel, formatTime, mean, shortAddress } from "../utils/format";
import { invariantResponse, parseAddress, parseChapterId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { pageTag, type PageTagsHandle } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";
import { isMemberOf, useViewer } from "../utils/viewer";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = {
  // The pending applicants too: an operation about one of them shows on this page.
  pageTags: ({ chapter }) => [pageTag.chapter(chapter.id), ...chapter.pendingApplications.map((a) => pageTag.account(a.account))],
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${chapterLabel(data.chapter)} · Party` : "Chapter · Party" },
];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseChapterId(params.chapterId);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", (raw) => parseAddress(raw, "after"));
  canonicalUrl(request, `/chapters/${id}`, { after: after?.toLowerCase(), limit: limitParam(limit) });

  const chapterQuery = getChapter(id);
  const [chapter, members, pending] = await Promise.all([
    chapterQuery,
    getChapterMembers({ chapterId: id, after, limit: limit + 1 }),
    // Operations on their way about this chapter or its applicants (applications, recommendations, decisions).
    chapterQuery.then((c) => (c ? pendingOperationsFor({ chapterId: id, accounts: c.pendingApplications.map((a) => a.account) }) : [])),
  ]);
  invariantResponse(chapter, `Chapter ${id} does not exist`, { status: 404 });
  const { page, next } = pageOf(members, limit, (m) => m.account);
  return { chapter, members: page, next, pending };
}

const MEMBER_COLUMNS: Column<ChapterMemberRow>[] = [
  { title: "Account", cell: (m) => <AddressLink address={m.account} /> },
  { title: "Joined", cell: (m) => <>block {m.joinedBlock}, {formatTime(m.joinedAt)}</> },
  { title: "Role", cell: (m) => (m.executive ? "executive" : "member") },
];

export default function Chapter() {
  const { chapter, members, next, pending } = useLoaderData<typeof loader>();
  // Hints (the contract decides): Apply for an account in no chapter and with no application waiting.
  const viewer = useViewer();
  const mayApply = !!viewer && viewer.status !== "member" && !viewer.pendingApplicationChapterId;
  return (
    <>
      <h1>{chapterLabel(chapter)}</h1>
      {chapter.removedBlock ? <p className="muted">Removed at block {chapter.removedBlock}.</p> : null}
      {!chapter.removedBlock ? (
        <ClientOnly>
          <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
        </ClientOnly>
      ) : null}
      {!chapter.removedBlock && mayApply ? (
        <p className="chapter-actions">
          <Controls name="apply">
            <OperationButton operation="applyForChapterMembership" args={{ chapterId: chapter.id }}>
              Apply to this chapter
            </OperationButton>
          </Controls>
        </p>
      ) : null}
      <div className="grid">
        <Facts className="card">
          <Fact term="Chapter id">{chapter.id}</Fact>
          <Fact term="Location">{chapter.locationText ?? <code>{chapter.location}</code>}</Fact>
          <Fact term="Map position">
            {chapter.x}, {chapter.y}
          </Fact>
          <Fact term="Members">{chapter.memberCount}</Fact>
          <Fact term="Central committee">
            <AddressLink address={chapter.centralCommitteeMember} />
          </Fact>
          <Fact term="Added">
            block {chapter.addedBlock}, {formatTime(chapter.addedAt)}
          </Fact>
          <ExportFact href={`/chapters/${chapter.id}/roster.csv`}>Roster (CSV)</ExportFact>
        </Facts>
        <ChapterMap chapters={[chapter]} />
      </div>

      <h2>Executives ({chapter.executiveCount})</h2>
      <ItemList items={chapter.executives} itemKey={(e) => e.account} empty="No executives.">
        {(e) => (
          <>
            <AddressLink address={e.account} /> <span className="muted">since block {e.promotedBlock}</span>
          </>
        )}
      </ItemList>
      <ChapterExecutiveControls chapter={chapter} members={members} />

      <h2>
        Pending applications ({chapter.pendingApplicationCount}){" "}
        <Link to={`/chapters/${chapter.id}/applications`} className="muted">
          review queue
        </Link>
      </h2>
      <PendingList pending={pending} about={about}>
        {(p) => (
          <>
            {" "}
            {shortAddress(about(p))}
            <span className="muted">
              {" "}
              · sent by {shortAddress(p.sender)}, {p.status}
            </span>
          </>
        )}
      </PendingList>
      <ApplicationsTable applications={chapter.pendingApplications} />
      {chapter.pendingApplicationCount > chapter.pendingApplications.length ? (
        <p className="muted more">
          The first {chapter.pendingApplications.length} of {chapter.pendingApplicationCount}:{" "}
          <Link to={`/chapters/${chapter.id}/applications`}>all of them in the review queue</Link>
        </p>
      ) : null}
      {chapter.pendingApplications.length > 0 && isMemberOf(viewer, chapter.id) ? (
        <Controls name="recommend">
          <RecommendForm applicants={chapter.pendingApplications.map((a) => a.account)} />
        </Controls>
      ) : null}

      <h2>Members</h2>
      <DataTable
        rows={members}
        rowKey={(m) => m.account}
        columns={[...MEMBER_COLUMNS, ...removeMemberColumns(viewer, { ...chapter, label: chapterLabel(chapter) })]}
      />
      <NextPage param="after" cursor={next} />

      <h2>Evaluations ({chapter.evaluationCount})</h2>
      <ItemList items={chapter.evaluations} itemKey={(e) => e.id} empty="No evaluations.">
        {(e) => (
          <>
            <RowLink to={`/evaluations/${e.id}`}>Evaluation {e.id}</RowLink>: {e.voteCount} votes, mean {mean(e.scoreSum, e.voteCount)}
          </>
        )}
      </ItemList>
      {chapter.evaluationCount > chapter.evaluations.length ? (
        <p className="muted more">
          The latest {chapter.evaluations.length} of {chapter.evaluationCount}:{" "}
          <Link to={`/evaluations?chapter=${chapter.id}`}>all evaluations of this chapter</Link>
        </p>
      ) : null}

      <h2>Recent activity</h2>
      <ActivityList rows={chapter.activity} />
      <ChapterAdminSection chapter={{ ...chapter, label: chapterLabel(chapter) }} members={members.map((m) => m.account)} />
      <ChapterVerification chapterId={chapter.id} />
    </>
  );
}

/** Whom a pending operation is about: its applicant, or its sender. */
const about = (p: { sender: string; subject: { account?: string; accounts?: readonly string[] } }) =>
  p.subject.account ?? p.subject.accounts?.[0] ?? p.sender;

export const ErrorBoundary = GeneralErrorBoundary;
