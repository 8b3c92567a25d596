/**
 * One operation as the app offers it, everything that differs between two operations in one
 * entry of app/calls/index.ts: the input schema (the same one the form and the action use), the
 * builder, what it is about, the badge a pending one shows, its analytics event, and who is
 * offered its control. `partyFunction` is the builder of an operation that is one call of the
 * party contract.
 */
import { encodeFunctionData, getAddress, type Address, type ContractFunctionArgs, type ContractFunctionName, type EncodeFunctionDataParameters } from "viem";
import type { z } from "zod";
import { partyAbi } from "../../abis/party";
import { message, type Message } from "../i18n/message";
import type en from "../locales/en/common";
import type { AnalyticsEvent } from "../ground/analytics-events";
import type { Audience } from "../ground/audience";
import { englishText, issueMessage } from "./issue";
import type { Call, StoredSubject, Subject } from "./types";

/** A key of the `pending` messages ("pending.application"): the badge's text. */
export type BadgeKey = Exclude<keyof (typeof en)["pending"], "other">;

export type OperationSpec<I> = {
  schema: z.ZodType<I, z.ZodTypeDef, unknown>;
  /** The calls it sends: none for an empty batch. */
  build: (party: Address, input: I) => Call[];
  /** What it is about, the rows its pending badge shows on; by default the input's own chapterId, evaluationId, account, accounts and approved. */
  subject?: (input: I) => Subject;
  /** The badge it shows on those rows while pending (of its stored subject when it depends on it); by default "<operation> pending". */
  badge?: BadgeKey | ((subject: StoredSubject) => BadgeKey);
  /** The analytics event it sends when it ends; by default "operation ended" (app/services/operations/outcome.server.ts). */
  event?: Exclude<AnalyticsEvent, "signed in" | "command sent" | "operation ended">;
  /** Who is offered its control: a hint, the contract decides (app/utils/viewer.ts). */
  who: Audience;
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

const SUBJECT_FIELDS = ["chapterId", "evaluationId", "account", "accounts", "approved"] as const;
const ownSubject = (input: unknown): Subject =>
  Object.fromEntries(SUBJECT_FIELDS.flatMap((field) => (typeof input === "object" && input !== null && field in input ? [[field, (input as Subject)[field]]] : [])));

export function defineOperation<I>(spec: OperationSpec<I>): Operation<I> {
  const subject = spec.subject ?? ownSubject;
  return {
    ...spec,
    prepare(party, args) {
      const parsed = spec.schema.safeParse(args);
      if (!parsed.success) return { ok: false, ...inputIssue(parsed.error, ["args"]) };
      return { ok: true, calls: spec.build(party, parsed.data), subject: subject(parsed.data) };
    },
  };
}

type PartyFunction = ContractFunctionName<typeof partyAbi, "nonpayable">;
type PartyArgs<F extends PartyFunction> = ContractFunctionArgs<typeof partyAbi, "nonpayable", F>;

/** One call of the party contract (no party function is payable, so it carries no value). */
export function partyCall<F extends PartyFunction>(party: Address, functionName: F, args: PartyArgs<F>): Call {
  const data = encodeFunctionData({ abi: partyAbi, functionName, args } as EncodeFunctionDataParameters);
  return { to: getAddress(party), data, value: 0n };
}

/** The builder of an operation that is one call of `functionName`, its arguments made from the input; null sends nothing (an empty batch). */
export const partyFunction =
  <F extends PartyFunction, I, const A extends PartyArgs<F>>(functionName: F, args: (input: I) => A | null) =>
  (party: Address, input: I): Call[] => {
    const made = args(input);
    return made === null ? [] : [partyCall(party, functionName, made)];
  };
