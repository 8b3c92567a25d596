/**
 * An evaluation's or info message's document as members read it: the body (Markdown rendered to
 * safe HTML by app/documents/markdown.ts, in the document's own language and direction), "verified
 * against the chain" with its CID, what the scores mean, and until the document is here, why not.
 */
import type { MissingDocument, Scale, ShownDocument } from "../documents/document";
import { say } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { SCORE_MAX, SCORE_MIN } from "../calls/score";

/** The body; `lang` and `dir` are the document's, whatever the page's language. */
export function DocumentBody({ document }: { document: ShownDocument }) {
  return <div className="document-body" lang={document.language} dir={document.direction} dangerouslySetInnerHTML={{ __html: document.html }} />;
}

/** "Verified against the chain" and the CID (the page's facts link it to a public gateway for anyone to check). */
export function VerifiedCid({ cid }: { cid: string }) {
  const { t } = useI18n();
  return (
    <p className="verified" data-verified={cid}>
      <span className="verified-mark">✓ {t("documents.verified")}</span> <code className="cid">{cid}</code>
      <br />
      <span className="muted">{t("documents.verifiedDetail")}</span>
    </p>
  );
}

/** What the lowest score, 0 and the highest stand for, in the document's language. */
export function ScaleMeaning({ scale, language, direction }: { scale: Scale; language: string; direction: "ltr" | "rtl" }) {
  const { t } = useI18n();
  const rows = [
    { score: SCORE_MIN, name: t("documents.scaleLowest"), text: scale.min },
    { score: 0, name: t("documents.scaleMiddle"), text: scale.zero },
    { score: SCORE_MAX, name: t("documents.scaleHighest"), text: scale.max },
  ];
  return (
    <section className="scale card" aria-labelledby="scale-heading">
      <h3 id="scale-heading">{t("documents.scaleHeading")}</h3>
      <dl className="facts">
        {rows.map((row) => (
          <div key={row.score} className="scale-row" data-score={row.score}>
            <dt>
              <bdi>{row.score}</bdi> <span className="muted">({row.name})</span>
            </dt>
            <dd lang={language} dir={direction}>
              {row.text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The notice until the document is here (or that it never will be); the reason only for `showWhy` (its minter). */
export function DocumentMissing({ missing, kind, showWhy }: { missing: MissingDocument | null; kind: "evaluation" | "info"; showWhy: boolean }) {
  const { t } = useI18n();
  const refused = missing?.status === "refused";
  const info = kind === "info";
  const notice = refused ? (info ? "documents.refusedNoticeInfo" : "documents.refusedNotice") : info ? "documents.waitingInfo" : "documents.waiting";
  const reason = missing?.reason ? say(t, missing.reason) : null;
  return (
    <div className="document-missing card" role="status" data-document={missing?.status ?? "waiting"}>
      <p>{t(notice)}</p>
      {showWhy && reason ? (
        <p className="muted" data-why>
          {refused ? t("documents.whyRefused", { reason }) : t("documents.why", { reason, count: missing!.attempts })}
        </p>
      ) : null}
    </div>
  );
}

/** The document as members read it with its CID verified, or the notice while it is not here. */
export function DocumentSection({ cid, document, missing, kind, showWhy }: { cid: string; document: ShownDocument | null; missing: MissingDocument | null; kind: "evaluation" | "info"; showWhy: boolean }) {
  if (!document) return <DocumentMissing missing={missing} kind={kind} showWhy={showWhy} />;
  return (
    <article className="document">
      <DocumentBody document={document} />
      <VerifiedCid cid={cid} />
    </article>
  );
}
