import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "../components/activity-list";
import { ClientOnly, PendingWatcher } from "../components/client-only";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { ItemList } from "../components/item-list";
import { AddressLink, ChapterLink, RowLink } from "../components/links";
import { PendingList } from "../components/pending-list";
import { Roles } from "../components/roles";
import { getMember } from "../models/members.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { getVisibleTelegramUsername } from "../services/telegram.server";
import { formatTime, MEMBER_STATUS_TEXT, shortAddress } from "../utils/format";
import { invariantResponse, parseAddress } from "../utils/http.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { pageTag, type PageTagsHandle } from "../utils/page-tags";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = { pageTags: ({ member }) => [pageTag.account(member.account)] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${shortAddress(data.member.account)} · Party` : "Member · Party" },
];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const address = parseAddress(params.address);
  // The read model's (and every link's) spelling: lower case.
  canonicalUrl(request, `/members/${address.toLowerCase()}`);
  // Operations about this member (a decision on their application, a recommendation) or sent by them.
  const [member, pending, telegram] = await Promise.all([
    getMember(address),
    pendingOperationsFor({ account: address, sender: address }),
    // Shown only when the member chose to (set_telegram_visibility).
    getVisibleTelegramUsername(address),
  ]);
  invariantResponse(member, `No member or applicant with address ${address} is known`, { status: 404 });
  return { member, pending, telegram };
}

export default function Member() {
  const { member: m, pending, telegram } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="address">{m.account}</h1>
      <Facts className="card">
        <Fact term="Chapter">
          <ChapterLink id={m.chapterId} label={m.chapterLocation} /> <span className="member-status">({MEMBER_STATUS_TEXT[m.status]})</span>
        </Fact>
        <Fact term="Joined">{m.joinedBlock ? `block ${m.joinedBlock}, ${formatTime(m.joinedAt)}` : "–"}</Fact>
        <Fact term="Party member">{m.partyMember ? "yes" : "no"}</Fact>
        {telegram ? (
          <Fact term="Telegram" className="telegram">
            <a href={`https://t.me/${encodeURIComponent(telegram)}`} rel="noreferrer">
              @{telegram}
            </a>
          </Fact>
        ) : null}
      </Facts>

      {pending.length > 0 ? (
        <>
          <h2>Pending</h2>
          <PendingList pending={pending}>
            {(p) => (
              <>
                {" "}
                <span className="muted">
                  sent by <AddressLink address={p.sender} />, {p.status}
                </span>
              </>
            )}
          </PendingList>
          <ClientOnly>
            <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
          </ClientOnly>
        </>
      ) : null}

      <h2>Roles</h2>
      <Roles of={m} empty={<p className="muted">No roles.</p>} />

      <h2>Applications</h2>
      <DataTable
        rows={m.applications}
        rowKey={(a) => a.id}
        empty="No applications."
        columns={[
          { title: "Chapter", cell: (a) => <ChapterLink id={a.chapterId} /> },
          { title: "Applied", cell: (a) => <>block {a.appliedBlock}</> },
          { title: "Status", cell: (a) => a.status },
          { title: "Decided by", cell: (a) => <AddressLink address={a.decidedBy} /> },
          { title: "Recommenders", cell: (a) => a.recommenders.length },
        ]}
      />

      <div className="grid">
        <section>
          <h2>Recommendations given</h2>
          <ItemList items={m.recommendationsGiven} itemKey={(r) => `${r.account}-${r.block}`} empty="None.">
            {(r) => (
              <>
                <AddressLink address={r.account} /> for <ChapterLink id={r.chapterId} />
              </>
            )}
          </ItemList>
        </section>
        <section>
          <h2>Recommendations received</h2>
          <ItemList items={m.recommendationsReceived} itemKey={(r) => `${r.by}-${r.block}`} empty="None.">
            {(r) => (
              <>
                from <AddressLink address={r.by} /> for <ChapterLink id={r.chapterId} />
              </>
            )}
          </ItemList>
        </section>
      </div>

      <h2>Votes</h2>
      <ItemList items={m.votes} itemKey={(v) => v.evaluationId} empty="No votes.">
        {(v) => (
          <>
            <RowLink to={`/evaluations/${v.evaluationId}`}>Evaluation {v.evaluationId}</RowLink>: {v.score}
          </>
        )}
      </ItemList>

      <h2>Activity</h2>
      <ActivityList rows={m.activity} />
    </>
  );
}

/** A well-formed address the read model does not know: not a member (yet), and where to start. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      next={{
        404: (
          <p className="not-a-member">
            This address is not a member of the party and has never applied to a chapter. <Link to="/">See the chapter list</Link> to
            find a chapter to apply to.
          </p>
        ),
      }}
    />
  );
}
