/**
 * The publishers' forms. The evaluation minter writes an evaluation (title, Markdown body, the
 * text's language, what the lowest score, 0 and the highest mean) and the info sender an info
 * message, beside a live preview in the markup members will read (../document-view.tsx). One
 * press: the draft is checked with the schema the server checks again (app/documents/document.ts),
 * stored on IPFS (POST /api/documents), and only then is the operation signed, with the CID the
 * server answered, through the write buttons' machinery (./operation-button.client.tsx). A refusal
 * is said in the page's language and nothing typed is lost. A CID made elsewhere can still be
 * minted or sent from the form in <details>, its parts (or why it cannot go on chain) shown as it
 * is typed.
 */
import type { TFunction } from "i18next";
import { useDeferredValue, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { zeroHash } from "viem";
import { readCid } from "../../calls/cid";
import { callsMessage, fieldProblem } from "../../calls/issue";
import { inputIssue } from "../../calls/operation";
import { documentDirection, evaluationDraftSchema, infoDraftSchema, type DocumentKind } from "../../documents/document";
import { renderMarkdown } from "../../documents/markdown";
import { saidOf } from "../../i18n/message";
import { LANGUAGE_NAMES, LANGUAGES } from "../../i18n/language";
import { sayServerMessage } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import { SCORE_MAX, SCORE_MIN } from "../../calls/score";
import { DocumentBody, ScaleMeaning } from "../document-view";
import { checkArgs, type FieldLabels } from "./check-args";
import { Status, useOperation } from "./operation-button.client";
import { OperationForm } from "./operation-form.client";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
// An empty CID is reported as a bad CID, not as the hash parts this form does not ask for.
const cidOf = (form: FormData) => text(form, "cid") || " ";

/** The CID field, with what it decodes to (or why it cannot go on chain) under it as it is typed. */
// hashCode, hashSize and hashDigest are the contract's names for the parts, in every language.
function CidField() {
  const [value, setValue] = useState("");
  const { t } = useI18n();
  const read = value.trim() ? readCid(value) : undefined;
  return (
    <div className="cid-field">
      <label>
        CID{" "}
        <input name="cid" value={value} onChange={(e) => setValue(e.target.value)} size={60} spellCheck={false} autoComplete="off" placeholder={t("publishers.cidPlaceholder")} />
      </label>
      {read?.ok ? (
        <dl className="facts cid-parts" aria-label={t("publishers.decodedCid")}>
          <dt>hashCode</dt>
          <dd data-part="hashCode">{read.id.hashCode}</dd>
          <dt>hashSize</dt>
          <dd data-part="hashSize">{read.id.hashSize}</dd>
          <dt>hashDigest</dt>
          <dd data-part="hashDigest">
            <code>{read.id.hashDigest}</code>
          </dd>
        </dl>
      ) : read ? (
        <p className="cid-parts muted" data-part="none" data-problem={read.problem}>
          {read.problem === "cid" ? t("publishers.notACid") : fieldProblem(t, "CID", callsMessage(read.problem))}
        </p>
      ) : null}
    </div>
  );
}

/** What the writer types; the scale is an evaluation's only. */
type Draft = { language: string; title: string; body: string; min: string; zero: string; max: string };
const DRAFT_FIELDS = ["language", "title", "body", "min", "zero", "max"] as const;

/**
 * The draft is kept in the tab's sessionStorage until it is minted (sent): signing without a
 * wallet session logs in and reloads the page (SPEC 8), and a reload must not lose a long text.
 */
const draftKey = (kind: DocumentKind) => `party.draft.${kind}`;

function storedDraft(kind: DocumentKind, language: string): Draft {
  const empty: Draft = { language, title: "", body: "", min: "", zero: "", max: "" };
  try {
    const kept = JSON.parse(sessionStorage.getItem(draftKey(kind)) ?? "null") as Record<string, unknown> | null;
    if (kept && DRAFT_FIELDS.every((field) => typeof kept[field] === "string")) return kept as Draft;
  } catch {
    // No storage (a private window's quota, a policy) or not ours: start empty.
  }
  return empty;
}

function keepDraft(kind: DocumentKind, draft: Draft | null) {
  try {
    if (draft && (draft.title || draft.body || draft.min || draft.zero || draft.max)) sessionStorage.setItem(draftKey(kind), JSON.stringify(draft));
    else sessionStorage.removeItem(draftKey(kind));
  } catch {
    // Kept in the form only.
  }
}

const draftOf = (kind: DocumentKind, d: Draft) =>
  kind === "evaluation"
    ? { kind, language: d.language, title: d.title, body: d.body, scale: { min: d.min, zero: d.zero, max: d.max } }
    : { kind, language: d.language, title: d.title, body: d.body };

/** The draft's labels by the schema's field paths (and POST /api/documents' `field`). */
function draftLabels(t: TFunction): Record<string, string> {
  return {
    language: t("documents.write.language"),
    title: t("documents.write.title"),
    body: t("documents.write.body"),
    "scale.min": t("documents.write.scaleMin", { score: SCORE_MIN }),
    "scale.zero": t("documents.write.scaleZero"),
    "scale.max": t("documents.write.scaleMax", { score: SCORE_MAX }),
  };
}

/** The draft's first problem in the page's language ("Titel: ist erforderlich"), null when the server would take it. */
function draftProblem(kind: DocumentKind, draft: Draft, t: TFunction): string | null {
  const parsed = (kind === "evaluation" ? evaluationDraftSchema : infoDraftSchema).safeParse(draftOf(kind, draft));
  if (parsed.success) return null;
  const { field, said } = inputIssue(parsed.error, []);
  return fieldProblem(t, draftLabels(t)[field] ?? field, said);
}

type Published = { ok: true; cid: string } | { ok: false; text: string };

/** POST /api/documents: the CID to sign with, or the refusal in the page's language. */
async function publishDraft(draft: object, t: TFunction): Promise<Published> {
  let response: Response;
  try {
    response = await fetch("/api/documents", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(draft),
    });
  } catch {
    return { ok: false, text: t("documents.write.offline") };
  }
  const answer = (await response.json().catch(() => ({}))) as { cid?: unknown; message?: unknown; key?: unknown; values?: unknown; field?: unknown };
  if (response.ok && typeof answer.cid === "string") return { ok: true, cid: answer.cid };
  const said = saidOf(answer);
  if (!said) return { ok: false, text: typeof answer.message === "string" ? answer.message : t("documents.write.failed", { status: response.status }) };
  // A 400 names the draft's field, as the form's own check does.
  if (typeof answer.field === "string" && answer.field) return { ok: false, text: fieldProblem(t, draftLabels(t)[answer.field] ?? answer.field, said) };
  return { ok: false, text: sayServerMessage(t, said, typeof answer.message === "string" ? answer.message : said.key) };
}

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
function PublishForm({ kind, operation, submit, args, labels, children }: PublishFormProps) {
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

/** "Mint evaluation" for a chapter (its id typed in, or filled in from the page): written here, or from a CID made elsewhere. */
export function MintEvaluation({ chapterId = "" }: { chapterId?: string }) {
  const { t } = useI18n();
  const chapterField = (
    <label>
      {t("chapter.id")} <input name="chapterId" inputMode="numeric" size={6} defaultValue={chapterId} />
    </label>
  );
  return (
    <div className="publisher">
      <PublishForm
        kind="evaluation"
        operation="mintEvaluation"
        submit={t("documents.write.publishAndMint")}
        args={(form) => ({ chapterId: text(form, "chapterId") })}
        labels={{ chapterId: t("chapter.id") }}
      >
        {chapterField}
      </PublishForm>
      <details className="from-cid">
        <summary>{t("documents.write.fromCid")}</summary>
        <OperationForm
          operation="mintEvaluation"
          className="mint-evaluation"
          submit={t("publishers.mint")}
          args={(form) => ({ chapterId: text(form, "chapterId"), cid: cidOf(form) })}
          labels={{ chapterId: t("chapter.id"), cid: "CID" }}
        >
          {chapterField}
          <CidField />
        </OperationForm>
      </details>
    </div>
  );
}

/** "Send info": an event name, an info type (0 to 255) and the message, written here or from a CID made elsewhere. */
export function SendInfo() {
  const { t } = useI18n();
  const infoArgs = (form: FormData) => ({ eventName: String(form.get("eventName") ?? ""), infoType: text(form, "infoType") });
  const labels = { eventName: t("info.eventName"), infoType: t("info.infoType") };
  const infoFields = (
    <>
      <label>
        {t("info.eventName")} <input name="eventName" maxLength={64} />
      </label>{" "}
      <label>
        {t("info.infoType")} <input name="infoType" inputMode="numeric" size={4} />
      </label>
    </>
  );
  return (
    <div className="publisher">
      <PublishForm kind="info" operation="sendInfo" submit={t("documents.write.publishAndSend")} args={infoArgs} labels={labels}>
        {infoFields}
      </PublishForm>
      <details className="from-cid">
        <summary>{t("documents.write.fromCidInfo")}</summary>
        <OperationForm
          operation="sendInfo"
          className="send-info"
          submit={t("publishers.send")}
          args={(form) => ({ ...infoArgs(form), cid: cidOf(form) })}
          labels={{ ...labels, cid: "CID" }}
        >
          {infoFields}
          <CidField />
        </OperationForm>
      </details>
    </div>
  );
}
