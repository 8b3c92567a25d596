import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChapterMap } from "../components/chapter-map";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ChapterLink, NextPage } from "../components/links";
import { AddChaptersSection } from "../components/screens/chapter-admin";
import { listChapters } from "../models/chapters.server";
import { parseChapterId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("chapters");

export const meta: MetaFunction = () => [{ title: "Chapters · Party" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 64);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", parseChapterId);
  canonicalUrl(request, "/", { q, after, limit: limitParam(limit) });

  const chapters = await listChapters();
  const needle = q.toLowerCase();
  const matches = q
    ? chapters.filter((c) => c.id === q || (c.locationText ?? "").toLowerCase().includes(needle))
    : chapters;
  const from = after === undefined ? matches : matches.filter((c) => BigInt(c.id) > after);
  return {
    q,
    map: chapters,
    highlight: q ? matches.map((c) => c.id) : [],
    total: matches.length,
    ...pageOf(from, limit, (c) => c.id),
  };
}

export default function Chapters() {
  const { q, map, highlight, page, total, next } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Chapters</h1>
      <Form method="get" className="filters" role="search">
        <label>
          Location or id <input type="search" name="q" defaultValue={q} />
        </label>
        <button type="submit">Filter</button>
      </Form>
      <div className="grid">
        <ChapterMap chapters={map} highlight={new Set(highlight)} />
        <div>
          <p className="muted">
            {total} chapter{total === 1 ? "" : "s"}
            {q ? ` matching "${q}"` : ""}
          </p>
          <DataTable
            rows={page}
            rowKey={(c) => c.id}
            columns={[
              { title: "Id", cell: (c) => c.id },
              { title: "Location", cell: (c) => <ChapterLink id={c.id} label={c.locationText ?? c.location} /> },
              { title: "Members", cell: (c) => c.memberCount },
              { title: "Position", cell: (c) => <>{c.x}, {c.y}</> },
            ]}
          />
          <NextPage param="after" cursor={next} extra={q ? { q } : undefined} />
        </div>
      </div>
      <AddChaptersSection chapters={map} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
