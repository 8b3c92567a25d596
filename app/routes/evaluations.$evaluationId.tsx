import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { Trans } from "react-i18next";
import { SCORE_MAX, SCORE_MIN } from "../calls/score";
import { ClientOnly } from "../components/client-only";
import { VoteForm } from "../components/roles/member/section";
import { PendingWatcher } from "../components/wallet/lazy";
import { DataTable, type Column } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { ExportFact, Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink, NextPage } from "../components/links";
import { PendingList } from "../components/pending-list";
import { Time } from "../components/time";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { getEvaluationPage, type VoteRow } from "../models/evaluations.server";
import { getViewer } from "../models/viewer.server";
import { env } from "../ground/env.server";
import { chapterLabel, evaluationLabel, formatNumber, mean, nameAndAddress } from "../ground/format";
import { holds, isViewer, useViewer } from "../utils/viewer";
import { DocumentSection, ScaleMeaning } from "../components/document-view";
import { missingDocument, shownDocument } from "../documents/show.server";
import { invariantResponse, parseAddress, parseEvaluationId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { canonicalUrl } from "../utils/canonical-url.server";
import { limitParam, pageLimit, pageOf, searchParam } from "../utils/paging.server";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
// Every account whose name it shows too: a change of its profile drops the page.
export const handle: PageTagsHandle<typeof loader> = { pageTags: (data) => [pageTag.evaluation(data.evaluation.id), ...nameTags(data), ...standingTags(data)] };

export const meta = pageMeta<typeof loader>((t, data) =>
  data
    ? {
        title: evaluationLabel(data.evaluation, t),
        description: t("meta.evaluation", {
          name: evaluationLabel(data.evaluation, t),
          chapter: chapterLabel({ id: data.evaluation.chapterId, locationText: data.evaluation.chapterLocation }, t),
          count: data.evaluation.voteCount,
        }),
      }
    : { title: t("evaluation.title"), description: t("meta.evaluationUnknown") },
);

/** 16 bins of equal width over the score's range (16 scores each). */
const BIN_WIDTH = (SCORE_MAX - SCORE_MIN + 1) / 16;
const BINS = Array.from({ length: 16 }, (_, i) => ({ from: SCORE_MIN + i * BIN_WIDTH, to: SCORE_MIN + (i + 1) * BIN_WIDTH - 1 }));

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseEvaluationId(params.evaluationId);
  const url = new URL(request.url);
  const limit = pageLimit(url);
  const after = searchParam(url, "after", (raw) => parseAddress(raw, "after"));
  canonicalUrl(request, `/evaluations/${id}`, { after: after?.toLowerCase(), limit: limitParam(limit) });
  // One statement: the evaluation, a page of its voters, the votes on their way, the names the viewer may see.
  const page = await getEvaluationPage({ id, after, limit: limit + 1, viewer: await getViewer(request, context) });
  invariantResponse(page, message("errors.evaluationMissing", { id }), { status: 404 });
  const { votes, pending, body, scale, fetch, names, nameChapters, ...evaluation } = page;
  const histogram = BINS.map((bin) => ({
    ...bin,
    count: evaluation.scores.filter((s) => s.score >= bin.from && s.score <= bin.to).reduce((n, s) => n + s.count, 0),
  }));
  const voters = pageOf(votes, limit, (v) => v.voter);
  return {
    evaluation,
    document: shownDocument({ cid: evaluation.cid, language: evaluation.language, body, scale }),
    missing: missingDocument(fetch),
    histogram,
    gatewayUrl: `${env().IPFS_GATEWAY.replace(/\/?$/, "/")}${evaluation.cid}`,
    votes: voters.page,
    next: voters.next,
    pending,
    names,
    nameChapters,
  };
}

const voterColumns = (t: TFunction): Column<VoteRow>[] => [
  { title: t("evaluation.voter"), cell: (v) => <AddressLink address={v.voter} /> },
  { title: t("evaluation.score"), cell: (v) => v.score },
  { title: t("evaluation.block"), cell: (v) => v.block },
];

export default function Evaluation() {
  const { evaluation: e, document, missing, histogram, gatewayUrl, votes, next, pending, names } = useLoaderData<typeof loader>();
  const max = Math.max(1, ...histogram.map((b) => b.count));
  const { t, language } = useI18n();
  const viewer = useViewer();
  return (
    <>
      <h1 lang={document?.language} dir={document ? "auto" : undefined}>
        {evaluationLabel(e, t)}
      </h1>
      <DocumentSection cid={e.cid} document={document} missing={missing} kind="evaluation" showWhy={isViewer(viewer, e.mintedBy) || holds(viewer, "evaluationMinter")} />
      <Facts className="card">
        <Fact term={t("evaluation.chapter")}>
          <ChapterLink id={e.chapterId} label={e.chapterLocation} />
        </Fact>
        <Fact term={t("evaluation.content")}>
          <a href={gatewayUrl} rel="noreferrer" target="_blank" className="cid">
            {e.cid}
          </a>
        </Fact>
        <Fact term={t("evaluation.minted")}>
          <Trans
            t={t}
            i18nKey="evaluation.mintedAt"
            values={{ block: e.block }}
            components={{ time: <Time at={e.timestamp} />, by: <AddressLink address={e.mintedBy} /> }}
          />
        </Fact>
        <Fact term={t("evaluation.votes")} className="tally-count">
          {formatNumber(e.voteCount, language)}
        </Fact>
        <Fact term={t("evaluation.meanScore")} className="tally-mean">
          {mean(e.scoreSum, e.voteCount, language)}
        </Fact>
        <Fact term={t("evaluation.partyExecutiveScore")}>
          {e.partyExecutiveScore ?? "–"}
          {e.partyExecutiveScoredBy ? (
            <>
              {" "}
              <Trans t={t} i18nKey="evaluation.scoredBy" components={{ by: <AddressLink address={e.partyExecutiveScoredBy} /> }} />
            </>
          ) : null}
        </Fact>
        <ExportFact href={`/evaluations/${e.id}/votes.csv`}>{t("evaluation.votesCsv")}</ExportFact>
      </Facts>
      <p className="muted tally-meaning">{t("evaluation.tallyMeaning")}</p>

      <h2>{t("evaluation.vote")}</h2>
      <p className="muted">{t("evaluation.voteRule", { min: SCORE_MIN, max: SCORE_MAX })}</p>
      {document?.scale ? <ScaleMeaning scale={document.scale} language={document.language} direction={document.direction} /> : null}
      <PendingList pending={pending}>
        {(p) => (
          <>
            {" "}
            {t("evaluation.pendingFrom", { sender: nameAndAddress(p.sender, names) })}{" "}
            <span className="muted">({t(`status.operation.${p.status}`)})</span>
          </>
        )}
      </PendingList>
      <ClientOnly>
        <VoteForm evaluationId={e.id} />
        <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
      </ClientOnly>

      <h2>{t("evaluation.scores")}</h2>
      <div className="histogram" role="img" aria-label={t("evaluation.histogram", { min: SCORE_MIN, max: SCORE_MAX })}>
        {histogram.map((b) => (
          <div key={b.from} style={{ height: `${(b.count / max) * 100}%` }} title={`${b.from}..${b.to}: ${b.count}`} data-count={b.count} />
        ))}
      </div>
      <p className="muted">
        {SCORE_MIN} … {SCORE_MAX}
      </p>

      <h2>{t("evaluation.voters")}</h2>
      <DataTable rows={votes} rowKey={(v) => v.voter} columns={voterColumns(t)} />
      <NextPage param="after" cursor={next} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
