/**
 * The content of an evaluation or an info message: a small JSON document, stored on IPFS, whose
 * CIDv0 the contract holds (docs/decisions/0011-documents.md). Browser and server share this module:
 * the minter's form checks with the same schema the server checks again, and the fetcher reads
 * documents minted by any client with `readDocument`.
 *
 *   {
 *     "format": "party-document/1",
 *     "kind": "evaluation",
 *     "language": "de",
 *     "title": "Wie gut hat das Kapitel Berlin den Wahlkampf geführt?",
 *     "body": "Markdown …",
 *     "scale": { "min": "…", "zero": "…", "max": "…" }
 *   }
 *
 * `scale` says what the lowest score (−128), 0 and the highest (127) stand for; evaluations only.
 * The bytes are `encodeDocument`'s: keys in this order, two-space indentation, a final newline.
 */
import { z } from "zod";
import { issueMessage, problem } from "../calls/issue";
import type { Message, MessageValues } from "../i18n/message";
import { findHtml } from "./markdown";

export const DOCUMENT_FORMAT_NAME = "party-document";
export const DOCUMENT_VERSION = 1;
export const DOCUMENT_FORMAT = `${DOCUMENT_FORMAT_NAME}/${DOCUMENT_VERSION}`;

/** The fetcher refuses a document larger than this (its UnixFS file size). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
export const MAX_TITLE_CHARS = 200;
/** A body is read on one page: 50,000 characters is about 25 printed pages. */
export const MAX_BODY_CHARS = 50_000;
export const MAX_SCALE_CHARS = 200;

export const DOCUMENT_KINDS = ["evaluation", "info"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Scripts written right to left: the document is shown `dir="rtl"`. */
const RTL_LANGUAGES = new Set(["ar", "fa", "he", "ur", "ps", "sd", "yi", "dv", "ug", "ku"]);
export const documentDirection = (language: string): "ltr" | "rtl" => (RTL_LANGUAGES.has(language.split("-")[0]!.toLowerCase()) ? "rtl" : "ltr");

// Control characters other than tab and line breaks never belong in a text (and Postgres text cannot hold NUL).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** A one-line text of 1 to `max` characters, trimmed. */
const line = (max: number, key: "title" | "scaleText") =>
  z.unknown().transform((value, ctx): string => {
    const text = typeof value === "string" ? value.trim() : undefined;
    if (!text) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem("required") });
    else if ([...text].length > max) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem("tooLong", { max }) });
    else if (CONTROL.test(text) || LINE_BREAK.test(text)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem(key) });
    else return text;
    return z.NEVER;
  });

const body = z.unknown().transform((value, ctx): string => {
  const text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : undefined;
  const html = text ? findHtml(text) : undefined;
  if (text === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem("required") });
  else if ([...text].length > MAX_BODY_CHARS) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem("tooLong", { max: MAX_BODY_CHARS }) });
  else if (CONTROL.test(text)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem("controlCharacters") });
  else if (html) ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem("bodyHtml", { html }) });
  else return text;
  return z.NEVER;
});

/** A language tag (BCP 47's common shape: "de", "ar", "pt-BR"). */
const language = z.unknown().transform((value, ctx): string => {
  if (typeof value === "string" && /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/.test(value.trim())) return value.trim();
  ctx.addIssue({ code: z.ZodIssueCode.custom, ...(value === undefined || value === "" ? problem("required") : problem("language")) });
  return z.NEVER;
});

export const scaleSchema = z.object({ min: line(MAX_SCALE_CHARS, "scaleText"), zero: line(MAX_SCALE_CHARS, "scaleText"), max: line(MAX_SCALE_CHARS, "scaleText") });
export type Scale = z.infer<typeof scaleSchema>;

/** A stored document, ready to show (the loader renders its HTML). */
export type ShownDocument = { language: string; direction: "ltr" | "rtl"; html: string; scale: Scale | null };

/** Why a document is not shown (yet): the fetcher's state for its CID. */
export type MissingDocument = { status: "waiting" | "refused"; attempts: number; reason: Message | null };

const common = { language, title: line(MAX_TITLE_CHARS, "title"), body };

/** What the minter writes (the form and POST /api/documents): the document without its format line. */
export const evaluationDraftSchema = z.object({ kind: z.literal("evaluation"), ...common, scale: scaleSchema });
export const infoDraftSchema = z.object({ kind: z.literal("info"), ...common });
const knownKind = z.unknown().superRefine((value, ctx) => {
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  if (!(DOCUMENT_KINDS as readonly unknown[]).includes(kind)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["kind"], fatal: true, ...problem("documentKind") });
});
export const draftSchema = knownKind.pipe(z.discriminatedUnion("kind", [evaluationDraftSchema, infoDraftSchema]));

export type EvaluationDocument = z.infer<typeof evaluationDraftSchema>;
export type InfoDocument = z.infer<typeof infoDraftSchema>;
export type PartyDocument = EvaluationDocument | InfoDocument;

/** The document's bytes, as stored on IPFS: the same document always gives the same bytes (and CID). */
export function encodeDocument(document: PartyDocument): Uint8Array {
  const ordered =
    document.kind === "evaluation"
      ? { format: DOCUMENT_FORMAT, kind: document.kind, language: document.language, title: document.title, body: document.body, scale: { min: document.scale.min, zero: document.scale.zero, max: document.scale.max } }
      : { format: DOCUMENT_FORMAT, kind: document.kind, language: document.language, title: document.title, body: document.body };
  return new TextEncoder().encode(`${JSON.stringify(ordered, null, 2)}\n`);
}

/** A verified document as app.documents keeps it (one row: the scale only for an evaluation). */
export const documentRow = ({ cid, document, size }: { cid: string; document: PartyDocument; size: number }) => ({
  cid,
  kind: document.kind,
  language: document.language,
  title: document.title,
  body: document.body,
  scale: document.kind === "evaluation" ? document.scale : null,
  size,
});

/** Why bytes are not a document this app shows: a key of `documents.refused` and its values. */
export type Unreadable = { reason: "notJson" | "notADocument" | "unknownVersion" | "invalid"; values?: MessageValues };

/**
 * The document in `bytes` (already verified against its CID), or why it is not one. Any client may
 * write the bytes, so nothing is assumed: the same checks as the form's, and a known format version.
 */
export function readDocument(bytes: Uint8Array): { ok: true; document: PartyDocument } | ({ ok: false } & Unreadable) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: "notJson" };
  }
  const format = typeof parsed === "object" && parsed !== null ? (parsed as { format?: unknown }).format : undefined;
  const match = typeof format === "string" ? /^party-document\/(\d{1,6})$/.exec(format) : null;
  if (!match) return { ok: false, reason: "notADocument" };
  if (Number(match[1]) !== DOCUMENT_VERSION) return { ok: false, reason: "unknownVersion", values: { version: match[1]! } };
  const checked = draftSchema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    // The problem as its key and values, so each page says it in its own language (`$t({{problem}})`).
    const said = issueMessage(issue);
    return { ok: false, reason: "invalid", values: { ...said.values, field: issue.path.join("."), problem: said.key } };
  }
  return { ok: true, document: checked.data };
}
