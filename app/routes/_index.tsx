import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChapterMap } from "../components/chapter-map";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ChapterLink, NextPage } from "../components/links";
import { listChapters } from "../models/chapters.server";
import { parseChapterId, parseLimit } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

export const meta: MetaFunction = () => [{ title: "Chapters · Party" }];

const PAGE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 64);
  const limit = parseLimit(url.searchParams.get("limit"), { fallback: PAGE, max: 200 });
  const afterRaw = url.searchParams.get("after");
  const after = afterRaw === null ? undefined : parseChapterId(afterRaw);

  const chapters = await listChapters();
  const needle = q.toLowerCase();
  const matches = q
    ? chapters.filter((c) => c.id === q || (c.locationText ?? "").toLowerCase().includes(needle))
    : chapters;
  const from = after === undefined ? matches : matches.filter((c) => BigInt(c.id) > after);
  const page = from.slice(0, limit);
  return {
    q,
    map: chapters,
    highlight: q ? matches.map((c) => c.id) : [],
    page,
    total: matches.length,
    next: from.length > limit ? page[page.length - 1]!.id : null,
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
          <table>
            <thead>
              <tr>
                <th>Id</th>
                <th>Location</th>
                <th>Members</th>
                <th>Position</th>
              </tr>
            </thead>
            <tbody>
              {page.map((c) => (
                <tr key={c.id}>
                  <td>{c.id}</td>
                  <td>
                    <ChapterLink id={c.id} label={c.locationText ?? c.location} />
                  </td>
                  <td>{c.memberCount}</td>
                  <td>
                    {c.x}, {c.y}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <NextPage param="after" cursor={next} extra={q ? { q } : undefined} />
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
