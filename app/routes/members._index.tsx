/**
 * /members?q=0x…: the member search by address prefix, also what every account field loads its
 * suggestions from (app/components/wallet/account-input.client.tsx reads `{ q, members }`). The
 * prefix is read case-insensitively and answered under its lower-case spelling (a 301 from any
 * other, as every cached page's one URL); "0x" and more than 40 hex digits is a 400 that says so.
 * Any other q is the start of a name (issue 28 item 4), found among the names the viewer may see
 * (app/models/members-search.server.ts), lower case its one URL too. Without `q` the page is the
 * empty search form.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink, NextPage } from "../components/links";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { MEMBER_SEARCH_LIMIT, searchMembers, searchMembersByName } from "../models/members-search.server";
import { nameChaptersOf, namesOf, splitNames } from "../models/names.server";
import { getViewer } from "../models/viewer.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { invariantResponse, parseAddress } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { pageOf, searchParam } from "../utils/paging.server";

/**
 * Cached by the web server until the read model changes (server/page-cache.ts); a signed-in
 * search by name is not: which names it finds depends on how the viewer stands to every account
 * whose name matches, shown or not, and on the viewer's own name, which no render shared by a
 * kind of viewer knows (server/viewer-pages.ts). A stranger's finds names visible to everyone only.
 */
export const headers: HeadersFunction = (args) => (args.loaderHeaders.has(PERSONAL) ? { "Cache-Control": "private, no-store" } : readModelPageHeaders(args));
const PERSONAL = "x-personal-search";
// The list, which a profile's change moves too (db/migrations/0019), and every account shown.
export const handle: PageTagsHandle<typeof loader> = { pageTags: (data) => [pageTag.list("members"), ...nameTags(data), ...standingTags(data)] };

export const meta = pageMeta<typeof loader>((t, data) => ({
  title: t("members.title"),
  description: data?.q ? t(data.byName ? "meta.membersByName" : "meta.membersSearch", { q: data.q }) : t("meta.members"),
}));

/** The start of an address: "0x" and 0 to 40 hex digits. */
const PREFIX = /^0x[0-9a-f]{0,40}$/;
/** The longest name (app/utils/profile-fields.ts), so the longest start of one. */
const NAME_QUERY_MAX = 50;

/** An address prefix (lower case), else the start of a name (trimmed, NFC, lower case: one URL a query). */
function parseQuery(raw: string): { q: string; byName: boolean } {
  const q = raw.trim().normalize("NFC").toLowerCase();
  if (PREFIX.test(q)) return { q, byName: false };
  invariantResponse(!/^0x[0-9a-f]*$/i.test(q) || q.length <= 42, message("errors.memberPrefix", { got: raw.slice(0, 80) }));
  invariantResponse([...q].length <= NAME_QUERY_MAX && !/\p{Cc}/u.test(q), message("errors.memberName", { max: NAME_QUERY_MAX }));
  return { q, byName: true };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("q");
  const query = raw === null || raw.trim() === "" ? null : parseQuery(raw);
  const after = searchParam(url, "after", (a) => parseAddress(a, "after").toLowerCase());
  canonicalUrl(request, "/members", { q: query?.q, after });
  if (query === null) return { q: "", byName: false, members: [], next: null, names: {}, nameChapters: [] };
  // The names the viewer may see, and a name search among those only (issue 28 items 3 and 4).
  const viewer = await getViewer(request, context);
  const search = { after, limit: MEMBER_SEARCH_LIMIT + 1, viewer };
  const rows = await (query.byName ? searchMembersByName({ name: query.q, ...search }) : searchMembers({ prefix: query.q, ...search }));
  const { page, next } = pageOf(rows, MEMBER_SEARCH_LIMIT, (m) => m.account);
  const found = { q: query.q, byName: query.byName, members: page.map((m) => splitNames(m)[0]), next, names: namesOf(page), nameChapters: nameChaptersOf(page) };
  // What Remix hands to the page and its tags is `found` either way; the header only says "not shared".
  return query.byName && viewer ? (data(found, { headers: { [PERSONAL]: "1" } }) as unknown as typeof found) : found;
}

export default function Members() {
  const { q, byName, members, next } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <>
      <h1>{t("members.title")}</h1>
      <Form method="get" className="filters" role="search">
        <label>
          {t("members.prefixLabel")} <input type="search" name="q" defaultValue={q} spellCheck={false} maxLength={NAME_QUERY_MAX} />
        </label>
        <button type="submit">{t("members.search")}</button>
      </Form>
      {q ? (
        <DataTable
          rows={members}
          rowKey={(m) => m.account}
          rowData={(m) => ({ "data-account": m.account })}
          empty={t(byName ? "members.noneByName" : "members.none", { q })}
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
