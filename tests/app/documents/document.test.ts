/**
 * Why bytes are not a document travels as keys (the fetcher stores it as jsonb), so the minter's
 * page says it in the page's language, the problem included, not in the English zod was given.
 */
import { describe, expect, it } from "vitest";
import "../../../app/i18n/i18n.server.js";
import { readDocument } from "../../../app/documents/document.js";
import { say } from "../../../app/i18n/message.js";
import { tFor } from "../../../app/i18n/instance.js";
import { message } from "../../../app/i18n/message.js";

const bytes = (document: object) => new TextEncoder().encode(JSON.stringify({ format: "party-document/1", kind: "evaluation", language: "en", scale: { min: "a", zero: "b", max: "c" }, ...document }));

describe("a document that does not verify as one says why in each page's language", () => {
  it.each([
    ["an empty title", { title: " ", body: "x" }, { en: "the document is not valid: title is required", de: "das Dokument ist ungültig: title ist erforderlich" }],
    ["a title over 200 characters", { title: "t".repeat(201), body: "x" }, { en: "title must have at most 200 characters", de: "title darf höchstens 200 Zeichen haben" }],
    ["raw HTML in the body", { title: "T", body: "<b>x</b>" }, { en: "body contains HTML (<b>)", de: "body enthält HTML (<b>)" }],
  ])("%s", (_what, document, expected) => {
    const read = readDocument(bytes(document));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const reason = message(`documents.refused.${read.reason}`, read.values);
    for (const [language, text] of Object.entries(expected)) expect(say(tFor(language), reason)).toContain(text);
    // Arabic has its own words for the problem; none of the English one is left in it.
    expect(say(tFor("ar"), reason)).not.toMatch(/required|must|contains/);
  });
});
