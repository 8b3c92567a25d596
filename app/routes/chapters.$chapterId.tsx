import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { Trans } from "react-i18next";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "../components/activity-list";
import { ApplicationsTable } from "../components/applications-table";
import { ClientOnly, Controls } from "../components/client-only";
import { DataTable, type Column } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ExportFact, Fact, Facts } from "../components/facts";
import { ItemList } from "../components/item-list";
import { ChapterLocator } from "../components/map/chapter-locator";
import { AddressLink, NextPage, RowLink } from "../components/links";
import { PendingList } from "../components/pending-list";
import { ChapterAdminSection } from "../components/roles/chapter-admin/section";
import { ChapterVerification, removeMemberColumns } from "../components/roles/chapter-executive/section";
import { RecommendForm } from "../components/roles/member/section";
import { ChapterExecutiveControls } from "../components/roles/party-executive/section";
import { ApplyForm, PendingWatcher } from "../components/wallet/lazy";
import { AtBlock } from "../components/time";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { getChapter, type ChapterMemberRow } from "../models/chapters.server";
import { getViewer } from "../models/viewer.server";
import { formatCoordinates } from "../map/coordinates";
import { chapterLabel, evaluationLabel, formatNumber, mean, nameAndAddress } from "../ground/format";
import { invariantResponse, parseAddress, parseChapterId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { evaluationTags, nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";
import { mayUse, useViewer } from "../utils/viewer";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = {
  pageTags: (data) => [
    pageTag.chapter(data.chapter.id),
    // The pending applicants: an operation about one of them shows here.
    ...data.chapter.pendingApplications.map((a) => pageTag.account(a.account)),
    // Every account whose name it shows: a change of its profile drops the page.
    ...nameTags(data),
    // The chapters whose standing decides a name it shows.
    ...standingTags(data),
    // The evaluations it names.
    ...evaluationTags([...data.chapter.evaluations.map((e) => e.id), ...data.chapter.activity.map((a) => a.evaluationId)]),
  ],
};

export const meta = pageMeta<typeof loader>((t, data) =>
  data
    ? {
        title: chapterLabel(data.chapter, t),
        description: t("meta.chapter", {
          name: chapterLabel(data.chapter, t),
          id: data.chapter.id,
          count: data.chapter.memberCount,
          executives: data.chapter.executiveCount,
          pending: data.chapter.pendingApplicationCount,
        }),
      }
    : { title: t("chapter.title"), description: t("meta.chapterUnknown") },
);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseChapterId(params.chapterId);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", (raw) => parseAddress(raw, "after"));
  canonicalUrl(request, `/chapters/${id}`, { after: after?.toLowerCase(), limit: limitParam(limit) });

  // One statement: the chapter, a page of its members, and the operations on their way about it or
  // its applicants (applications, recommendations, decisions).
  // The names the viewer may see of everyone it shows, in the same statement (none but those
  // visible to everyone for a page cache's anonymous render).
  const chapter = await getChapter({ id, after, limit: limit + 1, viewer: await getViewer(request, context) });
  invariantResponse(chapter, message("errors.chapterMissing", { id }), { status: 404 });
  const { members, pending, names, nameChapters, ...detail } = chapter;
  const { page, next } = pageOf(members, limit, (m) => m.account);
  return { chapter: detail, members: page, next, pending, names, nameChapters };
}

const memberColumns = (t: TFunction): Column<ChapterMemberRow>[] => [
  { title: t("chapter.account"), cell: (m) => <AddressLink address={m.account} /> },
  { title: t("chapter.joined"), cell: (m) => <AtBlock block={m.joinedBlock} at={m.joinedAt} /> },
  { title: t("chapter.role"), cell: (m) => (m.executive ? t("chapter.executive") : t("chapter.member")) },
];

export default function Chapter() {
  const { chapter, members, next, pending, names } = useLoaderData<typeof loader>();
  // Hints (the contract decides): each control for the viewers its operation's `who` names.
  const viewer = useViewer();
  const { t, language } = useI18n();
  const label = chapterLabel(chapter, t);
  return (
    <>
      <h1>{label}</h1>
      {chapter.removedBlock ? <p className="muted">{t("chapter.removed", { block: chapter.removedBlock })}</p> : null}
      {!chapter.removedBlock ? (
        <ClientOnly>
          <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
        </ClientOnly>
      ) : null}
      {!chapter.removedBlock && viewer && mayUse(viewer, "applyForChapterMembership") ? (
        <div className="chapter-actions">
          <Controls name="apply">
            <ApplyForm chapterId={chapter.id} account={viewer.address} />
          </Controls>
        </div>
      ) : null}
      <div className="grid">
        <Facts className="card">
          <Fact term={t("chapter.id")}>{chapter.id}</Fact>
          <Fact term={t("chapter.location")}>{chapter.locationText ?? <code>{chapter.location}</code>}</Fact>
          <Fact term={t("chapter.mapPosition")}>
            <span title={t("map.xy", { x: chapter.x, y: chapter.y })}>{formatCoordinates(chapter, t, language)}</span>
          </Fact>
          <Fact term={t("chapter.members")}>{formatNumber(chapter.memberCount, language)}</Fact>
          <Fact term={t("chapter.centralCommittee")}>
            <AddressLink address={chapter.centralCommitteeMember} />
          </Fact>
          <Fact term={t("chapter.added")}>
            <AtBlock block={chapter.addedBlock} at={chapter.addedAt} />
          </Fact>
          <ExportFact href={`/chapters/${chapter.id}/roster.csv`}>{t("chapter.roster")}</ExportFact>
        </Facts>
        <ChapterLocator chapter={chapter} />
      </div>

      <h2>{t("chapter.executives", { count: chapter.executiveCount })}</h2>
      <ItemList items={chapter.executives} itemKey={(e) => e.account} empty={t("chapter.noExecutives")}>
        {(e) => (
          <>
            <AddressLink address={e.account} /> <span className="muted">{t("chapter.sinceBlock", { block: e.promotedBlock })}</span>
          </>
        )}
      </ItemList>
      <ChapterExecutiveControls chapter={chapter} members={members} />

      <h2>
        {t("chapter.pendingApplications", { count: chapter.pendingApplicationCount })}{" "}
        <Link to={`/chapters/${chapter.id}/applications`} className="muted">
          {t("chapter.reviewQueue")}
        </Link>
      </h2>
      <PendingList pending={pending} about={about}>
        {(p) => (
          <>
            {" "}
            {nameAndAddress(about(p), names)}
            <span className="muted"> {t("chapter.pendingSentBy", { sender: nameAndAddress(p.sender, names), status: t(`status.operation.${p.status}`) })}</span>
          </>
        )}
      </PendingList>
      <ApplicationsTable applications={chapter.pendingApplications} />
      {chapter.pendingApplicationCount > chapter.pendingApplications.length ? (
        <p className="muted more">
          <Trans
            t={t}
            i18nKey="chapter.firstOf"
            values={{ shown: chapter.pendingApplications.length, count: chapter.pendingApplicationCount }}
            components={{ go: <Link to={`/chapters/${chapter.id}/applications`} /> }}
          />
        </p>
      ) : null}
      {chapter.pendingApplications.length > 0 && mayUse(viewer, "recommendForChapterMembership", chapter.id) ? (
        <Controls name="recommend">
          <RecommendForm applicants={chapter.pendingApplications.map((a) => a.account)} />
        </Controls>
      ) : null}

      <h2>{t("chapter.members")}</h2>
      <DataTable rows={members} rowKey={(m) => m.account} columns={[...memberColumns(t), ...removeMemberColumns(viewer, { ...chapter, label }, t)]} />
      <NextPage param="after" cursor={next} />

      <h2>{t("chapter.evaluations", { count: chapter.evaluationCount })}</h2>
      <ItemList items={chapter.evaluations} itemKey={(e) => e.id} empty={t("chapter.noEvaluations")}>
        {(e) => (
          <>
            <RowLink to={`/evaluations/${e.id}`}>{evaluationLabel(e, t)}</RowLink>
            {t("evaluation.tally", { count: e.voteCount, mean: mean(e.scoreSum, e.voteCount, language) })}
          </>
        )}
      </ItemList>
      {chapter.evaluationCount > chapter.evaluations.length ? (
        <p className="muted more">
          <Trans
            t={t}
            i18nKey="chapter.latestOf"
            values={{ shown: chapter.evaluations.length, count: chapter.evaluationCount }}
            components={{ go: <Link to={`/evaluations?chapter=${chapter.id}`} /> }}
          />
        </p>
      ) : null}

      <h2>{t("chapter.recentActivity")}</h2>
      <ActivityList rows={chapter.activity} />
      <ChapterAdminSection chapter={{ ...chapter, label }} members={members.map((m) => m.account)} />
      <ChapterVerification chapterId={chapter.id} />
    </>
  );
}

/** Whom a pending operation is about: its applicant, or its sender. */
const about = (p: { sender: string; subject: { account?: string; accounts?: readonly string[] } }) =>
  p.subject.account ?? p.subject.accounts?.[0] ?? p.sender;

export const ErrorBoundary = GeneralErrorBoundary;
