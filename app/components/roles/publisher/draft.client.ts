/**
 * A publisher's draft (./publish-form.client.tsx): what the writer types, kept in the tab until
 * it is minted (sent), checked with the schema the server checks again (app/documents/document.ts),
 * and stored on IPFS through POST /api/documents, its refusals said in the page's language.
 */
import type { TFunction } from "i18next";
import { fieldProblem } from "../../../calls/issue";
import { inputIssue } from "../../../calls/operation";
import { SCORE_MAX, SCORE_MIN } from "../../../calls/score";
import { evaluationDraftSchema, infoDraftSchema, type DocumentKind } from "../../../documents/document";
import { saidOf } from "../../../i18n/message";
import { sayServerMessage } from "../../../i18n/spec-texts";

/** What the writer types; the scale is an evaluation's only. */
export type Draft = { language: string; title: string; body: string; min: string; zero: string; max: string };
const DRAFT_FIELDS = ["language", "title", "body", "min", "zero", "max"] as const;

/**
 * The draft is kept in the tab's sessionStorage until it is minted (sent): signing without a
 * wallet session logs in and reloads the page (SPEC 8), and a reload must not lose a long text.
 */
const draftKey = (kind: DocumentKind) => `party.draft.${kind}`;

export function storedDraft(kind: DocumentKind, language: string): Draft {
  const empty: Draft = { language, title: "", body: "", min: "", zero: "", max: "" };
  try {
    const kept = JSON.parse(sessionStorage.getItem(draftKey(kind)) ?? "null") as Record<string, unknown> | null;
    if (kept && DRAFT_FIELDS.every((field) => typeof kept[field] === "string")) return kept as Draft;
  } catch {
    // No storage (a private window's quota, a policy) or not ours: start empty.
  }
  return empty;
}

export function keepDraft(kind: DocumentKind, draft: Draft | null) {
  try {
    if (draft && (draft.title || draft.body || draft.min || draft.zero || draft.max)) sessionStorage.setItem(draftKey(kind), JSON.stringify(draft));
    else sessionStorage.removeItem(draftKey(kind));
  } catch {
    // Kept in the form only.
  }
}

export const draftOf = (kind: DocumentKind, d: Draft) =>
  kind === "evaluation"
    ? { kind, language: d.language, title: d.title, body: d.body, scale: { min: d.min, zero: d.zero, max: d.max } }
    : { kind, language: d.language, title: d.title, body: d.body };

/** The draft's labels by the schema's field paths (and POST /api/documents' `field`). */
export function draftLabels(t: TFunction): Record<string, string> {
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
export function draftProblem(kind: DocumentKind, draft: Draft, t: TFunction): string | null {
  const parsed = (kind === "evaluation" ? evaluationDraftSchema : infoDraftSchema).safeParse(draftOf(kind, draft));
  if (parsed.success) return null;
  const { field, said } = inputIssue(parsed.error, []);
  return fieldProblem(t, draftLabels(t)[field] ?? field, said);
}

type Published = { ok: true; cid: string } | { ok: false; text: string };

/** POST /api/documents: the CID to sign with, or the refusal in the page's language. */
export async function publishDraft(draft: object, t: TFunction): Promise<Published> {
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
