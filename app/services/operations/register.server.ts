/**
 * Registering a signed user operation (POST /api/operations): validated, its subject computed
 * here from the registry (a client's subject is never taken), checked against the bundler's copy
 * when it has one, and stored as signed.
 */
import { sql } from "drizzle-orm";
import type { Hex } from "viem";
import { z } from "zod";
import { rows } from "../../../db/query.server";
import { isOperationName, operationNames, operations, subjectJson } from "../../calls";
import { address, hash32 } from "../../calls/fields";
import { inputIssue } from "../../calls/operation";
import { partyAddress } from "../../utils/env.server";
import type { OperationRecord } from "../../utils/operation-status";
import { bundledOperation } from "../bundler.server";
import { carriesCalls, COLUMNS, findRow, toRecord, type Row } from "./records.server";

const registerBody = z.object(
  {
    userOpHash: hash32("user operation hash"),
    sender: address,
    operation: z.unknown().transform((value, ctx): string => {
      if (typeof value === "string" && isOperationName(value)) return value;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: value === undefined || value === null || value === "" ? "is required" : `must be one of ${operationNames.join(", ")}`,
      });
      return z.NEVER;
    }),
    args: z.record(z.unknown(), { invalid_type_error: "must be an object" }).default({}),
    /** The hash of an earlier operation this one replaces (same sender, same nonce, fees × 1.1). */
    replaces: hash32("user operation hash").optional(),
  },
  { invalid_type_error: "must be a JSON object: { userOpHash, sender, operation, args }" },
);

export type RegisterResult =
  | { ok: true; created: boolean; record: OperationRecord }
  | { ok: false; status: 400 | 409; message: string; field?: string };

const conflict: RegisterResult = { ok: false, status: 409, field: "userOpHash", message: "userOpHash: already registered for another operation" };

/**
 * Validates and stores a signed operation (status signed). When the bundler already has the
 * operation (it was included), its sender must be `sender` and its callData must carry the calls
 * the registry builds from `args` (400 naming the field otherwise); when it does not have it yet,
 * that check happens once the operation is found in a block. Idempotent: the same hash again
 * answers the stored record (created: false); the same hash with other contents is a 409.
 */
export async function registerOperation(body: unknown): Promise<RegisterResult> {
  const parsed = registerBody.safeParse(body);
  if (!parsed.success) {
    const issue = inputIssue(parsed.error, []);
    return issue.field
      ? { ok: false, status: 400, ...issue }
      : { ok: false, status: 400, message: `The body ${parsed.error.issues[0]!.message}` };
  }
  const { userOpHash, sender, operation, args, replaces } = parsed.data;
  if (!isOperationName(operation)) throw new Error("unreachable: operation validated above");
  const prepared = operations[operation].prepare(partyAddress(), args);
  if (!prepared.ok) return { ok: false, status: 400, message: prepared.message, field: prepared.field };
  const subject = subjectJson(prepared.subject);
  const calls = prepared.calls.map(({ to, data }) => ({ to, data }));

  const same = (row: Row) =>
    row.sender === sender && row.operation === operation && JSON.stringify(sortKeys(row.subject)) === JSON.stringify(sortKeys(subject));
  const existing = await findRow(userOpHash);
  if (existing) return same(existing) ? { ok: true, created: false, record: toRecord(existing) } : conflict;

  const bundled = await bundledOperation(userOpHash);
  let verified = false;
  if (bundled && bundled !== "unavailable") {
    if (bundled.sender !== sender) return { ok: false, status: 400, field: "sender", message: `sender: the user operation's sender is ${bundled.sender}` };
    if (!carriesCalls(bundled.callData, calls)) {
      return { ok: false, status: 400, field: "args", message: `args: the user operation does not make the ${operation} call these args describe` };
    }
    verified = true;
  }

  const [inserted] = await rows<Row>(sql`
    insert into app.pending_operations (user_op_hash, sender, operation, subject, status, calls, verified_at)
    values (${userOpHash}, ${sender}, ${operation}, ${JSON.stringify(subject)}::jsonb, 'signed', ${JSON.stringify(calls)}::jsonb,
            ${verified ? sql`now()` : sql`null`})
    on conflict (user_op_hash) do nothing
    returning ${COLUMNS}`);
  if (replaces && replaces !== userOpHash) await markReplaced(replaces, userOpHash, sender);
  if (inserted) return { ok: true, created: true, record: toRecord(inserted) };
  // Registered concurrently by another request.
  const raced = await findRow(userOpHash);
  return raced && same(raced) ? { ok: true, created: false, record: toRecord(raced) } : conflict;
}

async function markReplaced(replaced: Hex, by: Hex, sender: string): Promise<void> {
  await rows(sql`
    update app.pending_operations set status = 'failed', error = ${`Replaced by ${by}`}, updated_at = now()
    where user_op_hash = ${replaced} and sender = ${sender} and status = 'signed'`);
}

function sortKeys(value: object): object {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}
