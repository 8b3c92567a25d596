import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApplicationsTable } from "../components/applications-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { NextPage } from "../components/links";
import { chapterExists, getApplicationQueue } from "../models/chapters.server";
import { chapterLabel } from "../utils/format";
import { invariantResponse, parseChapterId, parseLimit } from "../utils/http.server";

export const meta: MetaFunction = () => [{ title: "Review queue · Party" }];

/** Cursor: "<applied block>:<application id>" of the last row shown. */
function parseCursor(raw: string | null) {
  if (raw === null) return undefined;
  const match = /^([0-9]{1,20}):([0-9]{1,20}-[0-9]{1,10})$/.exec(raw);
  invariantResponse(match, `after must look like "<block>:<application id>", got "${raw.slice(0, 80)}"`);
  return { block: BigInt(match[1]!), id: match[2]! };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const chapterId = parseChapterId(params.chapterId);
  const url = new URL(request.url);
  const limit = parseLimit(url.searchParams.get("limit"), { fallback: 50, max: 200 });
  const after = parseCursor(url.searchParams.get("after"));
  const [chapter, queue] = await Promise.all([
    chapterExists(chapterId),
    getApplicationQueue({ chapterId, after, limit: limit + 1 }),
  ]);
  invariantResponse(chapter, `Chapter ${chapterId} does not exist`, { status: 404 });
  const page = queue.slice(0, limit);
  const last = page[page.length - 1];
  return { chapter, applications: page, next: queue.length > limit && last ? `${last.appliedBlock}:${last.id}` : null };
}

export default function ApplicationQueue() {
  const { chapter, applications, next } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>
        Review queue · <Link to={`/chapters/${chapter.id}`}>{chapterLabel(chapter)}</Link>
      </h1>
      <p className="muted">Pending applications, oldest first. Executives of this chapter decide them.</p>
      <ApplicationsTable applications={applications} />
      <NextPage param="after" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
