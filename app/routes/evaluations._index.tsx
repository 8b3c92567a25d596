import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans } from "react-i18next";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ChapterLink, NextPage, RowLink } from "../components/links";
import { MintEvaluationSection } from "../components/roles/publisher/section";
import { pageMeta } from "../i18n/meta";
import { useI18n } from "../i18n/use-i18n";
import { listEvaluations } from "../models/evaluations.server";
import { chapterLabel, evaluationLabel, formatNumber, mean } from "../ground/format";
import { parseChapterId, parseEvaluationId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { evaluationTags, pageTag, type PageTagsHandle } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = {
  pageTags: ({ evaluations }) => [pageTag.list("evaluations"), ...evaluationTags(evaluations.map((e) => e.id))],
};

export const meta = pageMeta<typeof loader>((t, data) => {
  const chapter = data?.chapterId ? chapterLabel({ id: data.chapterId, locationText: data.evaluations[0]?.chapterLocation }, t) : null;
  return { title: t("evaluations.title"), description: chapter ? t("meta.evaluationsOf", { chapter }) : t("meta.evaluations") };
});

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const before = searchParam(url, "before", parseEvaluationId);
  const chapterId = searchParam(url, "chapter", parseChapterId);
  canonicalUrl(request, "/evaluations", { before, chapter: chapterId, limit: limitParam(limit) });
  const rows = await listEvaluations({ chapterId, before, limit: limit + 1 });
  const { page, next } = pageOf(rows, limit, (e) => e.id);
  return { chapterId: chapterId?.toString() ?? null, evaluations: page, next };
}

export default function Evaluations() {
  const { chapterId, evaluations, next } = useLoaderData<typeof loader>();
  const { t, language } = useI18n();
  return (
    <>
      <h1>{t("evaluations.title")}</h1>
      {chapterId !== null ? (
        <p className="muted">
          <Trans
            t={t}
            i18nKey="evaluations.ofChapter"
            components={{ chapter: <ChapterLink id={chapterId} label={evaluations[0]?.chapterLocation} />, all: <Link to="/evaluations" /> }}
          />
        </p>
      ) : null}
      <DataTable
        rows={evaluations}
        rowKey={(e) => e.id}
        columns={[
          { title: t("evaluations.id"), cell: (e) => e.id },
          {
            title: t("evaluations.titleColumn"),
            cell: (e) => (
              <RowLink to={`/evaluations/${e.id}`} lang={e.language ?? undefined}>
                {evaluationLabel(e, t)}
              </RowLink>
            ),
          },
          { title: t("evaluations.chapter"), cell: (e) => <ChapterLink id={e.chapterId} label={e.chapterLocation} /> },
          { title: t("evaluations.votes"), cell: (e) => formatNumber(e.voteCount, language) },
          { title: t("evaluations.mean"), cell: (e) => mean(e.scoreSum, e.voteCount, language) },
          { title: t("evaluations.partyExecutiveScore"), cell: (e) => e.partyExecutiveScore ?? "–" },
        ]}
      />
      <NextPage param="before" cursor={next} />
      <MintEvaluationSection chapterId={chapterId ?? undefined} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
