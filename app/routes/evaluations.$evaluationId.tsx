import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SCORE_MAX, SCORE_MIN } from "../calls/score";
import { ClientOnly, PendingWatcher, VoteForm } from "../components/client-only";
import { DataTable, type Column } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ExportFact, Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink, NextPage } from "../components/links";
import { PendingList } from "../components/pending-list";
import { getEvaluation, getEvaluationVotes, type VoteRow } from "../models/evaluations.server";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { env } from "../utils/env.server";
import { formatTime, mean, shortAddress } from "../utils/format";
import { invariantResponse, parseAddress, parseEvaluationId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { pageTag, type PageTagsHandle } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = { pageTags: ({ evaluation }) => [pageTag.evaluation(evaluation.id)] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Evaluation ${data.evaluation.id} · Party` : "Evaluation · Party" },
];

/** 16 bins of equal width over the score's range (16 scores each). */
const BIN_WIDTH = (SCORE_MAX - SCORE_MIN + 1) / 16;
const BINS = Array.from({ length: 16 }, (_, i) => ({ from: SCORE_MIN + i * BIN_WIDTH, to: SCORE_MIN + (i + 1) * BIN_WIDTH - 1 }));

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseEvaluationId(params.evaluationId);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", (raw) => parseAddress(raw, "after"));
  canonicalUrl(request, `/evaluations/${id}`, { after: after?.toLowerCase(), limit: limitParam(limit) });
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
  const { page, next } = pageOf(votes, limit, (v) => v.voter);
  return {
    evaluation,
    histogram,
    gatewayUrl: `${env().IPFS_GATEWAY.replace(/\/?$/, "/")}${evaluation.cid}`,
    votes: page,
    next,
    pending,
  };
}

const VOTER_COLUMNS: Column<VoteRow>[] = [
  { title: "Voter", cell: (v) => <AddressLink address={v.voter} /> },
  { title: "Score", cell: (v) => v.score },
  { title: "Block", cell: (v) => v.block },
];

export default function Evaluation() {
  const { evaluation: e, histogram, gatewayUrl, votes, next, pending } = useLoaderData<typeof loader>();
  const max = Math.max(1, ...histogram.map((b) => b.count));
  return (
    <>
      <h1>Evaluation {e.id}</h1>
      <Facts className="card">
        <Fact term="Chapter">
          <ChapterLink id={e.chapterId} label={e.chapterLocation} />
        </Fact>
        <Fact term="Content">
          <a href={gatewayUrl} rel="noreferrer" target="_blank" className="cid">
            {e.cid}
          </a>
        </Fact>
        <Fact term="Minted">
          block {e.block}, {formatTime(e.timestamp)} by <AddressLink address={e.mintedBy} />
        </Fact>
        <Fact term="Votes" className="tally-count">
          {e.voteCount}
        </Fact>
        <Fact term="Mean score" className="tally-mean">
          {mean(e.scoreSum, e.voteCount)}
        </Fact>
        <Fact term="Party-executive score">
          {e.partyExecutiveScore ?? "–"}
          {e.partyExecutiveScoredBy ? (
            <>
              {" "}
              by <AddressLink address={e.partyExecutiveScoredBy} />
            </>
          ) : null}
        </Fact>
        <ExportFact href={`/evaluations/${e.id}/votes.csv`}>Votes (CSV)</ExportFact>
      </Facts>
      <p className="muted tally-meaning">
        The tally is every member vote ever cast, each voter&apos;s latest, as the contract counts it: a vote stays
        counted when its voter leaves the chapter, is removed or becomes a party executive.
      </p>

      <h2>Vote</h2>
      <p className="muted">
        Members of the chapter vote with a score from {SCORE_MIN} to {SCORE_MAX}; a new vote replaces the old one.
      </p>
      <PendingList pending={pending}>
        {(p) => (
          <> from {shortAddress(p.sender)} <span className="muted">({p.status})</span></>
        )}
      </PendingList>
      <ClientOnly>
        <VoteForm evaluationId={e.id} />
        <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
      </ClientOnly>

      <h2>Scores</h2>
      <div className="histogram" role="img" aria-label={`Histogram of scores from ${SCORE_MIN} to ${SCORE_MAX}`}>
        {histogram.map((b) => (
          <div key={b.from} style={{ height: `${(b.count / max) * 100}%` }} title={`${b.from}..${b.to}: ${b.count}`} data-count={b.count} />
        ))}
      </div>
      <p className="muted">
        {SCORE_MIN} … {SCORE_MAX}
      </p>

      <h2>Voters</h2>
      <DataTable rows={votes} rowKey={(v) => v.voter} columns={VOTER_COLUMNS} />
      <NextPage param="after" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
