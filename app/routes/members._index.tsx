/**
 * /members?q=0x…: the member search by address prefix, also what every account field loads its
 * suggestions from (app/components/wallet/account-input.client.tsx reads `{ q, members }`). The
 * prefix is read case-insensitively and answered under its lower-case spelling (a 301 from any
 * other, as every cached page's one URL); anything but "0x" and up to 40 hex digits is a 400 that
 * says so. Without `q` the page is the empty search form.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink, NextPage } from "../components/links";
import { MEMBER_SEARCH_LIMIT, searchMembers } from "../models/members-search.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { MEMBER_STATUS_TEXT } from "../utils/format";
import { invariantResponse, parseAddress } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("members");

export const meta: MetaFunction = () => [{ title: "Members · Party" }];

/** The start of an address: "0x" and 0 to 40 hex digits. */
const PREFIX = /^0x[0-9a-f]{0,40}$/;

function parsePrefix(raw: string): string {
  const q = raw.trim().toLowerCase();
  invariantResponse(PREFIX.test(q), `q must be the start of an address: 0x followed by up to 40 hex digits, got "${raw.slice(0, 80)}"`);
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
  return (
    <>
      <h1>Members</h1>
      <Form method="get" className="filters" role="search">
        <label>
          Address starts with <input type="search" name="q" defaultValue={q} placeholder="0x…" className="address" spellCheck={false} />
        </label>
        <button type="submit">Search</button>
      </Form>
      {q ? (
        <DataTable
          rows={members}
          rowKey={(m) => m.account}
          rowData={(m) => ({ "data-account": m.account })}
          empty={`No member's address starts with ${q}.`}
          columns={[
            { title: "Account", className: "address", cell: (m) => <AddressLink address={m.account} /> },
            { title: "Chapter", cell: (m) => <ChapterLink id={m.chapterId} /> },
            { title: "Status", cell: (m) => MEMBER_STATUS_TEXT[m.status] },
          ]}
        />
      ) : (
        <p className="muted">Type the start of an address (0x and some hex digits) to find a member or applicant.</p>
      )}
      <NextPage param="after" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
