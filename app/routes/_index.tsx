import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChapterMap } from "../components/chapter-map";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ChapterLink, NextPage } from "../components/links";
import { AddChaptersSection } from "../components/roles/chapter-admin/section";
import { pageMeta } from "../i18n/meta";
import { useI18n } from "../i18n/use-i18n";
import { listChapters } from "../models/chapters.server";
import { formatCoordinates } from "../map/coordinates";
import { formatNumber } from "../ground/format";
import { parseChapterId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("chapters");

export const meta = pageMeta<typeof loader>((t, data) => ({
  title: t("chapters.title"),
  description: t("meta.chapters", { count: data?.map.length ?? 0 }),
}));

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
  const { t, language } = useI18n();
  return (
    <>
      <h1>{t("chapters.title")}</h1>
      <Form method="get" className="filters" role="search">
        <label>
          {t("chapters.filterLabel")} <input type="search" name="q" defaultValue={q} />
        </label>
        <button type="submit">{t("chapters.filter")}</button>
      </Form>
      <div className="grid">
        <ChapterMap chapters={map} highlight={new Set(highlight)} />
        <div>
          <p className="muted">
            {q ? t("chapters.countMatching", { count: total, q }) : t("chapters.count", { count: total })}
          </p>
          <DataTable
            rows={page}
            rowKey={(c) => c.id}
            columns={[
              { title: t("chapters.id"), cell: (c) => c.id },
              { title: t("chapters.location"), cell: (c) => <ChapterLink id={c.id} label={c.locationText ?? c.location} /> },
              { title: t("chapters.members"), cell: (c) => formatNumber(c.memberCount, language) },
              { title: t("chapters.position"), cell: (c) => formatCoordinates(c, t, language) },
            ]}
          />
          <NextPage param="after" cursor={next} extra={q ? { q } : undefined} />
          <p>
            <a href="/chapters.csv" download>
              {t("chapters.export")}
            </a>
          </p>
        </div>
      </div>
      <AddChaptersSection chapters={map} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
