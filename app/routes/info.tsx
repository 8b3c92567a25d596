import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, NextPage } from "../components/links";
import { SendInfoSection } from "../components/screens/publishers";
import { listInfoMessages } from "../models/info.server";
import { env } from "../utils/env.server";
import { formatTime } from "../utils/format";
import { invariantResponse } from "../utils/http.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { limitParam, pageLimit, pageOf } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("info");

export const meta: MetaFunction = () => [{ title: "Info · Party" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const eventName = url.searchParams.get("eventName")?.trim() || undefined;
  invariantResponse(eventName === undefined || eventName.length <= 64, "eventName is at most 64 characters");
  // Postgres text cannot hold NUL; control characters are never part of an event name.
  invariantResponse(eventName === undefined || !/\p{Cc}/u.test(eventName), "eventName must not contain control characters");
  const infoTypeRaw = url.searchParams.get("infoType")?.trim() || undefined;
  invariantResponse(
    infoTypeRaw === undefined || (/^[0-9]{1,3}$/.test(infoTypeRaw) && Number(infoTypeRaw) <= 255),
    "infoType must be a whole number from 0 to 255",
  );
  const beforeRaw = url.searchParams.get("before");
  invariantResponse(beforeRaw === null || /^[0-9]{1,78}$/.test(beforeRaw), "before must be a message id");
  const limit = pageLimit(url);
  const infoType = infoTypeRaw === undefined ? undefined : Number(infoTypeRaw);
  canonicalUrl(request, "/info", { eventName, infoType, before: beforeRaw && BigInt(beforeRaw), limit: limitParam(limit) });
  const rows = await listInfoMessages({ eventName, infoType, before: beforeRaw ? BigInt(beforeRaw) : undefined, limit: limit + 1 });
  const { page, next } = pageOf(rows, limit, (m) => m.id);
  return {
    filters: { eventName: eventName ?? "", infoType: infoTypeRaw ?? "" },
    messages: page,
    gateway: env().IPFS_GATEWAY.replace(/\/?$/, "/"),
    next,
  };
}

export default function Info() {
  const { filters, messages, gateway, next } = useLoaderData<typeof loader>();
  const extra = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ""));
  return (
    <>
      <h1>Info messages</h1>
      <Form method="get" className="filters">
        <label>
          Event name <input name="eventName" defaultValue={filters.eventName} maxLength={64} />
        </label>
        <label>
          Info type <input name="infoType" defaultValue={filters.infoType} inputMode="numeric" size={4} />
        </label>
        <button type="submit">Filter</button>
      </Form>
      <DataTable
        rows={messages}
        rowKey={(m) => m.id}
        empty={<>No info messages{extra.eventName || extra.infoType ? " match" : ""}.</>}
        columns={[
          { title: "Id", cell: (m) => m.id },
          { title: "Event", cell: (m) => m.eventName },
          { title: "Type", cell: (m) => m.infoType },
          {
            title: "Content",
            cell: (m) => (
              <a href={`${gateway}${m.cid}`} rel="noreferrer" target="_blank">
                {m.cid.slice(0, 12)}…
              </a>
            ),
          },
          { title: "Sender", cell: (m) => <AddressLink address={m.sender} /> },
          { title: "Time", cell: (m) => formatTime(m.timestamp) },
        ]}
      />
      <NextPage param="before" cursor={next} extra={extra} />
      <SendInfoSection />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
