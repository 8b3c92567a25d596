/** The info message feed, newest first, filterable by event name and info type; one message with its document. */
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { firstRow, rows, views } from "../../db/query.server";
import type { ViewerStanding } from "../ground/profile-visibility";
import { withNames, type Named } from "./names.server";
import type { Message } from "../i18n/message";
import { documentFetch } from "./documents.server";

export type InfoMessage = {
  id: string;
  eventName: string;
  infoType: number;
  cid: string;
  /** The document's title and language once verified and stored (app.documents); null until then. */
  title: string | null;
  language: string | null;
  sender: Address;
  block: string;
  timestamp: string;
};

const infoColumns = sql.raw(`i.id::text as "id", i.event_name as "eventName", i.info_type as "infoType", i.cid, d.title, d.language,
  i.sender, i.block::text as "block", i.timestamp::text as "timestamp"`);
const infoFrom = sql`${views}.info_messages i left join app.documents d on d.cid = i.cid and d.kind = 'info'`;

/** The newest info messages, each with the name of its sender that `viewer` may see (withNames; null: a stranger's). */
export function listInfoMessages({
  eventName,
  infoType,
  before,
  limit,
  viewer = null,
}: { eventName?: string; infoType?: number; before?: bigint; limit: number; viewer?: ViewerStanding | null }) {
  const filters = [
    eventName !== undefined ? sql`i.event_name = ${eventName}` : undefined,
    infoType !== undefined ? sql`i.info_type = ${infoType}` : undefined,
    before !== undefined ? sql`i.id < ${before.toString()}` : undefined,
  ].filter((f) => f !== undefined);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  return rows<InfoMessage & Named>(
    withNames(
      sql`select ${infoColumns}
        from ${infoFrom} ${where}
        order by i.id desc
        limit ${limit}`,
      viewer,
    ),
  );
}

export type InfoMessageDetail = InfoMessage & {
  body: string | null;
  /** The fetcher's state for the CID (app.document_fetches); null when it has not seen it yet. */
  fetch: { status: "waiting" | "stored" | "refused"; attempts: number; lastError: Message | null } | null;
};

/** One info message with its document, or the fetcher's state while there is none; and its sender's name as `viewer` may see it. */
export function getInfoMessage(id: bigint, viewer: ViewerStanding | null = null) {
  return firstRow<InfoMessageDetail & Named>(
    withNames(
      sql`select ${infoColumns}, d.body, ${documentFetch(sql`i.cid`, "info")} as "fetch"
        from ${infoFrom}
        where i.id = ${id.toString()}`,
      viewer,
    ),
  );
}
