import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ChapterLink, NextPage } from "../components/links";
import { listEvaluations } from "../models/evaluations.server";
import { mean } from "../utils/format";
import { parseChapterId, parseEvaluationId, parseLimit } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

export const meta: MetaFunction = () => [{ title: "Evaluations · Party" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const limit = parseLimit(url.searchParams.get("limit"), { fallback: 50, max: 200 });
  const beforeRaw = url.searchParams.get("before");
  const before = beforeRaw === null ? undefined : parseEvaluationId(beforeRaw);
  const chapterRaw = url.searchParams.get("chapter");
  const chapterId = chapterRaw === null ? undefined : parseChapterId(chapterRaw);
  const rows = await listEvaluations({ chapterId, before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return { chapterId: chapterId?.toString() ?? null, evaluations: page, next: rows.length > limit ? page[page.length - 1]!.id : null };
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
      <table>
        <thead>
          <tr>
            <th>Id</th>
            <th>Chapter</th>
            <th>Votes</th>
            <th>Mean</th>
            <th>Party-executive score</th>
          </tr>
        </thead>
        <tbody>
          {evaluations.map((e) => (
            <tr key={e.id}>
              <td>
                <Link to={`/evaluations/${e.id}`}>{e.id}</Link>
              </td>
              <td>
                <ChapterLink id={e.chapterId} label={e.chapterLocation} />
              </td>
              <td>{e.voteCount}</td>
              <td>{mean(e.scoreSum, e.voteCount)}</td>
              <td>{e.partyExecutiveScore ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <NextPage param="before" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
