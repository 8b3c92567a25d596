/**
 * The body of `POST /api/calls/:operation`, both ways round: `callRequestBody` for the client
 * (JSON, with bigints as decimal strings) and `readCallRequest` for the action, which also takes
 * form data with the same field names (`from`, then the args' own names; lists as repeated
 * fields or one JSON-encoded field). Web APIs only, so it runs on either side.
 */
import type { Address } from "viem";
import { z } from "zod";
import { readLimited } from "../ground/read-limited";
import { address } from "./fields";
import { guard, isPlainObject, problem } from "./issue";
import { inputIssue, type InputIssue } from "./operation";

export type CallRequest = { from: Address; args: Record<string, unknown> };
export type ReadCallRequest = ({ ok: true } & CallRequest) | { ok: false; status: 400 | 413; message: string; field?: string };

// Far above the largest sensible batch (200 chapters of founders), far below a memory problem.
export const MAX_BODY_BYTES = 1_000_000;

export function callRequestBody(request: { from: Address; args: object }): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

const envelope = guard(isPlainObject, () => problem("jsonObject")).pipe(
  z.object({
    from: address,
    args: guard(isPlainObject, () => problem("object")).pipe(z.record(z.unknown())).default({}),
  }),
);

function fromForm(form: FormData): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((v): v is string => typeof v === "string");
    args[name] = values.length === 1 ? values[0] : values;
  }
  const { from, ...rest } = args;
  return { from, args: rest };
}

const fail = (message: string, status: 400 | 413 = 400): ReadCallRequest => ({ ok: false, status, message });

export async function readCallRequest(request: Request): Promise<ReadCallRequest> {
  const type = request.headers.get("content-type") ?? "";
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === undefined) return fail(`The body must be at most ${MAX_BODY_BYTES} bytes`, 413);
  let body: unknown;
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    try {
      body = fromForm(await new Response(text, { headers: { "content-type": type } }).formData());
    } catch {
      return fail("The body is not valid form data");
    }
  } else {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return fail("The body is not valid JSON: send { from, args }");
    }
  }
  const parsed = envelope.safeParse(body);
  if (parsed.success) return { ok: true, ...parsed.data };
  const issue: InputIssue = inputIssue(parsed.error, []);
  // A non-object body has an empty path: say what is wrong without a leading ": ".
  return issue.field ? { ok: false, status: 400, ...issue } : fail(`The body ${parsed.error.issues[0].message}`);
}
