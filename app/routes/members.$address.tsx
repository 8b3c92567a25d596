import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { ActivityList } from "../components/activity-list";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink } from "../components/links";
import { getMember } from "../models/members.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { getVisibleTelegramUsername } from "../services/telegram.server";
import { formatTime, MEMBER_STATUS_TEXT, shortAddress } from "../utils/format";
import { invariantResponse, parseAddress } from "../utils/http.server";
import { pendingText } from "../utils/pending-text";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${shortAddress(data.member.account)} · Party` : "Member · Party" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const address = parseAddress(params.address);
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

/** Follows the pending operations after hydration; fetched lazily, never in the initial JavaScript. */
const PendingWatcher = lazy(() => import("../components/wallet/pending-watcher.client").then((m) => ({ default: m.PendingWatcher })));
const noSubscription = () => () => undefined;
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);


export default function Member() {
  const { member: m, pending, telegram } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const roles = [
    m.executiveOf ? (
      <li key="ce">
        Chapter executive of <ChapterLink id={m.executiveOf} />
      </li>
    ) : null,
    m.partyExecutive ? <li key="pe">Party executive</li> : null,
    ...m.centralCommitteeOf.map((id) => (
      <li key={`cc-${id}`}>
        Central committee member for <ChapterLink id={id} />
      </li>
    )),
  ].filter(Boolean);
  return (
    <>
      <h1 className="address">{m.account}</h1>
      <dl className="facts card">
        <dt>Chapter</dt>
        <dd>
          <ChapterLink id={m.chapterId} label={m.chapterLocation} /> <span className="member-status">({MEMBER_STATUS_TEXT[m.status]})</span>
        </dd>
        <dt>Joined</dt>
        <dd>{m.joinedBlock ? `block ${m.joinedBlock}, ${formatTime(m.joinedAt)}` : "–"}</dd>
        <dt>Party member</dt>
        <dd>{m.partyMember ? "yes" : "no"}</dd>
        {telegram ? (
          <>
            <dt>Telegram</dt>
            <dd className="telegram">
              <a href={`https://t.me/${encodeURIComponent(telegram)}`} rel="noreferrer">
                @{telegram}
              </a>
            </dd>
          </>
        ) : null}
      </dl>

      {pending.length > 0 ? (
        <>
          <h2>Pending</h2>
          <ul className="pending-operations">
            {pending.map((p) => (
              <li key={p.userOpHash} data-operation={p.operation} data-status={p.status}>
                <span className="pending-badge">{pendingText(p)}</span>{" "}
                <span className="muted">
                  sent by <AddressLink address={p.sender} />, {p.status}
                </span>
              </li>
            ))}
          </ul>
          {hydrated ? (
            <Suspense fallback={null}>
              <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
            </Suspense>
          ) : null}
        </>
      ) : null}

      <h2>Roles</h2>
      {roles.length ? <ul className="roles">{roles}</ul> : <p className="muted">No roles.</p>}

      <h2>Applications</h2>
      {m.applications.length === 0 ? (
        <p className="muted">No applications.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Chapter</th>
              <th>Applied</th>
              <th>Status</th>
              <th>Decided by</th>
              <th>Recommenders</th>
            </tr>
          </thead>
          <tbody>
            {m.applications.map((a) => (
              <tr key={a.id}>
                <td>
                  <ChapterLink id={a.chapterId} />
                </td>
                <td>block {a.appliedBlock}</td>
                <td>{a.status}</td>
                <td>
                  <AddressLink address={a.decidedBy} />
                </td>
                <td>{a.recommenders.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className="grid">
        <section>
          <h2>Recommendations given</h2>
          {m.recommendationsGiven.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul>
              {m.recommendationsGiven.map((r) => (
                <li key={`${r.account}-${r.block}`}>
                  <AddressLink address={r.account} /> for <ChapterLink id={r.chapterId} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h2>Recommendations received</h2>
          {m.recommendationsReceived.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul>
              {m.recommendationsReceived.map((r) => (
                <li key={`${r.by}-${r.block}`}>
                  from <AddressLink address={r.by} /> for <ChapterLink id={r.chapterId} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <h2>Votes</h2>
      {m.votes.length === 0 ? (
        <p className="muted">No votes.</p>
      ) : (
        <ul>
          {m.votes.map((v) => (
            <li key={v.evaluationId}>
              <Link to={`/evaluations/${v.evaluationId}`}>Evaluation {v.evaluationId}</Link>: {v.score}
            </li>
          ))}
        </ul>
      )}

      <h2>Activity</h2>
      <ActivityList rows={m.activity} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
