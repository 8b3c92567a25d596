/**
 * The demo data's documents (app/documents/document.ts): what the 20 evaluations ask members to
 * score and what the 30 info messages announce, in English, German and Arabic, one Markdown file
 * each in ./documents/evaluations/ and ./documents/info/, in id order by file name. Evaluation i is
 * of the chapter the plan gives it (CITIES[(i - 1) % 15] of shape.ts: Berlin … Anchorage, then
 * Berlin … Tokyo again), as its file name says; info message i fits the event name the plan gives
 * it, its file name's second part. Every text is fictional.
 *
 * A file is a header of `name: value` lines between two `---` lines (`language`, `title`, and for
 * an evaluation what its scale's `min`, `zero` and `max` mean), then the body. Each document is as
 * `evaluationDraftSchema`/`infoDraftSchema` read it back: trimmed, "\n" line breaks, no raw HTML
 * (not even a "<"), titles of at most 120 characters (tests/scripts/demo-documents.test.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import type { EvaluationDocument, InfoDocument } from "../../../app/documents/document.js";

const DIRECTORY = new URL("./documents/", import.meta.url);

/** The header's fields and the body of each file in `folder`, in file name order. */
function readDocuments(folder: "evaluations" | "info"): { name: string; fields: Map<string, string>; body: string }[] {
  const directory = new URL(`${folder}/`, DIRECTORY);
  return readdirSync(directory)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const text = readFileSync(new URL(name, directory), "utf8").replace(/\r\n?/g, "\n");
      const parts = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!parts) throw new Error(`${folder}/${name}: no header between two "---" lines`);
      const fields = new Map(
        parts[1]!.split("\n").map((line) => {
          const colon = line.indexOf(": ");
          if (colon < 1) throw new Error(`${folder}/${name}: "${line}" is not "name: value"`);
          return [line.slice(0, colon), line.slice(colon + 2).trim()] as const;
        }),
      );
      return { name: `${folder}/${name}`, fields, body: parts[2]!.trim() };
    });
}

function field(document: { name: string; fields: Map<string, string> }, key: string): string {
  const value = document.fields.get(key);
  if (!value) throw new Error(`${document.name}: no "${key}:" in its header`);
  return value;
}

export const DEMO_EVALUATION_DOCUMENTS: readonly EvaluationDocument[] = readDocuments("evaluations").map((document) => ({
  kind: "evaluation",
  language: field(document, "language"),
  title: field(document, "title"),
  body: document.body,
  scale: { min: field(document, "min"), zero: field(document, "zero"), max: field(document, "max") },
}));

export const DEMO_INFO_DOCUMENTS: readonly InfoDocument[] = readDocuments("info").map((document) => ({
  kind: "info",
  language: field(document, "language"),
  title: field(document, "title"),
  body: document.body,
}));
