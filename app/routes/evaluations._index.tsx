import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ChapterLink, NextPage, RowLink } from "../components/links";
import { MintEvaluationSection } from "../components/screens/publishers";
import { listEvaluations } from "../models/evaluations.server";
import { mean } from "../utils/format";
import { parseChapterId, parseEvaluationId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("evaluations");

export const meta: MetaFunction = () => [{ title: "Evaluations · Party" }];

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
  return (
    <>
      <h1>Evaluations</h1>
      {chapterId !== null ? (
        <p className="muted">
          Of <ChapterLink id={chapterId} label={evaluations[0]?.chapterLocation} /> only · <Link to="/evaluations">all evaluations</Link>
        </p>
      ) : null}
      <DataTable
        rows={evaluations}
        rowKey={(e) => e.id}
        columns={[
          { title: "Id", cell: (e) => <RowLink to={`/evaluations/${e.id}`}>{e.id}</RowLink> },
          { title: "Chapter", cell: (e) => <ChapterLink id={e.chapterId} label={e.chapterLocation} /> },
          { title: "Votes", cell: (e) => e.voteCount },
          { title: "Mean", cell: (e) => mean(e.scoreSum, e.voteCount) },
          { title: "Party-executive score", cell: (e) => e.partyExecutiveScore ?? "–" },
        ]}
      />
      <NextPage param="before" cursor={next} />
      <MintEvaluationSection chapterId={chapterId ?? undefined} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
