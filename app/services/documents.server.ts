/**
 * Documents of evaluations and info messages into the app's store (app.documents): a minter's
 * publish (POST /api/documents) adds and pins the document on the party's IPFS node before
 * anything is signed, and the fetcher (server/documents/fetcher.ts) stores what others minted.
 * Either way a document is stored only with the CID its bytes were verified against, and the pages
 * that name an evaluation or info message of that CID are dropped from the page cache.
 */
import { sql } from "drizzle-orm";
import { rows, views } from "../../db/query.server";
import { readCid } from "../ground/cid";
import type { ContentId } from "../ground/cid";
import { documentRow, encodeDocument, type PartyDocument } from "../documents/document";
import { message, type Message } from "../i18n/message";
import { env } from "../ground/env.server";
import { refused, type Refused } from "../utils/http.server";
import { IpfsMismatchError, IpfsUnavailableError, pinBytes } from "./ipfs.server";

export type VerifiedDocument = { cid: string; document: PartyDocument; size: number };

/**
 * Stores verified documents, marks their fetches done, and drops the cached pages of the
 * evaluations and info messages that point at them (one statement; app.record_page_change).
 */
export async function storeDocuments(documents: readonly VerifiedDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const input = JSON.stringify(documents.map(documentRow));
  await rows(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(cid text, kind text, language text, title text, body text, scale jsonb, size integer)),
    stored as (
      insert into app.documents (cid, kind, language, title, body, scale, size)
      select cid, kind, language, title, body, scale, size from input
      on conflict (cid) do nothing
      returning cid, kind),
    fetched as (
      insert into app.document_fetches (cid, kind, status)
      select cid, kind, 'stored' from input
      -- A fetch is one per CID, of the kind that named it first: a document of the other kind is refused for it.
      on conflict (cid) do update set
        status = case when app.document_fetches.kind = excluded.kind then 'stored' else 'refused' end,
        last_error = case when app.document_fetches.kind = excluded.kind then null else '{"key": "documents.refused.wrongKind"}'::jsonb end,
        updated_at = now()),
    -- Of either kind: a page of the other kind stops saying "waiting" (app/models/documents.server.ts documentFetch).
    shown as (
      select jsonb_build_object('evaluationId', e.id::text) as entity from stored s join ${views}.evaluations e on e.cid = s.cid
      union all
      select jsonb_build_object('infoId', i.id::text) from stored s join ${views}.info_messages i on i.cid = s.cid)
    select app.record_page_change(jsonb_agg(entity)) from shown having count(*) > 0`);
}

export type Published = { ok: true; cid: string; contentId: ContentId };

/** Adds and pins the document on the party's IPFS node, then stores it: its CID to mint with, or why not. */
export async function publishDocument(document: PartyDocument): Promise<Published | Refused> {
  const { IPFS_API_URL, IPFS_API_AUTHORIZATION, IPFS_TIMEOUT_MS } = env();
  if (!IPFS_API_URL) return refused(503, message("documents.api.notConfigured"));
  const bytes = encodeDocument(document);
  let cid: string;
  try {
    cid = await pinBytes(bytes, { apiUrl: IPFS_API_URL, authorization: IPFS_API_AUTHORIZATION, timeoutMs: IPFS_TIMEOUT_MS });
  } catch (error) {
    const unavailable = (detail: string): Message => message("documents.write.unavailable", { detail });
    if (error instanceof IpfsUnavailableError) return refused(503, unavailable(error.detail));
    if (error instanceof IpfsMismatchError) return refused(502, unavailable(error.message));
    throw error;
  }
  const contentId = readCid(cid);
  // pinBytes checked the CID against our own computation: a CIDv0 of sha2-256 always reads.
  if (!contentId.ok) throw new Error(`unreadable CID ${cid}`);
  await storeDocuments([{ cid, document, size: bytes.length }]);
  return { ok: true, cid, contentId: contentId.id };
}
