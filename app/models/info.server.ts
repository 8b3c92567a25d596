/** The info message feed, newest first, filterable by event name and info type. */
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { rows, V } from "../../db/query.server";

export type InfoMessage = {
  id: string;
  eventName: string;
  infoType: number;
  cid: string;
  sender: Address;
  block: string;
  timestamp: string;
};

export function listInfoMessages({
  eventName,
  infoType,
  before,
  limit,
}: { eventName?: string; infoType?: number; before?: bigint; limit: number }) {
  const filters = [
    eventName !== undefined ? sql`event_name = ${eventName}` : undefined,
    infoType !== undefined ? sql`info_type = ${infoType}` : undefined,
    before !== undefined ? sql`id < ${before.toString()}` : undefined,
  ].filter((f) => f !== undefined);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  return rows<InfoMessage>(sql`
    select id::text as "id", event_name as "eventName", info_type as "infoType", cid, sender,
      block::text as "block", timestamp::text as "timestamp"
    from ${V}.info_messages i ${where}
    order by i.id desc
    limit ${limit}`);
}
