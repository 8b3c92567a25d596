/**
 * Signed commands (POST /api/command): reading and checking the request, verifying the EIP-712
 * signature against the chain, the once-only digest record, and what each command does.
 *
 * Verification is viem's `verifyTypedData` over CHAIN_RPC_URL: an EOA signature is recovered
 * locally first (no RPC), anything else goes through the ERC-6492 universal validator in an
 * eth_call, which covers deployed smart accounts (ERC-1271) and undeployed ones (ERC-6492
 * wrapped). The domain is built here (chain 137, the party contract of this deployment), so a
 * signature made for another chain or contract simply does not verify.
 */
import { getAddress, hashTypedData, isAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { isBytes32 } from "../ground/hex";
import { usedCommandDigests } from "../../db/app-schema";
import { db } from "../../db/client.server";
import { lt } from "drizzle-orm";
import {
  COMMAND_MAX_AGE_SECONDS,
  COMMAND_MAX_FUTURE_SECONDS,
  commandTypedData,
  decodeCommand,
  describeCommand,
  type CommandMessage,
  type CommandName,
} from "../utils/command-typed-data";
import { env, partyAddress } from "../ground/env.server";
import { chainClient } from "./chain.server";
import { purgeSessions, type Executor } from "../models/sessions.server";
import { pruneStatements } from "../models/application-statements.server";
import { telegramDataFromParams, verifyTelegramLogin, type Checked, type TelegramLogin } from "./telegram.server";
import { readLimited } from "../ground/read-limited";
import { message as keyed, type MessageValues } from "../i18n/message";
import { refused, type Refused } from "../utils/http.server";

/** Larger bodies answer 413; an ERC-6492-wrapped passkey signature is about 2 KB. */
export const MAX_COMMAND_BODY_BYTES = 64 * 1024;
const UINT64_MAX = (1n << 64n) - 1n;

/** A refusal: its English `message` (the JSON API's) and the keyed message it is made from (app/locales/<language>/refusals.ts). */
export type Failure = Refused;
/** A refusal of `refusals.command`. */
export const fail = (status: number, key: string, values?: MessageValues): Failure => refused(status, keyed(`refusals.command.${key}`, values));

/**
 * The body's problems: each message of the schema below is a key of `refusals.command` (its
 * English "<field> must …"); zod's own type problems keep zod's words ("Expected string, received
 * number"), and anything else says zod's message after the field.
 */
const PROBLEMS = new Set(["required", "signer", "bytes32", "signedAt", "uint64", "paramLong", "paramsMany", "signatureHex", "signatureLong"]);

function bodyProblem(issue: z.ZodIssue): Failure {
  const field = issue.path.join(".") || "body";
  if (PROBLEMS.has(issue.message)) return fail(400, issue.message, { field });
  if (issue.code === z.ZodIssueCode.invalid_type) return fail(400, "wrongType", { field, expected: issue.expected, received: issue.received });
  return fail(400, "invalid", { field, problem: issue.message });
}

const bodySchema = z.object({
  message: z.object(
    {
      signer: z.string({ required_error: "required" }).refine((v) => isAddress(v, { strict: false }), "signer"),
      command: z.string({ required_error: "required" }).refine(isBytes32, "bytes32"),
      signedAt: z.unknown().transform((value, ctx) => {
        const whole =
          (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) || (typeof value === "string" && /^[0-9]{1,20}$/.test(value));
        if (!whole) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "signedAt" });
          return z.NEVER;
        }
        const seconds = BigInt(value as number | string);
        if (seconds > UINT64_MAX) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "uint64" });
          return z.NEVER;
        }
        return seconds;
      }),
      params: z.array(z.string().max(2048, "paramLong"), { required_error: "required" }).max(16, "paramsMany"),
    },
    { required_error: "required" },
  ),
  signature: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, "signatureHex")
    .max(40_000, "signatureLong")
    .nullish(),
});

export type CommandRequest = {
  ok: true;
  message: CommandMessage;
  name: CommandName;
  signature: Hex | undefined;
};

/** A JSON body of at most `maxBytes` (415 when it is not sent as JSON, 413 when larger, 400 when not JSON); `what` names it in the 415. */
export async function readJsonBody(request: Request, maxBytes: number, what: "command" | "username"): Promise<{ ok: true; value: unknown } | Failure> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return fail(415, `type.${what}`);
  const text = await readLimited(request, maxBytes);
  if (text === undefined) return fail(413, "bodyTooLarge", { size: maxBytes / 1024 });
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return fail(400, "notJson");
  }
}

