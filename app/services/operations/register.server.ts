/**
 * Registering a signed user operation (POST /api/operations): validated, its subject computed
 * here from the registry (a client's subject is never taken), proven (proof.server.ts: the
 * bundler or the chain knows the hash, with this sender and calls) and stored as signed. Nothing
 * unproven is stored.
 */
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { z } from "zod";
import { rows } from "../../../db/query.server";
import { isOperationName, operationNames, operations, subjectJson } from "../../calls";
import { address, hash32 } from "../../calls/fields";
import { inputIssue } from "../../calls/operation";
import { partyAddress } from "../../ground/env.server";
import type { OperationRecord } from "../../utils/operation-status";
import { replaced as replacedBy } from "../../utils/operation-messages";
import { clickTime } from "./outcome.server";
import { proveOperation } from "./proof.server";
import { COLUMNS, findRow, storedError, toRecord, type Row } from "./records.server";
import { pruneOperations } from "./retention.server";
import { userOperationSchema } from "./user-operation.server";

const registerBody = z.object(
  {
    userOpHash: hash32("user operation hash"),
    sender: address,
    operation: z.unknown().transform((value, ctx): string => {
      if (typeof value === "string" && isOperationName(value)) return value;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: value === undefined || value === null || value === "" ? "is required" : `must be one of ${operationNames().join(", ")}`,
      });
      return z.NEVER;
    }),
    args: z.record(z.unknown(), { invalid_type_error: "must be an object" }).default({}),
    /** The hash of an earlier operation this one replaces (same sender, same nonce, fees × 1.1). */
    replaces: hash32("user operation hash").optional(),
    /** The signed operation as sent with eth_sendUserOperation: proves a hash the bundler holds but cannot show yet. */
    userOperation: userOperationSchema.optional(),
    /** When the member clicked (ms since 1970, the browser's clock), for analytics; an implausible time becomes the registration time. */
    clickedAt: z.number({ invalid_type_error: "must be a time in milliseconds since 1970" }).int("must be a whole number of milliseconds").nonnegative("must be a time in milliseconds since 1970").optional(),
  },
  { invalid_type_error: "must be a JSON object: { userOpHash, sender, operation, args }" },
);

export type RegisterResult =
  | { ok: true; created: boolean; record: OperationRecord }
  | { ok: false; status: 400 | 409 | 503; message: string; field?: string };

const conflict: RegisterResult = { ok: false, status: 409, field: "userOpHash", message: "userOpHash: already registered for another operation" };

/**
 * Validates, proves and stores a signed operation (status signed): the bundler or the chain must
 * know `userOpHash` with `sender` as its sender and a callData that carries the calls the registry
 * builds from `args` (400 naming the field otherwise; 503 when the bundler cannot be reached).
 * `replaces` must name a registered operation of the same sender, which then fails. Idempotent:
 * the same hash again answers the stored record (created: false); the same hash with other
 * contents is a 409. Each new record also clears out a few records past their retention.
 */
export async function registerOperation(body: unknown): Promise<RegisterResult> {
  const parsed = registerBody.safeParse(body);
  if (!parsed.success) {
    const issue = inputIssue(parsed.error, []);
    return issue.field
      ? { ok: false, status: 400, ...issue }
      : { ok: false, status: 400, message: `The body ${parsed.error.issues[0]!.message}` };
  }
  const { userOpHash, sender, operation, args, replaces, userOperation, clickedAt } = parsed.data;
  if (!isOperationName(operation)) throw new Error("unreachable: operation validated above");
  const prepared = operations[operation].prepare(partyAddress(), args);
  if (!prepared.ok) return { ok: false, status: 400, message: prepared.message, field: prepared.field };
  const subject = subjectJson(prepared.subject);
  const calls = prepared.calls.map(({ to, data }) => ({ to, data }));

  const same = (row: Row) =>
    row.sender === sender && row.operation === operation && JSON.stringify(sortKeys(row.subject)) === JSON.stringify(sortKeys(subject));
  const existing = await findRow(userOpHash);
  if (existing) return same(existing) ? { ok: true, created: false, record: toRecord(existing) } : conflict;

  const refused = (await proveOperation({ userOpHash, sender, operation, calls, userOperation })) ?? (replaces ? await replaceable(replaces, userOpHash, sender) : undefined);
  if (refused) return refused;

  const [inserted] = await rows<Row>(sql`
    insert into app.pending_operations (user_op_hash, sender, operation, subject, status, calls, verified_at, clicked_at)
    values (${userOpHash}, ${sender}, ${operation}, ${JSON.stringify(subject)}::jsonb, 'signed', ${JSON.stringify(calls)}::jsonb, now(),
      ${clickTime(clickedAt, Date.now()).toISOString()})
    on conflict (user_op_hash) do nothing
    returning ${COLUMNS}`);
  if (replaces) await markReplaced(replaces, userOpHash, sender);
  if (inserted) {
    await pruneOperations();
    return { ok: true, created: true, record: toRecord(inserted) };
  }
  // Registered concurrently by another request.
  const raced = await findRow(userOpHash);
  return raced && same(raced) ? { ok: true, created: false, record: toRecord(raced) } : conflict;
}

/** `replaces` names another registered operation of the same (proven) sender; else the 400 that says why not. */
async function replaceable(replaced: Hex, by: Hex, sender: Address): Promise<RegisterResult | undefined> {
  if (replaced === by) return { ok: false, status: 400, field: "replaces", message: "replaces: an operation cannot replace itself" };
  const row = await findRow(replaced);
  if (row?.sender === sender) return undefined;
  return { ok: false, status: 400, field: "replaces", message: `replaces: ${sender} has no registered operation ${replaced}` };
}

async function markReplaced(replaced: Hex, by: Hex, sender: Address): Promise<void> {
  await rows(sql`
    update app.pending_operations set status = 'failed', error = ${storedError(replacedBy(by))}::jsonb, updated_at = now()
    where user_op_hash = ${replaced} and sender = ${sender} and status = 'signed'`);
}

function sortKeys(value: object): object {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}
