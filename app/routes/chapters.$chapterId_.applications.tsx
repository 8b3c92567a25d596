/** `chapterId_`: a page of its own at /chapters/:id/applications, not nested in the chapter page (which has no Outlet). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApplicationStatement } from "../components/application-statement";
import { ApplicationsTable } from "../components/applications-table";
import type { Column } from "../components/data-table";
import { ClientOnly, Controls } from "../components/client-only";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { NextPage } from "../components/links";
import { DecideSelected } from "../components/roles/chapter-executive/section";
import { SelectApplicant } from "../components/roles/chapter-executive/selection";
import { OperationButton, PendingWatcher } from "../components/wallet/lazy";
import { pageMeta } from "../i18n/meta";
import { message, say } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { queueStatements, readsStatementsOf } from "../models/application-statements.server";
import { chapterExists, getApplicationQueue, type PendingApplication } from "../models/chapters.server";
import { getViewer } from "../models/viewer.server";
import { nameChaptersOf, namesOf, splitNames } from "../models/names.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { chapterLabel } from "../ground/format";
import { invariantResponse, parseChapterId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { isViewer, mayUse, useViewer } from "../utils/viewer";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = {
  // The applicants (an operation about one shows here), and every account whose name it shows.
  pageTags: (data) => [pageTag.chapter(data.chapter.id), ...data.applications.map((a) => pageTag.account(a.account)), ...nameTags(data), ...standingTags(data)],
};

export const meta = pageMeta<typeof loader>((t, data) => {
  const name = data ? chapterLabel(data.chapter, t) : t("chapter.title");
  return { title: t("queue.title", { name }), description: t("meta.queue", { name }) };
});

/** Cursor: "<applied block>:<application id>" of the last row shown. */
function parseCursor(raw: string) {
  const match = /^([0-9]{1,20}):([0-9]{1,20}-[0-9]{1,10})$/.exec(raw);
  invariantResponse(match, message("errors.queueCursor", { got: raw.slice(0, 80) }));
  return { block: BigInt(match[1]!), id: match[2]! };
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const chapterId = parseChapterId(params.chapterId);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", parseCursor);
  canonicalUrl(request, `/chapters/${chapterId}/applications`, { after: after && `${after.block}:${after.id}`, limit: limitParam(limit) });
  const viewer = await getViewer(request, context);
  // Each row with the names the viewer may see of its applicant and recommenders (issue 28 item 3).
  const queueQuery = getApplicationQueue({ chapterId, after, limit: limit + 1, viewer });
  const [chapter, queue, pending, statements] = await Promise.all([
    chapterExists(chapterId),
    queueQuery,
    // Decisions and recommendations on their way for the applicants shown, and new applications.
    queueQuery.then((q) => pendingOperationsFor({ chapterId, accounts: q.slice(0, limit).map((a) => a.account) })),
    // What the applicants say, for those who decide (issue 28 item 1): a fact of the viewer's, so a shared render may hold it.
    readsStatementsOf(viewer, chapterId.toString()) ? queueQuery.then((q) => queueStatements(chapterId.toString(), q.slice(0, limit).map((a) => a.account))) : null,
  ]);
  invariantResponse(chapter, message("errors.chapterMissing", { id: chapterId }), { status: 404 });
  const { page, next } = pageOf(queue, limit, (last) => `${last.appliedBlock}:${last.id}`);
  return { chapter, applications: page.map((row) => splitNames(row)[0]), next, pending, statements, names: namesOf(page), nameChapters: nameChaptersOf(page) };
}

export default function ApplicationQueue() {
  const { chapter, applications, next, pending, statements } = useLoaderData<typeof loader>();
  // The read model's addresses are lower case, the operations' checksummed.
  const pendingFor = (account: string) =>
    pending.filter((p) => [p.subject.account, ...(p.subject.accounts ?? [])].some((a) => a?.toLowerCase() === account.toLowerCase()));
  const applying = pending.filter((p) => p.operation === "applyForChapterMembership");
  // Hints from the read model (the contract decides): who decides, and who may recommend.
  const viewer = useViewer();
  const decides = mayUse(viewer, "updateMemberApplicationForChapter", chapter.id);
  const recommends = mayUse(viewer, "recommendForChapterMembership", chapter.id);
  const { t } = useI18n();
  // What each applicant says (issue 28 item 1): only for those who decide; the loader sent null to anyone else.
  const statementColumn: Column<PendingApplication>[] = statements
    ? [{ title: t("statement.column"), className: "statement", cell: (a) => (statements[a.account] ? <ApplicationStatement {...statements[a.account]!} /> : <span className="muted">{t("statement.none")}</span>) }]
    : [];
  return (
    <>
      <h1>
        {t("queue.heading")} · <Link to={`/chapters/${chapter.id}`}>{chapterLabel(chapter, t)}</Link>
      </h1>
      <p className="muted">{t("queue.intro")}</p>
      {decides && applications.length > 0 ? (
        <Controls name="decide-selected">
          <DecideSelected />
        </Controls>
      ) : null}
      <ApplicationsTable
        applications={applications}
        extra={[
          ...statementColumn,
          {
          title: t("queue.decision"),
          className: "decision",
          cell: (a) => (
            <>
              {pendingFor(a.account).map((p) => (
                <span key={p.userOpHash} className="pending-badge" data-operation={p.operation} data-status={p.status}>
                  {say(t, p.badge)}
                </span>
              ))}{" "}
              {decides ? (
                <>
                  <SelectApplicant account={a.account} />{" "}
                  <Controls name="decide">
                    <OperationButton operation="updateMemberApplicationForChapter" args={{ account: a.account, approved: true }}>
                      {t("queue.approve")}
                    </OperationButton>{" "}
                    <OperationButton operation="updateMemberApplicationForChapter" args={{ account: a.account, approved: false }}>
                      {t("queue.reject")}
                    </OperationButton>
                  </Controls>
                </>
              ) : null}{" "}
              {recommends && !a.recommenders.some((r) => isViewer(viewer, r)) ? (
                <Controls name="recommend">
                  <OperationButton operation="recommendForChapterMembership" args={{ accounts: [a.account] }}>
                    {t("queue.recommend")}
                  </OperationButton>
                </Controls>
              ) : null}
            </>
          ),
        }]}
      />
      {applying.length > 0 ? (
        <p className="muted pending-operations">{t("queue.onTheWay", { count: applying.length })}</p>
      ) : null}
      <NextPage param="after" cursor={next} />
      <ClientOnly>
        <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
      </ClientOnly>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