/** Reads the body (JSON, at most 64 KB) and checks its form, the command and the signing time. */
export async function readCommandRequest(request: Request, nowMs = Date.now()): Promise<CommandRequest | Failure> {
  const body = await readJsonBody(request, MAX_COMMAND_BODY_BYTES, "command");
  if (!body.ok) return body;
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return bodyProblem(parsed.error.issues[0]!);
  const { message: raw, signature } = parsed.data;
  const message: CommandMessage = {
    signer: getAddress(raw.signer),
    command: raw.command.toLowerCase() as Hex,
    signedAt: raw.signedAt,
    params: raw.params,
  };
  const name = decodeCommand(message.command);
  if (!name) return fail(422, "unknown", { name: describeCommand(message.command) });
  const timing = checkSignedAt(message.signedAt, nowMs);
  if (!timing.ok) return timing;
  return { ok: true, message, name, signature: (signature ?? undefined) as Hex | undefined };
}

/** A command is valid from 30 s before its signedAt to 5 minutes after. */
export function checkSignedAt(signedAt: bigint, nowMs = Date.now()): { ok: true } | Failure {
  const now = BigInt(Math.floor(nowMs / 1000));
  if (signedAt + BigInt(COMMAND_MAX_AGE_SECONDS) < now) return fail(400, "expired");
  if (signedAt > now + BigInt(COMMAND_MAX_FUTURE_SECONDS)) return fail(400, "future");
  return { ok: true };
}


/** What a command needs, checked before anyone is authenticated (nothing here touches the database). */
export type PreparedCommand =
  | { name: "log_in" }
  | { name: "log_out" }
  | { name: "register_telegram"; login: TelegramLogin }
  | { name: "set_telegram_visibility"; visible: boolean }
  | { name: "unlink_telegram" };

export function prepareCommand(name: CommandName, params: readonly string[], nowMs = Date.now()): { ok: true; command: PreparedCommand } | Failure {
  switch (name) {
    case "log_in":
    case "log_out":
    case "unlink_telegram":
      if (params.length > 0) return fail(400, "noParams", { name });
      return { ok: true, command: { name } };
    case "set_telegram_visibility": {
      if (params.length !== 1 || (params[0] !== "true" && params[0] !== "false")) {
        return fail(400, "visibilityParam");
      }
      return { ok: true, command: { name, visible: params[0] === "true" } };
    }
    case "register_telegram": {
      const data = telegramDataFromParams(params);
      if (!data.ok) return data;
      const botToken = env().TELEGRAM_BOT_TOKEN;
      if (!botToken) return refused(503, keyed("refusals.telegram.notConfigured"));
      const login: Checked<TelegramLogin> = verifyTelegramLogin(data.value, botToken, Math.floor(nowMs / 1000));
      if (!login.ok) return login;
      return { ok: true, command: { name, login: login.value } };
    }
  }
}

/** The EIP-712 digest of the command: what is recorded against replay. */
export function commandDigest(message: CommandMessage): Hex {
  return hashTypedData(commandTypedData(partyAddress(), message));
}

export type Verdict = "valid" | "invalid" | "unavailable";

/**
 * Whether `signature` is the signer's over the command. "unavailable" when the signature did not
 * verify and the chain could not be asked (a smart account cannot be checked without it).
 */
export async function verifyCommandSignature(message: CommandMessage, signature: Hex): Promise<Verdict> {
  const client = chainClient();
  try {
    const valid = await client.verifyTypedData({
      address: message.signer,
      ...commandTypedData(partyAddress(), message),
      signature,
      // ecrecover first: EOAs never wait for the RPC.
      mode: "eoa",
    });
    if (valid) return "valid";
  } catch {
    // A signature that cannot be parsed throws, and so does a failed RPC: told apart below.
  }
  // viem reports a failed eth_call as "not valid": only a chain that does not answer is "unavailable".
  try {
    await client.getChainId();
    return "invalid";
  } catch {
    return "unavailable";
  }
}

/** Records an accepted digest; false when it was accepted before (a replay). Atomic: insert or nothing. */
export async function recordDigest(executor: Executor, digest: Hex, message: CommandMessage): Promise<boolean> {
  const inserted = await executor
    .insert(usedCommandDigests)
    .values({ digest, signer: message.signer, command: describeCommand(message.command) })
    .onConflictDoNothing({ target: usedCommandDigests.digest })
    .returning({ digest: usedCommandDigests.digest });
  return inserted.length === 1;
}

/**
 * Deletes digests accepted more than an hour ago: by then their signedAt is outside the window,
 * so the time check refuses them anyway (5 min + 30 s would do; an hour is a margin).
 */
export async function purgeDigests(now = new Date()): Promise<number> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const deleted = await db().delete(usedCommandDigests).where(lt(usedCommandDigests.acceptedAt, hourAgo)).returning({ digest: usedCommandDigests.digest });
  return deleted.length;
}

const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;
let lastHousekeeping = Date.now();

/** Purges old digests and sessions, and statements past their time, at most every 10 minutes per process, in the background. */
export function housekeepSometimes(nowMs = Date.now()): void {
  if (nowMs - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
  lastHousekeeping = nowMs;
  void Promise.all([purgeDigests(), purgeSessions(), pruneStatements()]).catch((error: unknown) => {
    console.warn(`command housekeeping failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}
