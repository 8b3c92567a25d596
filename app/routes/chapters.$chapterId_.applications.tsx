/** `chapterId_`: a page of its own at /chapters/:id/applications, not nested in the chapter page (which has no Outlet). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApplicationsTable } from "../components/applications-table";
import { ClientOnly, Controls } from "../components/client-only";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { NextPage } from "../components/links";
import { DecideSelected } from "../components/roles/chapter-executive/section";
import { SelectApplicant } from "../components/roles/chapter-executive/selection";
import { OperationButton, PendingWatcher } from "../components/wallet/lazy";
import { pageMeta } from "../i18n/meta";
import { message, say } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { chapterExists, getApplicationQueue } from "../models/chapters.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { chapterLabel } from "../ground/format";
import { invariantResponse, parseChapterId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { pageTag, type PageTagsHandle } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { isViewer, mayUse, useViewer } from "../utils/viewer";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = {
  // The applicants shown too: an operation about one of them shows on this page.
  pageTags: ({ chapter, applications }) => [pageTag.chapter(chapter.id), ...applications.map((a) => pageTag.account(a.account))],
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

export async function loader({ params, request }: LoaderFunctionArgs) {
  const chapterId = parseChapterId(params.chapterId);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", parseCursor);
  canonicalUrl(request, `/chapters/${chapterId}/applications`, { after: after && `${after.block}:${after.id}`, limit: limitParam(limit) });
  const queueQuery = getApplicationQueue({ chapterId, after, limit: limit + 1 });
  const [chapter, queue, pending] = await Promise.all([
    chapterExists(chapterId),
    queueQuery,
    // Decisions and recommendations on their way for the applicants shown, and new applications.
    queueQuery.then((q) => pendingOperationsFor({ chapterId, accounts: q.slice(0, limit).map((a) => a.account) })),
  ]);
  invariantResponse(chapter, message("errors.chapterMissing", { id: chapterId }), { status: 404 });
  const { page, next } = pageOf(queue, limit, (last) => `${last.appliedBlock}:${last.id}`);
  return { chapter, applications: page, next, pending };
}

export default function ApplicationQueue() {
  const { chapter, applications, next, pending } = useLoaderData<typeof loader>();
  // The read model's addresses are lower case, the operations' checksummed.
  const pendingFor = (account: string) =>
    pending.filter((p) => [p.subject.account, ...(p.subject.accounts ?? [])].some((a) => a?.toLowerCase() === account.toLowerCase()));
  const applying = pending.filter((p) => p.operation === "applyForChapterMembership");
  // Hints from the read model (the contract decides): who decides, and who may recommend.
  const viewer = useViewer();
  const decides = mayUse(viewer, "updateMemberApplicationForChapter", chapter.id);
  const recommends = mayUse(viewer, "recommendForChapterMembership", chapter.id);
  const { t } = useI18n();
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
        extra={{
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
        }}
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
