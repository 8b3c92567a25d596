/**
 * One contract operation as the app offers it: the input schema (the same one the form and the
 * action use), the builder, and what the operation is about (for pending-state display).
 */
import type { Address } from "viem";
import type { z } from "zod";
import { message, type Message } from "../i18n/message";
import { englishText, issueMessage } from "./issue";
import type { Call, Subject } from "./types";

export type OperationSpec<I> = {
  schema: z.ZodType<I, z.ZodTypeDef, unknown>;
  build: (party: Address, input: I) => Call[];
  subject: (input: I) => Subject;
};

/**
 * The first problem with an input: the dotted path of the field and what is wrong with it, in
 * English (`message`, as the JSON API answers it) and as a message for the page's language (`said`).
 */
export type InputIssue = { field: string; message: string; said: Message };

export type Prepared = { ok: true; calls: Call[]; subject: Subject } | ({ ok: false } & InputIssue);

export type Operation<I> = OperationSpec<I> & {
  /** Validates raw `args` (JSON or form values) and builds the calls; type-erased for the registry. */
  prepare(party: Address, args: unknown): Prepared;
};

/** "args.chapters.0.location: must be …": the message names the field, as the 400 answer does. */
export function inputIssue(error: z.ZodError, prefix: string[]): InputIssue {
  const issue = error.issues[0];
  const field = [...prefix, ...issue.path].join(".");
  return { field, message: englishText(message("calls.issue", { field, problem: issue.message })), said: issueMessage(issue) };
}

export function defineOperation<I>(spec: OperationSpec<I>): Operation<I> {
  return {
    ...spec,
    prepare(party, args) {
      const parsed = spec.schema.safeParse(args);
      if (!parsed.success) return { ok: false, ...inputIssue(parsed.error, ["args"]) };
      return { ok: true, calls: spec.build(party, parsed.data), subject: spec.subject(parsed.data) };
    },
  };
}
