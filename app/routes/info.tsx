import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, NextPage, RowLink } from "../components/links";
import { SendInfoSection } from "../components/roles/publisher/section";
import { Time } from "../components/time";
import { pageMeta } from "../i18n/meta";
import { nameChaptersOf, namesOf, splitNames } from "../models/names.server";
import { getViewer } from "../models/viewer.server";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { listInfoMessages } from "../models/info.server";
import { infoLabel } from "../ground/format";
import { invariantResponse } from "../utils/http.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { limitParam, pageLimit, pageOf } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
// The list, its messages, and their senders, whose names may change (issue 28 item 3).
export const handle: PageTagsHandle<typeof loader> = {
  pageTags: (data) => [pageTag.list("info"), ...data.messages.map((m) => pageTag.info(m.id)), ...nameTags(data), ...standingTags(data)],
};

export const meta = pageMeta<typeof loader>((t, data) => ({
  title: t("info.title"),
  description: data?.filters.eventName ? t("meta.infoOf", { eventName: data.filters.eventName }) : t("meta.info"),
}));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const eventName = url.searchParams.get("eventName")?.trim() || undefined;
  invariantResponse(eventName === undefined || eventName.length <= 64, message("errors.info.eventNameLength"));
  // Postgres text cannot hold NUL; control characters are never part of an event name.
  invariantResponse(eventName === undefined || !/\p{Cc}/u.test(eventName), message("errors.info.eventNameControl"));
  const infoTypeRaw = url.searchParams.get("infoType")?.trim() || undefined;
  invariantResponse(
    infoTypeRaw === undefined || (/^[0-9]{1,3}$/.test(infoTypeRaw) && Number(infoTypeRaw) <= 255),
    message("errors.info.infoType"),
  );
  const beforeRaw = url.searchParams.get("before");
  invariantResponse(beforeRaw === null || /^[0-9]{1,78}$/.test(beforeRaw), message("errors.info.before"));
  const limit = pageLimit(url);
  const infoType = infoTypeRaw === undefined ? undefined : Number(infoTypeRaw);
  canonicalUrl(request, "/info", { eventName, infoType, before: beforeRaw && BigInt(beforeRaw), limit: limitParam(limit) });
  const viewer = await getViewer(request, context);
  const rows = await listInfoMessages({ eventName, infoType, before: beforeRaw ? BigInt(beforeRaw) : undefined, limit: limit + 1, viewer });
  const { page, next } = pageOf(rows, limit, (m) => m.id);
  return {
    filters: { eventName: eventName ?? "", infoType: infoTypeRaw ?? "" },
    messages: page.map((m) => splitNames(m)[0]),
    next,
    names: namesOf(page),
    nameChapters: nameChaptersOf(page),
  };
}

export default function Info() {
  const { filters, messages, next } = useLoaderData<typeof loader>();
  const extra = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ""));
  const { t } = useI18n();
  return (
    <>
      <h1>{t("info.heading")}</h1>
      <Form method="get" className="filters">
        <label>
          {t("info.eventName")} <input name="eventName" defaultValue={filters.eventName} maxLength={64} />
        </label>
        <label>
          {t("info.infoType")} <input name="infoType" defaultValue={filters.infoType} inputMode="numeric" size={4} />
        </label>
        <button type="submit">{t("info.filter")}</button>
      </Form>
      <DataTable
        rows={messages}
        rowKey={(m) => m.id}
        empty={extra.eventName || extra.infoType ? t("info.noneMatch") : t("info.none")}
        columns={[
          { title: t("info.id"), cell: (m) => m.id },
          {
            title: t("info.titleColumn"),
            cell: (m) => (
              <RowLink to={`/info/${m.id}`} lang={m.language ?? undefined}>
                {infoLabel(m, t)}
              </RowLink>
            ),
          },
          { title: t("info.event"), cell: (m) => m.eventName },
          { title: t("info.type"), cell: (m) => m.infoType },
          { title: t("info.sender"), cell: (m) => <AddressLink address={m.sender} /> },
          { title: t("info.time"), cell: (m) => <Time at={m.timestamp} relative /> },
        ]}
      />
      <NextPage param="before" cursor={next} extra={extra} />
      <SendInfoSection />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
