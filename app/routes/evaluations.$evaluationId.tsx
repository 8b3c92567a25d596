import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink, NextPage } from "../components/links";
import { getEvaluation, getEvaluationVotes } from "../models/evaluations.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { env } from "../utils/env.server";
import { formatTime, mean, shortAddress } from "../utils/format";
import { invariantResponse, parseAddress, parseEvaluationId, parseLimit } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Evaluation ${data.evaluation.id} · Party` : "Evaluation · Party" },
];

/** 16 bins of 16 scores each over the int8 range -128..127. */
const BINS = Array.from({ length: 16 }, (_, i) => ({ from: -128 + i * 16, to: -128 + i * 16 + 15 }));

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseEvaluationId(params.evaluationId);
  const url = new URL(request.url);
  const limit = parseLimit(url.searchParams.get("limit"), { fallback: 50, max: 200 });
  const afterRaw = url.searchParams.get("after");
  const after = afterRaw === null ? undefined : parseAddress(afterRaw, "after");
  const [evaluation, votes, pending] = await Promise.all([
    getEvaluation(id),
    getEvaluationVotes({ evaluationId: id, after, limit: limit + 1 }),
    pendingOperationsFor({ evaluationId: id }),
  ]);
  invariantResponse(evaluation, `Evaluation ${id} does not exist`, { status: 404 });
  const histogram = BINS.map((bin) => ({
    ...bin,
    count: evaluation.scores.filter((s) => s.score >= bin.from && s.score <= bin.to).reduce((n, s) => n + s.count, 0),
  }));
  const page = votes.slice(0, limit);
  return {
    evaluation,
    histogram,
    gatewayUrl: `${env().IPFS_GATEWAY.replace(/\/?$/, "/")}${evaluation.cid}`,
    votes: page,
    next: votes.length > limit ? page[page.length - 1]!.voter : null,
    pending,
  };
}

/** The vote form and the pending-operation watcher: fetched after hydration, never in the initial JavaScript. */
const VoteForm = lazy(() => import("../components/wallet/operation-button.client").then((m) => ({ default: m.VoteForm })));
const PendingWatcher = lazy(() => import("../components/wallet/pending-watcher.client").then((m) => ({ default: m.PendingWatcher })));
const noSubscription = () => () => undefined;
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

export default function Evaluation() {
  const { evaluation: e, histogram, gatewayUrl, votes, next, pending } = useLoaderData<typeof loader>();
  const max = Math.max(1, ...histogram.map((b) => b.count));
  const hydrated = useHydrated();
  return (
    <>
      <h1>Evaluation {e.id}</h1>
      <dl className="facts card">
        <dt>Chapter</dt>
        <dd>
          <ChapterLink id={e.chapterId} label={e.chapterLocation} />
        </dd>
        <dt>Content</dt>
        <dd>
          <a href={gatewayUrl} rel="noreferrer" target="_blank" className="cid">
            {e.cid}
          </a>
        </dd>
        <dt>Minted</dt>
        <dd>
          block {e.block}, {formatTime(e.timestamp)} by <AddressLink address={e.mintedBy} />
        </dd>
        <dt>Votes</dt>
        <dd className="tally-count">{e.voteCount}</dd>
        <dt>Mean score</dt>
        <dd className="tally-mean">{mean(e.scoreSum, e.voteCount)}</dd>
        <dt>Party-executive score</dt>
        <dd>
          {e.partyExecutiveScore ?? "–"}
          {e.partyExecutiveScoredBy ? (
            <>
              {" "}
              by <AddressLink address={e.partyExecutiveScoredBy} />
            </>
          ) : null}
        </dd>
        <dt>Exports</dt>
        <dd>
          <a href={`/evaluations/${e.id}/votes.csv`} download>
            Votes (CSV)
          </a>
        </dd>
      </dl>
      <p className="muted tally-meaning">
        The tally is every member vote ever cast, each voter&apos;s latest, as the contract counts it: a vote stays
        counted when its voter leaves the chapter, is removed or becomes a party executive.
      </p>

      <h2>Vote</h2>
      <p className="muted">Members of the chapter vote with a score from -128 to 127; a new vote replaces the old one.</p>
      {pending.length > 0 ? (
        <ul className="pending-operations">
          {pending.map((p) => (
            <li key={p.userOpHash} data-operation={p.operation} data-status={p.status}>
              <span className="pending-badge">{p.operation === "vote" ? "vote pending" : `${p.operation} pending`}</span> from{" "}
              {shortAddress(p.sender)} <span className="muted">({p.status})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <VoteForm evaluationId={e.id} />
          <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
        </Suspense>
      ) : null}

      <h2>Scores</h2>
      <div className="histogram" role="img" aria-label="Histogram of scores from -128 to 127">
        {histogram.map((b) => (
          <div key={b.from} style={{ height: `${(b.count / max) * 100}%` }} title={`${b.from}..${b.to}: ${b.count}`} data-count={b.count} />
        ))}
      </div>
      <p className="muted">-128 … 127</p>

      <h2>Voters</h2>
      <table>
        <thead>
          <tr>
            <th>Voter</th>
            <th>Score</th>
            <th>Block</th>
          </tr>
        </thead>
        <tbody>
          {votes.map((v) => (
            <tr key={v.voter}>
              <td>
                <AddressLink address={v.voter} />
              </td>
              <td>{v.score}</td>
              <td>{v.block}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <NextPage param="after" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
