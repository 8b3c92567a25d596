/**
 * One form for a document and its operation: the draft (./draft.client.ts) beside a live preview
 * in the markup members will read (../../document-view.tsx), and one press that checks the draft
 * and the operation's other fields, stores the document on IPFS and only then signs the operation
 * with the CID the server answered, through the write buttons' machinery
 * (../../wallet/operation-button.client.tsx). Nothing typed is lost on a refusal.
 */
import { useDeferredValue, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { zeroHash } from "viem";
import { SCORE_MAX, SCORE_MIN } from "../../../calls/score";
import { documentDirection, type DocumentKind } from "../../../documents/document";
import { renderMarkdown } from "../../../documents/markdown";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../i18n/language";
import { useI18n } from "../../../i18n/use-i18n";
import { DocumentBody, ScaleMeaning } from "../../document-view";
import { checkArgs, type FieldLabels } from "../../wallet/check-args";
import { Status, useOperation } from "../../wallet/operation-button.client";
import { draftOf, draftProblem, keepDraft, publishDraft, storedDraft, type Draft } from "./draft.client";

/** The live preview: the title, the body and (evaluations) the scale, as the evaluation or info page shows them. */
function Preview({ kind, draft }: { kind: DocumentKind; draft: Draft }) {
  const { t } = useI18n();
  // Typing stays quick in a long text: the preview follows when React has time.
  const shown = useDeferredValue(draft);
  const html = useMemo(() => renderMarkdown(shown.body.replace(/\r\n?/g, "\n").trim()), [shown.body]);
  const direction = documentDirection(shown.language);
  const empty = !shown.title.trim() && !shown.body.trim();
  return (
    <div className="document-preview" data-preview={kind}>
      <h3>{t("documents.write.preview")}</h3>
      {empty ? (
        <p className="muted">{t("documents.write.previewEmpty")}</p>
      ) : (
        <>
          <h4 className="document-title" lang={shown.language} dir="auto">
            {shown.title}
          </h4>
          <article className="document">
            <DocumentBody document={{ language: shown.language, direction, html, scale: null }} />
          </article>
          {kind === "evaluation" ? (
            <ScaleMeaning scale={{ min: shown.min, zero: shown.zero, max: shown.max }} language={shown.language} direction={direction} />
          ) : null}
        </>
      )}
    </div>
  );
}

type PublishState = { phase: "publishing" } | { phase: "published"; cid: string } | { phase: "refused"; text: string } | null;

type PublishFormProps = {
  kind: DocumentKind;
  operation: "mintEvaluation" | "sendInfo";
  submit: string;
  /** The operation's args other than the content, from the form's own fields. */
  args: (form: FormData) => Record<string, unknown>;
  /** Those fields' labels, to name them in the schema's problem. */
  labels: FieldLabels;
  /** Those fields. */
  children: ReactNode;
};

/**
 * Stands in for the content until the CID is known, so the schema checks the operation's other
 * fields (a chapter id) before anything is stored rather than after.
 */
const UNKNOWN_CONTENT = { hashCode: 0x12, hashSize: 32, hashDigest: zeroHash };

/** A draft, its preview, and one button: check, store on IPFS, then sign the operation with the CID. */
export function PublishForm({ kind, operation, submit, args, labels, children }: PublishFormProps) {
  const { t, language: pageLanguage } = useI18n();
  const op = useOperation(operation, labels);
  const [draft, setDraft] = useState<Draft>(() => storedDraft(kind, pageLanguage));
  const [publish, setPublish] = useState<PublishState>(null);
  useEffect(() => keepDraft(kind, draft), [kind, draft]);
  // Minted (sent) with this text: the tab no longer keeps it for a reload; the form still shows it.
  const settled = op.progress?.status === "indexed" || op.progress?.status === "final";
  useEffect(() => {
    if (settled && publish?.phase === "published") keepDraft(kind, null);
  }, [settled, publish, kind]);
  const hint = useId();
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));
  const direction = documentDirection(draft.language);
  const written = { lang: draft.language, dir: direction };

  const publishing = publish?.phase === "publishing";
  const disabled = !op.ready || op.running || publishing;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    const own = args(new FormData(event.currentTarget));
    const problem = checkArgs(operation, { ...own, ...UNKNOWN_CONTENT }, t, labels) ?? draftProblem(kind, draft, t);
    setPublish(null);
    if (!op.check({ ...own, ...UNKNOWN_CONTENT }, problem)) return;
    setPublish({ phase: "publishing" });
    const published = await publishDraft(draftOf(kind, draft), t);
    if (!published.ok) return setPublish({ phase: "refused", text: published.text });
    setPublish({ phase: "published", cid: published.cid });
    await op.run({ ...own, cid: published.cid });
  };

  return (
    <form className="operation operation-form publish-document" data-operation={operation} data-publish={kind} onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="publish-fields">
        {children}
        <label>
          {t("documents.write.language")}
          <select name="language" value={draft.language} onChange={set("language")}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("documents.write.title")}
          <input name="title" value={draft.title} onChange={set("title")} autoComplete="off" {...written} />
        </label>
        <label>
          {t("documents.write.body")}
          <textarea name="body" value={draft.body} onChange={set("body")} rows={12} aria-describedby={hint} {...written} />
        </label>
        <p id={hint} className="muted hint">
          {t("documents.write.bodyHint")}
        </p>
        {kind === "evaluation" ? (
          <fieldset className="scale-fields">
            <legend>{t("documents.scaleHeading")}</legend>
            <label>
              {t("documents.write.scaleMin", { score: SCORE_MIN })}
              <input name="scaleMin" value={draft.min} onChange={set("min")} autoComplete="off" {...written} />
            </label>
            <label>
              {t("documents.write.scaleZero")}
              <input name="scaleZero" value={draft.zero} onChange={set("zero")} autoComplete="off" {...written} />
            </label>
            <label>
              {t("documents.write.scaleMax", { score: SCORE_MAX })}
              <input name="scaleMax" value={draft.max} onChange={set("max")} autoComplete="off" {...written} />
            </label>
          </fieldset>
        ) : null}
        <div className="publish-actions">
          <button type="submit" disabled={disabled}>
            {submit}
          </button>{" "}
          {publish?.phase === "publishing" ? (
            <output className="operation-status" data-status="publishing">
              {t("documents.write.publishing")}
            </output>
          ) : publish?.phase === "refused" ? (
            <span role="alert" data-status="refused">
              {publish.text}
            </span>
          ) : (
            <>
              {publish?.phase === "published" ? (
                <output className="published" data-status="published" data-cid={publish.cid}>
                  {t("documents.write.published", { cid: publish.cid })}
                </output>
              ) : null}{" "}
              <Status state={op} />
            </>
          )}
        </div>
      </div>
      <Preview kind={kind} draft={draft} />
    </form>
  );
}
