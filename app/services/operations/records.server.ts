/**
 * The server's record of the user operations members sent (app.pending_operations, by hash), as
 * registration and advancing read and write it. The status rules are app/utils/operation-status.ts.
 */
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { rows } from "../../../db/query.server";
import { interpolation, type Message } from "../../i18n/message";
import type { OperationStatus } from "../../ground/operation-statuses";
import type { OperationRecord } from "../../utils/operation-status";
import { toIso } from "../../ground/format";
import { messageBody } from "../../utils/http.server";

export type Row = {
  userOpHash: Hex;
  sender: Address;
  operation: string;
  subject: OperationRecord["subject"];
  status: OperationStatus;
  transactionHash: Hex | null;
  blockNumber: string | null;
  /** Why it failed, as a message (jsonb since migration 0017); words only when answered. */
  error: Message | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** When the member clicked (null before migration 0007): analytics only, never answered. */
  clickedAt: Date | string | null;
};

export const COLUMNS = sql.raw(`user_op_hash as "userOpHash", sender, operation, subject, status, transaction_hash as "transactionHash",
  block_number::text as "blockNumber", error, created_at as "createdAt", updated_at as "updatedAt", clicked_at as "clickedAt"`);

/** A failure as the jsonb column takes it (cast with `::jsonb`); null for none. */
export const storedError = (error: Message | null): string | null =>
  error === null ? null : JSON.stringify(error.values === undefined ? { key: error.key } : { key: error.key, values: interpolation(error.values) });

export function toRecord(row: Row): OperationRecord {
  return {
    userOpHash: row.userOpHash,
    sender: row.sender,
    operation: row.operation,
    subject: row.subject,
    status: row.status,
    transactionHash: row.transactionHash,
    blockNumber: row.blockNumber === null ? null : Number(row.blockNumber),
    error: row.error === null ? null : messageBody(row.error),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export async function findRow(hash: Hex): Promise<Row | undefined> {
  const [row] = await rows<Row>(sql`select ${COLUMNS} from app.pending_operations where user_op_hash = ${hash}`);
  return row;
}
