/**
 * The documents of evaluations and info messages (app.documents, db/migrations/0015) as the pages
 * read them: SQL fragments that the page statements embed, so a title costs no statement of its own.
 * A document is shown only as the kind it says it is.
 */
import { sql, type SQL } from "drizzle-orm";
import { V } from "../../db/query.server";

/** The stored title of the evaluation whose id is `id` (an SQL expression), or null. */
export const evaluationTitle = (id: SQL) =>
  sql`(select d.title from ${V}.evaluations te join app.documents d on d.cid = te.cid and d.kind = 'evaluation' where te.id = ${id})`;

/** The stored title of the document at `cid` (an SQL expression) of `kind`, or null. */
export const documentTitle = (cid: SQL, kind: "evaluation" | "info") =>
  sql`(select d.title from app.documents d where d.cid = ${cid} and d.kind = ${kind})`;
