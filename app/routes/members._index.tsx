/**
 * /members?q=0x…: the member search by address prefix, also what every account field loads its
 * suggestions from (app/components/wallet/account-input.client.tsx reads `{ q, members }`). The
 * prefix is read case-insensitively and answered under its lower-case spelling (a 301 from any
 * other, as every cached page's one URL); anything but "0x" and up to 40 hex digits is a 400 that
 * says so. Without `q` the page is the empty search form.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink, NextPage } from "../components/links";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { MEMBER_SEARCH_LIMIT, searchMembers } from "../models/members-search.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { invariantResponse, parseAddress } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("members");

export const meta = pageMeta<typeof loader>((t, data) => ({
  title: t("members.title"),
  description: data?.q ? t("meta.membersSearch", { q: data.q }) : t("meta.members"),
}));

/** The start of an address: "0x" and 0 to 40 hex digits. */
const PREFIX = /^0x[0-9a-f]{0,40}$/;

function parsePrefix(raw: string): string {
  const q = raw.trim().toLowerCase();
  invariantResponse(PREFIX.test(q), message("errors.memberPrefix", { got: raw.slice(0, 80) }));
  return q;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("q");
  const q = raw === null || raw === "" ? null : parsePrefix(raw);
  const after = searchParam(url, "after", (a) => parseAddress(a, "after").toLowerCase());
  canonicalUrl(request, "/members", { q, after });
  if (q === null) return { q: "", members: [], next: null };
  const rows = await searchMembers({ prefix: q, after, limit: MEMBER_SEARCH_LIMIT + 1 });
  const { page, next } = pageOf(rows, MEMBER_SEARCH_LIMIT, (m) => m.account);
  return { q, members: page, next };
}

export default function Members() {
  const { q, members, next } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <>
      <h1>{t("members.title")}</h1>
      <Form method="get" className="filters" role="search">
        <label>
          {t("members.prefixLabel")} <input type="search" name="q" defaultValue={q} placeholder="0x…" className="address" spellCheck={false} />
        </label>
        <button type="submit">{t("members.search")}</button>
      </Form>
      {q ? (
        <DataTable
          rows={members}
          rowKey={(m) => m.account}
          rowData={(m) => ({ "data-account": m.account })}
          empty={t("members.none", { q })}
          columns={[
            { title: t("members.account"), className: "address", cell: (m) => <AddressLink address={m.account} /> },
            { title: t("members.chapter"), cell: (m) => <ChapterLink id={m.chapterId} /> },
            { title: t("members.status"), cell: (m) => t(`status.member.${m.status}`) },
          ]}
        />
      ) : (
        <p className="muted">{t("members.hint")}</p>
      )}
      <NextPage param="after" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
