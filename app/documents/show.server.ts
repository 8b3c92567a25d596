/**
 * A stored document as a loader hands it to the page: its body rendered once per CID (content is
 * addressed, so a CID's HTML never changes and a page-cache miss does not render Markdown again),
 * or, while there is none, the fetcher's state for it.
 */
import type { Message } from "../i18n/message";
import { documentDirection, type MissingDocument, type Scale, type ShownDocument } from "./document";
import { renderMarkdown } from "./markdown";

const MAX_KEPT = 2000;
const kept = new Map<string, string>();

function documentHtml(cid: string, body: string): string {
  let html = kept.get(cid);
  if (html === undefined) {
    html = renderMarkdown(body);
    // Oldest first out: a Map iterates in insertion order.
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(cid, html);
  }
  return html;
}

type StoredColumns = { cid: string; language: string | null; body: string | null; scale: Scale | null };

/** The document to show, when one is stored for the row's CID. */
export function shownDocument({ cid, language, body, scale }: StoredColumns): ShownDocument | null {
  if (language === null || body === null) return null;
  return { language, direction: documentDirection(language), html: documentHtml(cid, body), scale };
}

type FetchState = { status: "waiting" | "stored" | "refused"; attempts: number; lastError: Message | null };

/** Why there is no document yet: null when the fetcher has not seen the CID (it is new). */
export function missingDocument(fetch: FetchState | null): MissingDocument | null {
  if (!fetch || fetch.status === "stored") return null;
  return { status: fetch.status, attempts: fetch.attempts, reason: fetch.lastError };
}
