/**
 * The documents of evaluations and info messages (app.documents, db/migrations/0015) as the pages
 * read them: SQL fragments that the page statements embed, so a title costs no statement of its own.
 * A document is shown only as the kind it says it is.
 */
import { sql, type SQL } from "drizzle-orm";
import { views } from "../../db/query.server";

/** The stored title of the evaluation whose id is `id` (an SQL expression), or null. */
export const evaluationTitle = (id: SQL) =>
  sql`(select d.title from ${views}.evaluations te join app.documents d on d.cid = te.cid and d.kind = 'evaluation' where te.id = ${id})`;

/** The stored title of the info message whose id is `id` (an SQL expression), or null. */
export const infoTitle = (id: SQL) =>
  sql`(select d.title from ${views}.info_messages ti join app.documents d on d.cid = ti.cid and d.kind = 'info' where ti.id = ${id})`;

/** The stored title of the document at `cid` (an SQL expression) of `kind`, or null. */
export const documentTitle = (cid: SQL, kind: "evaluation" | "info") =>
  sql`(select d.title from app.documents d where d.cid = ${cid} and d.kind = ${kind})`;

/**
 * The fetcher's state for the document at `cid` (an SQL expression) that the page wants as `kind`:
 * JSON `{ status, attempts, lastError }` (app.document_fetches), or null while the fetcher has not
 * seen the CID. A fetch is one per CID: when it stored a document of the other kind (the CID was
 * named or published as that kind first), this one is refused as documents.refused.wrongKind.
 */
export const documentFetch = (cid: SQL, kind: "evaluation" | "info") =>
  sql`(select case when f.status = 'stored' and not exists (select 1 from app.documents k where k.cid = f.cid and k.kind = ${kind})
      then json_build_object('status', 'refused', 'attempts', f.attempts, 'lastError', json_build_object('key', 'documents.refused.wrongKind'))
      else json_build_object('status', f.status, 'attempts', f.attempts, 'lastError', f.last_error) end
    from app.document_fetches f where f.cid = ${cid})`;
